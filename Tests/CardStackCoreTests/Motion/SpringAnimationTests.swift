// SPDX-License-Identifier: GPL-3.0-or-later

import XCTest
@testable import CardStackCore

final class SpringAnimationTests: XCTestCase {
    private let start = FrameSchedule.origin
    private let halfSecond: Microseconds = 500_000

    func testStartsAtItsInitialState() {
        let animation = SpringAnimation(
            from: 10, to: 90, initialVelocity: -40, parameters: .swiftUIDefault, startTime: start
        )
        XCTAssertEqual(animation.value(at: start), 10)
        XCTAssertEqual(animation.velocity(at: start), -40)
        XCTAssertEqual(animation.value(at: start - 5_000), 10)
        XCTAssertEqual(animation.target, 90)
        XCTAssertFalse(animation.isSettled(at: start))
    }

    func testEndTimeFollowsEstimatedDurationAndRestsExactlyOnTarget() {
        let animation = SpringAnimation(from: 0, to: 100, parameters: .libadwaitaBottomSheet, startTime: start)
        let duration = animation.spring.estimatedDuration
        XCTAssertEqual(Double(animation.endTime - start), (duration * 1_000_000).rounded(.up))
        XCTAssertFalse(animation.isSettled(at: animation.endTime - 1))
        XCTAssertTrue(animation.isSettled(at: animation.endTime))
        XCTAssertTrue(animation.spring.isSettled(at: Double(animation.endTime - start) / 1_000_000))
        XCTAssertEqual(animation.value(at: animation.endTime), 100)
        XCTAssertEqual(animation.velocity(at: animation.endTime), 0)
    }

    func testUndampedAnimationNeverEnds() {
        let animation = SpringAnimation(
            from: 0, to: 1, parameters: SpringParameters(mass: 1, stiffness: 10, damping: 0), startTime: start
        )
        XCTAssertEqual(animation.endTime, .max)
        XCTAssertFalse(animation.isSettled(at: start + 1_000_000_000_000))
    }

    /// Re-aiming at the same target every frame must trace the same curve as one segment.
    func testSteppingAtFrameRatesMatchesOneStep() {
        let end = start + halfSecond
        let reference = SpringAnimation(
            from: 0, to: 300, initialVelocity: 1_200, parameters: .swiftUIDefault, startTime: start
        )
        for hertz in [30.0, 60.0, 144.0] {
            var stepped = reference
            for time in FrameSchedule.frames(from: start, to: end, hertz: hertz) {
                stepped.retarget(to: 300, at: time)
            }
            XCTAssertEqual(stepped.value(at: end), reference.value(at: end), accuracy: 1e-9 * 300, "\(hertz) Hz")
            XCTAssertEqual(stepped.velocity(at: end), reference.velocity(at: end), accuracy: 1e-9 * 300, "\(hertz) Hz")
        }
    }

    func testRetargetKeepsValueAndVelocityContinuous() {
        var animation = SpringAnimation(from: 0, to: 100, parameters: .swiftUIDefault, startTime: start)
        let retargetTime = start + 120_000
        let valueBefore = animation.value(at: retargetTime)
        let velocityBefore = animation.velocity(at: retargetTime)
        XCTAssertGreaterThan(abs(velocityBefore), 10, "still moving when retargeted")

        animation.retarget(to: -50, at: retargetTime)

        XCTAssertEqual(animation.value(at: retargetTime), valueBefore, accuracy: 1e-9)
        XCTAssertEqual(animation.velocity(at: retargetTime), velocityBefore, accuracy: 1e-9)
        XCTAssertEqual(animation.target, -50)
        XCTAssertEqual(animation.startTime, retargetTime)
        XCTAssertEqual(animation.spring.parameters, .swiftUIDefault)
        // One microsecond either side the value moves by about velocity × 1 µs, no jump.
        let after = animation.value(at: retargetTime + 1)
        XCTAssertEqual(after, valueBefore + velocityBefore * 1e-6, accuracy: 1e-6)
    }

    func testRetargetWithNewParametersKeepsValueAndVelocityContinuous() {
        var animation = SpringAnimation(
            from: 500, to: 0, initialVelocity: 250, parameters: .libadwaitaBottomSheet, startTime: start
        )
        let retargetTime = start + 80_000
        let valueBefore = animation.value(at: retargetTime)
        let velocityBefore = animation.velocity(at: retargetTime)

        animation.retarget(to: 200, parameters: .libadwaitaNavigation, at: retargetTime)

        XCTAssertEqual(animation.value(at: retargetTime), valueBefore, accuracy: 1e-9)
        XCTAssertEqual(animation.velocity(at: retargetTime), velocityBefore, accuracy: 1e-9)
        XCTAssertEqual(animation.spring.parameters, .libadwaitaNavigation)
        XCTAssertTrue(animation.isSettled(at: animation.endTime))
        XCTAssertEqual(animation.value(at: animation.endTime), 200)
    }

    func testRetargetAfterRestStartsFromTarget() {
        var animation = SpringAnimation(from: 0, to: 10, parameters: .libadwaitaNavigation, startTime: start)
        let later = animation.endTime + 1_000_000
        animation.retarget(to: 20, at: later)
        XCTAssertEqual(animation.value(at: later), 10)
        XCTAssertEqual(animation.velocity(at: later), 0)
    }
}
