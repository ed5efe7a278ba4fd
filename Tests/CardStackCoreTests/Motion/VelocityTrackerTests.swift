// SPDX-License-Identifier: GPL-3.0-or-later

import XCTest
@testable import CardStackCore

final class VelocityTrackerTests: XCTestCase {
    private let start = FrameSchedule.origin
    private let eventInterval: Microseconds = 8_000

    func testWindowIsLibadwaitas150Milliseconds() {
        XCTAssertEqual(VelocityTracker.window, 150_000)
    }

    func testConstantVelocitySamplesGiveThatVelocity() {
        var tracker = VelocityTracker()
        for index in 0...40 {
            let elapsed = Double(Microseconds(index) * eventInterval) / 1_000_000
            tracker.add(Point(x: 10 + 800 * elapsed, y: 20 - 300 * elapsed), at: start + Microseconds(index) * eventInterval)
        }
        let velocity = tracker.velocity(at: start + 40 * eventInterval)
        XCTAssertEqual(velocity.x, 800, accuracy: 1e-9)
        XCTAssertEqual(velocity.y, -300, accuracy: 1e-9)
    }

    func testSamplesOlderThanTheWindowAreIgnored() {
        var tracker = VelocityTracker()
        // 0–100 ms: slow, 100 px/s. 100–400 ms: fast, 1000 px/s. Only the last 150 ms count.
        var position = 0.0
        var time = start
        tracker.add(Point(x: position, y: 0), at: time)
        for _ in 0..<10 {
            time += 10_000
            position += 1
            tracker.add(Point(x: position, y: 0), at: time)
        }
        for _ in 0..<30 {
            time += 10_000
            position += 10
            tracker.add(Point(x: position, y: 0), at: time)
        }
        XCTAssertEqual(tracker.velocity(at: time).x, 1_000, accuracy: 1e-9)
        // Samples before 250 ms were dropped when later ones arrived, so an earlier query finds
        // nothing left in its window.
        XCTAssertEqual(tracker.velocity(at: start + 170_000), .zero)
    }

    func testWindowStraddlingASpeedChange() {
        var tracker = VelocityTracker()
        // x = 1 px per 10 ms up to 100 ms, then 10 px per 10 ms up to 170 ms.
        for index in 0...17 {
            let x = index <= 10 ? Double(index) : 10 + Double(index - 10) * 10
            tracker.add(Point(x: x, y: 0), at: start + Microseconds(index) * 10_000)
        }
        // Window [20, 170] ms: from x = 2 to x = 80 in 0.15 s.
        XCTAssertEqual(tracker.velocity(at: start + 170_000).x, 78 / 0.15, accuracy: 1e-9)
    }

    func testOnlySamplesInsideTheQueriedWindowCount() {
        var tracker = VelocityTracker()
        tracker.add(Point(x: 0, y: 0), at: start)
        tracker.add(Point(x: 10, y: 0), at: start + 50_000)
        tracker.add(Point(x: 100, y: 0), at: start + 100_000)
        // At 50 ms only the first two samples are at or before the query time.
        XCTAssertEqual(tracker.velocity(at: start + 50_000).x, 200, accuracy: 1e-9)
        // At 200 ms the first sample is older than 150 ms: (100 − 10) / 0.05 s.
        XCTAssertEqual(tracker.velocity(at: start + 200_000).x, 1_800, accuracy: 1e-9)
    }

    func testPauseBeforeReleaseGivesZero() {
        var tracker = VelocityTracker()
        for index in 0...10 {
            tracker.add(Point(x: Double(index) * 20, y: 0), at: start + Microseconds(index) * 10_000)
        }
        XCTAssertNotEqual(tracker.velocity(at: start + 100_000), .zero)
        XCTAssertEqual(tracker.velocity(at: start + 300_000), .zero)
    }

    func testAReleaseWhereTheLastMoveLeftThePointerKeepsItsVelocity() {
        // 60 pt in 30 ms, then the finger lifts where it was: the lift comes 25 ms late from a busy compositor.
        var tracker = VelocityTracker()
        for index in 0...3 { tracker.add(Point(x: Double(index) * 20, y: 0), at: start + Microseconds(index) * 10_000) }
        var late = tracker
        XCTAssertEqual(late.release(at: Point(x: 60, y: 0), time: start + 55_000).x, 2_000, accuracy: 1e-9, "the moves' speed, not 60 pt in 55 ms")
        // Still for longer than a pause: the wait counts, and a whole window of it reads as still.
        var held = tracker
        XCTAssertEqual(held.release(at: Point(x: 60, y: 0), time: start + 30_000 + VelocityTracker.releasePause + 1).x, 60 / 0.070_001, accuracy: 1e-6)
        var stopped = tracker
        XCTAssertEqual(stopped.release(at: Point(x: 60, y: 0), time: start + 300_000), .zero)
        // A release that moved is a sample of its own.
        var moved = tracker
        XCTAssertEqual(moved.release(at: Point(x: 80, y: 0), time: start + 40_000).x, 2_000, accuracy: 1e-9)
    }

    func testFewerThanTwoSamplesGiveZero() {
        var tracker = VelocityTracker()
        XCTAssertEqual(tracker.velocity(at: start), .zero)
        tracker.add(Point(x: 5, y: 5), at: start)
        XCTAssertEqual(tracker.velocity(at: start), .zero)
        XCTAssertEqual(tracker.velocity(at: start + 10_000), .zero)
    }

    func testSamplesAtTheSameTimeGiveZero() {
        var tracker = VelocityTracker()
        tracker.add(Point(x: 0, y: 0), at: start)
        tracker.add(Point(x: 50, y: 0), at: start)
        XCTAssertEqual(tracker.velocity(at: start), .zero)
    }

    func testTimeGoingBackwardsIsIgnored() {
        var tracker = VelocityTracker()
        tracker.add(Point(x: 0, y: 0), at: start)
        tracker.add(Point(x: 10, y: 0), at: start + 10_000)
        tracker.add(Point(x: 9_999, y: 9_999), at: start + 5_000)
        let velocity = tracker.velocity(at: start + 10_000)
        XCTAssertEqual(velocity.x, 1_000, accuracy: 1e-9)
        XCTAssertEqual(velocity.y, 0)
    }

    func testResetForgetsSamples() {
        var tracker = VelocityTracker()
        tracker.add(Point(x: 0, y: 0), at: start)
        tracker.add(Point(x: 10, y: 0), at: start + 10_000)
        tracker.reset()
        tracker.add(Point(x: 500, y: 0), at: start + 20_000)
        XCTAssertEqual(tracker.velocity(at: start + 20_000), .zero)
    }
}
