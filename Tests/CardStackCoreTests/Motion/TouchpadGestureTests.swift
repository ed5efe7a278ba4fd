// SPDX-License-Identifier: GPL-3.0-or-later
import XCTest
@testable import CardStackCore

final class TouchpadGestureTests: XCTestCase {
    private let start: Microseconds = 5_000_000

    func testASwipeWithoutItsEndEndsAfterASilenceAtItsDeadline() {
        var gesture = TouchpadGesture()
        gesture.begin(at: start)
        for step in 1...10 {
            XCTAssertEqual(gesture.report(at: start + Microseconds(step) * 16_000, fromTouchpad: true), .moved)
        }
        let last = start + 160_000
        XCTAssertNil(gesture.endIfSilent(at: last + TouchpadGesture.silenceTimeout - 1), "still within the silence allowed")
        XCTAssertTrue(gesture.isActive)
        XCTAssertEqual(gesture.endIfSilent(at: last + 1_000_000), last + TouchpadGesture.silenceTimeout, "ended at its deadline, however late the check")
        XCTAssertFalse(gesture.isActive)
        XCTAssertNil(gesture.endIfSilent(at: last + 2_000_000), "ends once")
        XCTAssertEqual(gesture.report(at: last + 1_100_000, fromTouchpad: false), .ignored, "a wheel after it starts nothing")
    }

    func testReportsKeepASlowSwipeAliveAndTheEndEndsItOnce() {
        var gesture = TouchpadGesture()
        gesture.begin(at: start)
        var time = start
        for _ in 0..<20 {
            time += TouchpadGesture.silenceTimeout / 2
            XCTAssertEqual(gesture.report(at: time, fromTouchpad: true), .moved)
            XCTAssertNil(gesture.endIfSilent(at: time + 1), "a slow hand is never cut off")
        }
        XCTAssertEqual(gesture.deadline, time + TouchpadGesture.silenceTimeout)
        XCTAssertTrue(gesture.end())
        XCTAssertFalse(gesture.end(), "scroll-end after another pointer took over changes nothing")
        XCTAssertNil(gesture.deadline)
    }

    func testAWheelNeverStartsASwipe() {
        var gesture = TouchpadGesture()
        XCTAssertEqual(gesture.report(at: start, fromTouchpad: false), .ignored, "a wheel sends no scroll-begin")
        XCTAssertFalse(gesture.isActive)
        XCTAssertNil(gesture.endIfSilent(at: start + 10_000_000))
        XCTAssertFalse(gesture.end())
    }

    /// GTK never saw the end of a swipe ended by silence and sends no `scroll-begin` for the next one: its
    /// first motion begins it, and it ends by its own lift or silence like any other.
    func testMotionAfterASilenceBeginsANewSwipe() {
        var gesture = TouchpadGesture()
        gesture.begin(at: start)
        XCTAssertEqual(gesture.report(at: start + 16_000, fromTouchpad: true), .moved)
        let silent = gesture.endIfSilent(at: start + 1_000_000)
        XCTAssertEqual(silent, start + 16_000 + TouchpadGesture.silenceTimeout)
        let next = start + 2_000_000
        XCTAssertEqual(gesture.report(at: next, fromTouchpad: true), .began, "the next motion is a new swipe")
        XCTAssertEqual(gesture.report(at: next + 16_000, fromTouchpad: true), .moved)
        XCTAssertEqual(gesture.deadline, next + 16_000 + TouchpadGesture.silenceTimeout)
        XCTAssertTrue(gesture.end(), "its lift ends it")
        XCTAssertEqual(gesture.report(at: next + 32_000, fromTouchpad: true), .ignored, "after a lift, GTK begins the next one")
    }

    func testTheRestOfASwipeAnotherPointerTookOverMovesNothing() {
        var gesture = TouchpadGesture()
        gesture.begin(at: start)
        XCTAssertTrue(gesture.end())
        XCTAssertEqual(gesture.report(at: start + 16_000, fromTouchpad: true), .ignored)
        XCTAssertFalse(gesture.isActive)
    }
}
