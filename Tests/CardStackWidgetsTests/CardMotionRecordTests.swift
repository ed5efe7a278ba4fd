// SPDX-License-Identifier: GPL-3.0-or-later
import XCTest

@testable import CardStackWidgets

/// Telling a card moving up the stack (its face drawn into pixels at once under cairo) from one at rest.
final class CardMotionRecordTests: XCTestCase {
    func testACardIsMovingOnlyWhenItsScaleChangedSinceTheLastFrame() {
        var record = CardMotionRecord()
        record.beginFrame()
        XCTAssertFalse(record.draws(3, at: 0.9), "first shown: at rest")
        record.beginFrame()
        XCTAssertFalse(record.draws(3, at: 0.9), "same scale: at rest")
        record.beginFrame()
        XCTAssertTrue(record.draws(3, at: 0.93), "scale changed: moving")
        record.beginFrame()
        XCTAssertTrue(record.draws(3, at: 0.95))
        record.beginFrame()
        XCTAssertFalse(record.draws(3, at: 0.95), "settled")
    }

    func testOnlyTheLastFrameCounts() {
        var record = CardMotionRecord()
        record.beginFrame()
        XCTAssertFalse(record.draws(1, at: 0.85))
        XCTAssertFalse(record.draws(2, at: 0.9))
        record.beginFrame()
        XCTAssertFalse(record.draws(2, at: 0.9))
        // Card 1 was not drawn in this frame, so when it shows again it has just come back, not moved.
        record.beginFrame()
        XCTAssertFalse(record.draws(1, at: 0.95))
        XCTAssertTrue(record.draws(2, at: 0.95))
    }
}
