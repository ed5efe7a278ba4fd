// SPDX-License-Identifier: GPL-3.0-or-later
import CardStackCore
import Foundation
import CardStackTestSupport
import XCTest

@testable import CardStackStore

/// How long 100,000 events take to write, check and replay; run on demand, since it takes a while
/// and timings on a shared machine make a poor pass/fail test:
///
///     CARDSTACK_STORE_TIMING=1 swift test -c release -Xswiftc -enable-testing --filter ReplayTimingTests
final class ReplayTimingTests: XCTestCase {
    /// Events written: a heavy user's whole history with one deck.
    static let eventCount = 100_000
    /// The replay budget in seconds: the deck must appear without a noticeable wait at launch.
    static let replayBudget: TimeInterval = 0.5

    func testReplayingAHundredThousandEvents() throws {
        guard ProcessInfo.processInfo.environment["CARDSTACK_STORE_TIMING"] == "1" else {
            throw XCTSkip("set CARDSTACK_STORE_TIMING=1 to measure")
        }
        let url = try makeTemporaryFolder().appendingPathComponent("decisions.sqlite")
        let deck = Fixture.deck(count: 1000)
        var session = RecordingSession(store: try DecisionStore(url: url), deck: deck)
        var random = SeededGenerator(seed: 100_000)
        let writeStart = Date()
        while session.eventCount < Self.eventCount {
            let roll = Int.random(in: 0..<1000, using: &random)
            let direction = SwipeDirection.allCases.randomElement(using: &random) ?? .right
            switch roll {
            case 0..<600: if !(try session.decide(direction)) { try session.restart() }
            case 600..<800: try session.undo()
            case 800..<990: try session.redo()
            case 990..<999: try session.review(direction)
            default: try session.restart()
            }
        }
        let writeTime = Date().timeIntervalSince(writeStart)

        let openStart = Date()
        let store = try DecisionStore(url: url)
        let openTime = Date().timeIntervalSince(openStart)
        let replayStart = Date()
        let progress = try store.progress(for: deck, key: Fixture.key)
        let replayTime = Date().timeIntervalSince(replayStart)
        let size = try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int ?? 0

        XCTAssertEqual(progress.decisions, session.progress.decisions)
        print("""
            ReplayTimingTests: \(Self.eventCount) events, \(progress.decidedCount) decisions in force, \
            database \(size / 1024) KiB; write \(String(format: "%.1f", writeTime * 1e6 / Double(Self.eventCount))) µs/event, \
            open + quick_check \(String(format: "%.3f", openTime)) s, replay \(String(format: "%.3f", replayTime)) s
            """)
        XCTAssertLessThan(replayTime, Self.replayBudget)
    }
}
