// SPDX-License-Identifier: GPL-3.0-or-later
import XCTest
@testable import CardStackCore

final class TouchpadGestureTests: XCTestCase {
    private let start: Microseconds = 5_000_000

    func testASwipeWithoutItsEndEndsAfterASilenceAtItsDeadline() {
        var gesture = TouchpadGesture()
        gesture.begin(at: start)
        for step in 1...10 {
            XCTAssertTrue(gesture.report(at: start + Microseconds(step) * 16_000))
        }
        let last = start + 160_000
        XCTAssertNil(gesture.endIfSilent(at: last + TouchpadGesture.silenceTimeout - 1), "still within the silence allowed")
        XCTAssertTrue(gesture.isActive)
        XCTAssertEqual(gesture.endIfSilent(at: last + 1_000_000), last + TouchpadGesture.silenceTimeout, "ended at its deadline, however late the check")
        XCTAssertFalse(gesture.isActive)
        XCTAssertFalse(gesture.report(at: last + 1_100_000), "a stray report after the end moves nothing")
        XCTAssertNil(gesture.endIfSilent(at: last + 2_000_000), "ends once")
    }

    func testReportsKeepASlowSwipeAliveAndTheEndEndsItOnce() {
        var gesture = TouchpadGesture()
        gesture.begin(at: start)
        var time = start
        for _ in 0..<20 {
            time += TouchpadGesture.silenceTimeout / 2
            XCTAssertTrue(gesture.report(at: time))
            XCTAssertNil(gesture.endIfSilent(at: time + 1), "a slow hand is never cut off")
        }
        XCTAssertEqual(gesture.deadline, time + TouchpadGesture.silenceTimeout)
        XCTAssertTrue(gesture.end())
        XCTAssertFalse(gesture.end(), "scroll-end after another pointer took over changes nothing")
        XCTAssertNil(gesture.deadline)
    }

    func testAWheelNeverStartsASwipe() {
        var gesture = TouchpadGesture()
        XCTAssertFalse(gesture.report(at: start), "a wheel sends no scroll-begin")
        XCTAssertFalse(gesture.isActive)
        XCTAssertNil(gesture.endIfSilent(at: start + 10_000_000))
        XCTAssertFalse(gesture.end())
    }
}
