// SPDX-License-Identifier: GPL-3.0-or-later
import CardStackCore
import XCTest

/// The rate a read goes at between two looks, and what it says of the rest.
final class DeckLoadForecastTests: XCTestCase {
    typealias Snapshot = DeckLoadProgress.Snapshot

    func testTheRestAtTheRateBetweenTwoLooks() throws {
        // A read that spent its first 30 ms opening the file, then 10 MB in 20 ms: the rest of 290 MB at that
        // rate, not at the rate since the read began.
        let forecast = DeckLoadForecast(from: Snapshot(stage: .readingFile, done: 2_000_000, total: 290_000_000), at: 0.050)
        let remaining = try XCTUnwrap(forecast.remaining(Snapshot(stage: .readingFile, done: 12_000_000, total: 290_000_000), at: 0.070))
        XCTAssertEqual(remaining, 0.556, accuracy: 0.001)
        XCTAssertEqual(forecast.remaining(Snapshot(stage: .readingFile, done: 290_000_000, total: 290_000_000), at: 0.1), 0)
    }

    func testNothingIsForetoldWithoutARate() {
        let forecast = DeckLoadForecast(from: Snapshot(stage: .readingFile, done: 100, total: 1_000), at: 1)
        XCTAssertNil(forecast.remaining(Snapshot(stage: .readingFile, done: 100, total: 1_000), at: 2), "nothing counted since")
        XCTAssertNil(forecast.remaining(Snapshot(stage: .readingFile, done: 200, total: 1_000), at: 1), "no time passed")
        XCTAssertNil(forecast.remaining(Snapshot(stage: .readingFiles, done: 200, total: 1_000), at: 2), "another stage")
        XCTAssertNil(forecast.remaining(Snapshot(stage: .readingFile, done: 200, total: 2_000), at: 2), "another total")
        let listing = DeckLoadForecast(from: Snapshot(stage: .listingFolder, done: 10, total: 0), at: 1)
        XCTAssertNil(listing.remaining(Snapshot(stage: .listingFolder, done: 500, total: 0), at: 2), "a total not known yet")
    }
}
