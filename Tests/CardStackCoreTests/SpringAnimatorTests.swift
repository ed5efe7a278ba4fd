// SPDX-License-Identifier: GPL-3.0-or-later

import XCTest
@testable import CardStackCore

final class SpringAnimatorTests: XCTestCase {
    private enum Property: Hashable, Sendable {
        case offsetX, offsetY, rotation, scale
    }

    private let start = FrameSchedule.origin

    private func makeAnimator() -> SpringAnimator<Property> {
        var animator = SpringAnimator<Property>()
        animator.animate(.offsetX, to: 400, from: 0, velocity: 2_500, parameters: .swiftUIDefault, at: start)
        animator.animate(.offsetY, to: -80, from: 30, parameters: .libadwaitaBottomSheet, at: start)
        // Settles well before 0.5 s, so stepping drops it on the way.
        animator.animate(.rotation, to: 0, from: 0.2, parameters: .libadwaitaNavigation, at: start)
        animator.set(.scale, to: 1)
        return animator
    }

    func testSteppingAtFrameRatesMatchesOneStep() {
        let end = start + 500_000
        var oneStep = makeAnimator()
        oneStep.advance(to: end)
        for hertz in [30.0, 60.0, 144.0] {
            var stepped = makeAnimator()
            for time in FrameSchedule.frames(from: start, to: end, hertz: hertz) {
                stepped.advance(to: time)
            }
            for property in [Property.offsetX, .offsetY, .rotation, .scale] {
                XCTAssertEqual(stepped.value(of: property, at: end), oneStep.value(of: property, at: end), "\(property) at \(hertz) Hz")
                XCTAssertEqual(stepped.velocity(of: property, at: end), oneStep.velocity(of: property, at: end), "\(property) at \(hertz) Hz")
            }
            XCTAssertEqual(stepped.isAnimating, oneStep.isAnimating)
        }
        XCTAssertEqual(oneStep.value(of: .rotation, at: end), 0)
        XCTAssertTrue(oneStep.isAnimating, "offsetX is still moving at 0.5 s")
    }

    func testFirstAnimationWithoutFromStartsAtTarget() {
        var animator = SpringAnimator<Property>()
        animator.animate(.scale, to: 1.5, parameters: .swiftUIDefault, at: start)
        XCTAssertEqual(animator.value(of: .scale, at: start), 1.5)
        XCTAssertFalse(animator.isAnimating)
    }

    func testAnimatingAgainContinuesFromCurrentValueAndVelocity() {
        var animator = SpringAnimator<Property>()
        animator.animate(.offsetX, to: 100, from: 0, parameters: .swiftUIDefault, at: start)
        let time = start + 100_000
        let valueBefore = animator.value(of: .offsetX, at: time)
        let velocityBefore = animator.velocity(of: .offsetX, at: time)

        animator.animate(.offsetX, to: -100, parameters: .swiftUIInteractive, at: time)

        guard let valueBefore, let valueAfter = animator.value(of: .offsetX, at: time) else {
            return XCTFail("offsetX has no value")
        }
        XCTAssertEqual(valueAfter, valueBefore, accuracy: 1e-9)
        XCTAssertEqual(animator.velocity(of: .offsetX, at: time), velocityBefore, accuracy: 1e-9)
        XCTAssertTrue(animator.isAnimating)
    }

    func testExplicitFromAndVelocityOverrideTheCurrentState() {
        var animator = SpringAnimator<Property>()
        animator.animate(.offsetX, to: 100, from: 0, parameters: .swiftUIDefault, at: start)
        let time = start + 100_000
        animator.animate(.offsetX, to: 100, from: 50, velocity: -300, parameters: .swiftUIDefault, at: time)
        XCTAssertEqual(animator.value(of: .offsetX, at: time), 50)
        XCTAssertEqual(animator.velocity(of: .offsetX, at: time), -300)
    }

    func testRepeatingTheSameTargetChangesNothing() {
        var animator = SpringAnimator<Property>()
        animator.animate(.offsetX, to: 100, from: 0, parameters: .swiftUIDefault, at: start)
        let probe = start + 300_000
        let expected = animator.value(of: .offsetX, at: probe)
        for frame in 1...10 {
            animator.animate(.offsetX, to: 100, parameters: .swiftUIDefault, at: start + Microseconds(frame) * 16_667)
        }
        XCTAssertEqual(animator.value(of: .offsetX, at: probe), expected)
    }

    func testAdvanceDropsSettledAnimationsAtTheirTarget() {
        var animator = SpringAnimator<Property>()
        animator.animate(.offsetY, to: 64, from: 0, parameters: .libadwaitaNavigation, at: start)
        XCTAssertTrue(animator.advance(to: start + 16_667))
        XCTAssertTrue(animator.isAnimating)
        XCTAssertFalse(animator.advance(to: start + 10_000_000))
        XCTAssertFalse(animator.isAnimating)
        XCTAssertEqual(animator.value(of: .offsetY, at: start + 10_000_000), 64)
        XCTAssertEqual(animator.velocity(of: .offsetY, at: start + 10_000_000), 0)
    }

    func testSetJumpsAndRemoveForgets() {
        var animator = SpringAnimator<Property>()
        animator.animate(.offsetX, to: 100, from: 0, parameters: .swiftUIDefault, at: start)
        animator.set(.offsetX, to: 33)
        XCTAssertFalse(animator.isAnimating)
        XCTAssertEqual(animator.value(of: .offsetX, at: start + 1), 33)
        XCTAssertEqual(animator.velocity(of: .offsetX, at: start + 1), 0)
        animator.remove(.offsetX)
        XCTAssertNil(animator.value(of: .offsetX, at: start + 1))
        XCTAssertNil(animator.value(of: .rotation, at: start))
        XCTAssertEqual(animator.velocity(of: .rotation, at: start), 0)
    }
}
