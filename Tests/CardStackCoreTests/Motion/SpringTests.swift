// SPDX-License-Identifier: GPL-3.0-or-later

import XCTest
@testable import CardStackCore

/// A classical fourth-order Runge–Kutta integration of m·x″ + c·x′ + k·(x − to) = 0, the
/// reference the closed form is checked against.
private struct ReferenceOscillator {
    var parameters: SpringParameters
    var target: Double
    var position: Double
    var velocity: Double

    private func acceleration(position: Double, velocity: Double) -> Double {
        -(parameters.damping * velocity + parameters.stiffness * (position - target)) / parameters.mass
    }

    mutating func step(by h: Double) {
        let (x, v) = (position, velocity)
        let k1x = v
        let k1v = acceleration(position: x, velocity: v)
        let k2x = v + h / 2 * k1v
        let k2v = acceleration(position: x + h / 2 * k1x, velocity: v + h / 2 * k1v)
        let k3x = v + h / 2 * k2v
        let k3v = acceleration(position: x + h / 2 * k2x, velocity: v + h / 2 * k2v)
        let k4x = v + h * k3v
        let k4v = acceleration(position: x + h * k3x, velocity: v + h * k3v)
        position = x + h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
        velocity = v + h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
    }
}

final class SpringTests: XCTestCase {
    /// RK4 step, in seconds; fine enough that the reference is far more accurate than 1e-6.
    private let integrationStep = 1e-4
    /// Steps between compared samples (every 20 ms).
    private let stepsPerSample = 200
    /// Samples compared, covering 2 s.
    private let sampleCount = 100

    private func assertMatchesIntegration(
        _ parameters: SpringParameters,
        from: Double,
        to: Double,
        initialVelocity: Double,
        file: StaticString = #filePath,
        line: UInt = #line
    ) {
        let spring = Spring(parameters: parameters, from: from, to: to, initialVelocity: initialVelocity)
        var reference = ReferenceOscillator(
            parameters: parameters, target: to, position: from, velocity: initialVelocity
        )
        let tolerance = 1e-6 * abs(from - to)
        for sample in 1...sampleCount {
            for _ in 0..<stepsPerSample {
                reference.step(by: integrationStep)
            }
            let time = Double(sample * stepsPerSample) * integrationStep
            XCTAssertEqual(spring.value(at: time), reference.position, accuracy: tolerance,
                           "position at \(time) s", file: file, line: line)
            XCTAssertEqual(spring.velocity(at: time), reference.velocity, accuracy: tolerance,
                           "velocity at \(time) s", file: file, line: line)
        }
    }

    func testUnderDampedMatchesIntegration() {
        let parameters = SpringParameters(dampingRatio: 0.3, mass: 1, stiffness: 400)
        XCTAssertLessThan(parameters.dampingRatio, 1)
        assertMatchesIntegration(parameters, from: 0, to: 100, initialVelocity: -300)
        assertMatchesIntegration(.libadwaitaBottomSheet, from: 250, to: -40, initialVelocity: 800)
    }

    func testCriticallyDampedMatchesIntegration() {
        let parameters = SpringParameters(dampingRatio: 1, mass: 0.5, stiffness: 200)
        XCTAssertEqual(parameters.dampingRatio, 1, accuracy: 1e-12)
        assertMatchesIntegration(parameters, from: 0, to: 100, initialVelocity: 0)
        assertMatchesIntegration(parameters, from: 100, to: 0, initialVelocity: 2_000)
    }

    func testOverDampedMatchesIntegration() {
        let parameters = SpringParameters(dampingRatio: 3, mass: 1, stiffness: 100)
        XCTAssertGreaterThan(parameters.dampingRatio, 1)
        assertMatchesIntegration(parameters, from: 0, to: 100, initialVelocity: 0)
        assertMatchesIntegration(parameters, from: -20, to: 80, initialVelocity: -900)
    }

    func testNearCriticalDampingMatchesIntegration() {
        for ratio in [1 - 1e-7, 1 - 1e-10, 1 + 1e-10, 1 + 1e-7] {
            let parameters = SpringParameters(dampingRatio: ratio, mass: 1, stiffness: 300)
            assertMatchesIntegration(parameters, from: 0, to: 100, initialVelocity: 150)
        }
    }

    func testSwiftUIParameterConversion() {
        let parameters = SpringParameters(response: 0.5, dampingFraction: 0.825)
        XCTAssertEqual(parameters.mass, 1)
        XCTAssertEqual(parameters.stiffness, pow(2 * Double.pi / 0.5, 2), accuracy: 1e-9)
        XCTAssertEqual(parameters.damping, 4 * Double.pi * 0.825 / 0.5, accuracy: 1e-12)
        XCTAssertEqual(parameters.dampingRatio, 0.825, accuracy: 1e-12)
        XCTAssertEqual(parameters.undampedAngularFrequency, 2 * Double.pi / 0.5, accuracy: 1e-12)
        XCTAssertEqual(SpringParameters.swiftUIDefault, parameters)
    }

    func testLibadwaitaParameterConversion() {
        let parameters = SpringParameters(dampingRatio: 0.8, mass: 2, stiffness: 400)
        XCTAssertEqual(parameters.damping, 0.8 * 2 * (2.0 * 400).squareRoot(), accuracy: 1e-12)
        XCTAssertEqual(parameters.dampingRatio, 0.8, accuracy: 1e-12)
        XCTAssertEqual(parameters.undampedAngularFrequency, (400.0 / 2).squareRoot(), accuracy: 1e-12)
        XCTAssertEqual(SpringParameters.libadwaitaCarousel.dampingRatio, 1, accuracy: 1e-12)
        XCTAssertEqual(SpringParameters.libadwaitaNavigation.stiffness, 1000)
        XCTAssertEqual(SpringParameters.swiftUIInteractive.dampingRatio, 0.86, accuracy: 1e-12)
    }

    // MARK: Settling

    private struct SettleCase {
        var name: String
        var parameters: SpringParameters
        var from: Double
        var to: Double
        var velocity: Double
    }

    private let settleCases: [SettleCase] = [
        SettleCase(name: "swiftUIDefault", parameters: .swiftUIDefault, from: 0, to: 100, velocity: 0),
        SettleCase(name: "swiftUIInteractive", parameters: .swiftUIInteractive, from: 300, to: 0, velocity: -500),
        SettleCase(name: "libadwaitaCarousel", parameters: .libadwaitaCarousel, from: 0, to: 1, velocity: 0),
        SettleCase(name: "libadwaitaBottomSheet", parameters: .libadwaitaBottomSheet, from: 0, to: 1, velocity: 0),
        SettleCase(name: "libadwaitaNavigation", parameters: .libadwaitaNavigation, from: 0, to: 1, velocity: 0),
        SettleCase(name: "navigation with velocity", parameters: .libadwaitaNavigation, from: 0, to: 400, velocity: 3_000),
        SettleCase(name: "bouncy", parameters: SpringParameters(dampingRatio: 0.2, mass: 1, stiffness: 300),
                   from: 0, to: 100, velocity: 0),
        SettleCase(name: "nearly critical", parameters: SpringParameters(dampingRatio: 0.999, mass: 1, stiffness: 300),
                   from: 0, to: 100, velocity: 0),
        SettleCase(name: "over-damped", parameters: SpringParameters(dampingRatio: 3, mass: 1, stiffness: 100),
                   from: 100, to: 0, velocity: 0),
        SettleCase(name: "over-damped against velocity", parameters: SpringParameters(dampingRatio: 1.5, mass: 1, stiffness: 200),
                   from: 0, to: 100, velocity: -1_500),
    ]

    func testSettledWithinEstimatedDuration() {
        let scanStep = 1e-4
        for testCase in settleCases {
            let spring = Spring(
                parameters: testCase.parameters, from: testCase.from, to: testCase.to,
                initialVelocity: testCase.velocity
            )
            let estimate = spring.estimatedDuration
            XCTAssertTrue(estimate.isFinite, testCase.name)
            XCTAssertTrue(spring.isSettled(at: estimate), testCase.name)
            var firstSettled: Double?
            var step = 0
            while true {
                let time = Double(step) * scanStep
                if time > 2 * estimate {
                    break
                }
                let settled = spring.isSettled(at: time)
                if settled, firstSettled == nil {
                    firstSettled = time
                }
                if time >= estimate {
                    XCTAssertTrue(settled, "\(testCase.name) unsettled at \(time) s after estimate \(estimate) s")
                }
                step += 1
            }
            guard let firstSettled else {
                XCTFail("\(testCase.name) never settled")
                continue
            }
            XCTAssertGreaterThanOrEqual(estimate, firstSettled - scanStep, testCase.name)
            XCTAssertLessThanOrEqual(estimate, 2 * firstSettled, "\(testCase.name): first settled at \(firstSettled) s")
        }
    }

    // MARK: Edge cases

    func testZeroDistanceAndZeroVelocityStaysPut() {
        let spring = Spring(parameters: .swiftUIDefault, from: 42, to: 42)
        for time in [0, 0.001, 0.3, 10, 1e6] {
            XCTAssertEqual(spring.value(at: time), 42)
            XCTAssertEqual(spring.velocity(at: time), 0)
            XCTAssertTrue(spring.isSettled(at: time))
        }
        XCTAssertEqual(spring.estimatedDuration, 0)
    }

    func testZeroDistanceWithVelocityMovesAndReturns() {
        let spring = Spring(parameters: .libadwaitaBottomSheet, from: 10, to: 10, initialVelocity: 500)
        XCTAssertFalse(spring.isSettled(at: 0))
        XCTAssertGreaterThan(spring.value(at: 0.01), 10)
        let estimate = spring.estimatedDuration
        XCTAssertGreaterThan(estimate, 0)
        XCTAssertLessThan(estimate, 2)
        XCTAssertTrue(spring.isSettled(at: estimate))
        XCTAssertEqual(spring.value(at: estimate), 10, accuracy: Spring.defaultEpsilon)
    }

    func testHugeStiffnessIsFiniteAndSettlesAlmostInstantly() {
        let parameters = SpringParameters(dampingRatio: 1, mass: 1, stiffness: 1e9)
        let spring = Spring(parameters: parameters, from: 0, to: 500, initialVelocity: 10_000)
        let estimate = spring.estimatedDuration
        XCTAssertGreaterThan(estimate, 0)
        XCTAssertLessThan(estimate, 0.005)
        XCTAssertTrue(spring.isSettled(at: estimate))
        for ratio in [0.5, 1, 2] {
            let stiff = Spring(
                parameters: SpringParameters(dampingRatio: ratio, mass: 1, stiffness: 1e9),
                from: 0, to: 500, initialVelocity: 10_000
            )
            for time in [1e-7, 1e-5, 1e-3, 0.1, 1, 100] {
                XCTAssertTrue(stiff.value(at: time).isFinite, "ζ \(ratio) at \(time)")
                XCTAssertTrue(stiff.velocity(at: time).isFinite, "ζ \(ratio) at \(time)")
            }
            XCTAssertEqual(stiff.value(at: 0.1), 500, accuracy: Spring.defaultEpsilon, "ζ \(ratio)")
            XCTAssertTrue(stiff.estimatedDuration.isFinite, "ζ \(ratio)")
        }
    }

    func testHugeDampingIsFinite() {
        for parameters in [
            SpringParameters(mass: 1, stiffness: 100, damping: 1e9),
            SpringParameters(mass: 1, stiffness: 1e9, damping: 1e12),
            SpringParameters(mass: 1e-6, stiffness: 1, damping: 1e6),
        ] {
            let spring = Spring(parameters: parameters, from: 0, to: 100, initialVelocity: 50)
            var previous = spring.value(at: 0)
            for time in [1e-9, 1e-6, 1e-3, 1, 1e3, 1e6, 1e9, 1e12] {
                let value = spring.value(at: time)
                XCTAssertTrue(value.isFinite, "\(parameters) at \(time)")
                XCTAssertTrue(spring.velocity(at: time).isFinite, "\(parameters) at \(time)")
                XCTAssertLessThanOrEqual(value, 100 + 1e-9)
                XCTAssertGreaterThanOrEqual(value, previous - 1e-9, "creeps towards the target")
                previous = value
            }
            XCTAssertFalse(spring.estimatedDuration.isNaN)
            XCTAssertTrue(spring.isSettled(at: spring.estimatedDuration))
        }
    }

    func testTimeZeroAndNegativeReturnInitialState() {
        let spring = Spring(parameters: .swiftUIDefault, from: 12.345, to: -99, initialVelocity: 678.9)
        for time in [0.0, -0.0, -1e-9, -3] {
            XCTAssertEqual(spring.value(at: time), 12.345)
            XCTAssertEqual(spring.velocity(at: time), 678.9)
        }
    }

    func testUndampedSpringNeverSettles() {
        let spring = Spring(parameters: SpringParameters(mass: 1, stiffness: 100, damping: 0), from: 0, to: 1)
        XCTAssertEqual(spring.estimatedDuration, .infinity)
        XCTAssertEqual(spring.value(at: Double.pi / 10), 2, accuracy: 1e-12)
    }

    func testDegenerateParametersJumpToTarget() {
        let spring = Spring(parameters: SpringParameters(mass: 0, stiffness: 100, damping: 10), from: 0, to: 7)
        XCTAssertEqual(spring.value(at: 0), 0)
        XCTAssertEqual(spring.value(at: 0.001), 7)
        XCTAssertEqual(spring.estimatedDuration, 0)
    }
}
