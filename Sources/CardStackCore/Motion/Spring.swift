// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation

/// A damped harmonic oscillator moving a value from `from` to `to`, solved in closed form.
///
/// The value at any time comes from the analytic solution of m·x″ + c·x′ + k·(x − to) = 0
/// rather than from integrating frame by frame, so a late or skipped frame lands exactly where
/// a smooth one would have and no error builds up.
public struct Spring: Sendable, Hashable {
    /// Mass, stiffness and damping.
    public var parameters: SpringParameters
    /// The value at time zero.
    public var from: Double
    /// The value the spring comes to rest at.
    public var to: Double
    /// The rate of change at time zero, in units of the value per second.
    public var initialVelocity: Double

    /// Creates a spring segment starting at `from` with `initialVelocity` and resting at `to`.
    public init(parameters: SpringParameters, from: Double, to: Double, initialVelocity: Double = 0) {
        self.parameters = parameters
        self.from = from
        self.to = to
        self.initialVelocity = initialVelocity
    }

    /// How close to `to` counts as arrived, in the unit of the value (libadwaita's
    /// AdwSpringAnimation default epsilon, 0.001).
    public static let defaultEpsilon: Double = 0.001

    /// The least time, in seconds, a settled value may take to travel ε at its current speed,
    /// so the speed bound is ε/0.01 s = ε·100 per second.
    ///
    /// 10 ms is shorter than a 60 Hz frame, so snapping to the target once settled moves the
    /// value by under ε in any frame. Chosen for CardStack; libadwaita checks only the distance.
    public static let epsilonTravelTime: Double = 0.01

    /// How far the damping ratio may be from 1, dimensionless, for the critically damped solution
    /// to be used.
    ///
    /// Chosen for CardStack: within 1e-9 the critical formula differs from the exact one by about
    /// 1e-9 of the distance, and outside it ω1 or ω2 ≥ ~4.5e-5·ω0, where the other two forms
    /// still lose fewer than five digits to cancellation.
    static let criticalDampingTolerance: Double = 1e-9

    /// The ω2·t, dimensionless, up to which the over-damped solution uses cosh and sinh.
    ///
    /// Chosen for CardStack: below it cosh cannot overflow and the form avoids subtracting two
    /// huge terms near critical damping; above it the sum of two decaying exponentials is used,
    /// which stays finite for any stiffness or damping.
    static let hyperbolicFormLimit: Double = 1

    /// The fraction of ε, dimensionless, that the settle estimate keeps in reserve.
    ///
    /// Chosen for CardStack: adding `to` back rounds the displacement by up to one ulp of `to`,
    /// which must not push a value the estimate put just inside ε back outside it.
    static let settleMargin: Double = 1e-6

    /// The value at `time` seconds after the segment started; negative times count as zero.
    public func value(at time: Double) -> Double {
        guard time > 0 else {
            return from
        }
        guard time.isFinite else {
            return to
        }
        return to + Motion(self).displacement(at: time)
    }

    /// The rate of change at `time` seconds, in units per second; negative times count as zero.
    public func velocity(at time: Double) -> Double {
        guard time > 0 else {
            return initialVelocity
        }
        guard time.isFinite else {
            return 0
        }
        return Motion(self).velocity(at: time)
    }

    /// Whether at `time` the value is within `epsilon` of `to` and moving slower than
    /// `epsilon / epsilonTravelTime` per second.
    public func isSettled(at time: Double, epsilon: Double = Spring.defaultEpsilon) -> Bool {
        abs(value(at: time) - to) < epsilon && abs(velocity(at: time)) < epsilon / Spring.epsilonTravelTime
    }

    /// Seconds from the start after which the spring is settled (with the default epsilon) and
    /// stays settled; infinity for an undamped spring that has somewhere to go.
    ///
    /// Found from an envelope that bounds displacement and velocity, so it is never early and
    /// overshoots the true settle time by only a fraction for ordinary distances.
    public var estimatedDuration: Double {
        Motion(self).settleTime(epsilon: Spring.defaultEpsilon)
    }
}

extension Spring {
    /// The closed-form solution for the displacement x(t) − to.
    private struct Motion {
        enum Regime {
            /// No usable spring (non-positive or non-finite constants): the value jumps to `to`.
            case jump
            case critical
            case under(omega1: Double)
            case over(omega2: Double)
        }

        /// Displacement from the target at time zero.
        let x0: Double
        /// Velocity at time zero.
        let v0: Double
        /// Decay rate β = c/(2m), in 1/s.
        let beta: Double
        /// ω0² = k/m, in 1/s².
        let omega0Squared: Double
        let regime: Regime

        init(_ spring: Spring) {
            let parameters = spring.parameters
            x0 = spring.from - spring.to
            v0 = spring.initialVelocity
            // Negative damping would feed energy in; treating it as none keeps the motion bounded.
            beta = max(0, parameters.damping) / (2 * parameters.mass)
            omega0Squared = parameters.stiffness / parameters.mass
            let omega0 = omega0Squared.squareRoot()
            guard parameters.mass > 0, parameters.stiffness > 0,
                  omega0.isFinite, omega0 > 0, beta.isFinite
            else {
                regime = .jump
                return
            }
            let ratio = beta / omega0
            if abs(ratio - 1) <= Spring.criticalDampingTolerance {
                regime = .critical
            } else if ratio < 1 {
                // Factored so that no two near-equal squares are subtracted.
                regime = .under(omega1: ((omega0 - beta) * (omega0 + beta)).squareRoot())
            } else {
                regime = .over(omega2: ((beta - omega0) * (beta + omega0)).squareRoot())
            }
        }

        /// βx0 + v0, the coefficient of t (or of sin/ω) in the displacement.
        private var a: Double { beta * x0 + v0 }

        /// ω0²x0 + βv0, the coefficient of t (or of sin/ω) in the velocity.
        private var d: Double { omega0Squared * x0 + beta * v0 }

        /// The slow exponent −β + ω2, written as −ω0²/(β + ω2) so it keeps its digits when β ≫ ω0.
        private func slowRate(omega2: Double) -> Double {
            -omega0Squared / (beta + omega2)
        }

        /// The coefficients of e^(slow·t) and e^(fast·t) in the over-damped displacement.
        private func overDampedCoefficients(omega2: Double) -> (slow: Double, fast: Double) {
            let slow = slowRate(omega2: omega2)
            let fast = -(beta + omega2)
            return ((v0 - fast * x0) / (2 * omega2), (slow * x0 - v0) / (2 * omega2))
        }

        func displacement(at t: Double) -> Double {
            switch regime {
            case .jump:
                return 0
            case .critical:
                return exp(-beta * t) * (x0 + a * t)
            case .under(let omega1):
                return exp(-beta * t) * (x0 * cos(omega1 * t) + a / omega1 * sin(omega1 * t))
            case .over(let omega2):
                if omega2 * t <= Spring.hyperbolicFormLimit {
                    return exp(-beta * t) * (x0 * cosh(omega2 * t) + a / omega2 * sinh(omega2 * t))
                }
                let c = overDampedCoefficients(omega2: omega2)
                return c.slow * exp(slowRate(omega2: omega2) * t) + c.fast * exp(-(beta + omega2) * t)
            }
        }

        func velocity(at t: Double) -> Double {
            switch regime {
            case .jump:
                return 0
            case .critical:
                return exp(-beta * t) * (v0 - beta * a * t)
            case .under(let omega1):
                return exp(-beta * t) * (v0 * cos(omega1 * t) - d / omega1 * sin(omega1 * t))
            case .over(let omega2):
                if omega2 * t <= Spring.hyperbolicFormLimit {
                    return exp(-beta * t) * (v0 * cosh(omega2 * t) - d / omega2 * sinh(omega2 * t))
                }
                let c = overDampedCoefficients(omega2: omega2)
                let slow = slowRate(omega2: omega2)
                let fast = -(beta + omega2)
                return c.slow * slow * exp(slow * t) + c.fast * fast * exp(fast * t)
            }
        }

        /// The earliest time from which both displacement and speed stay inside their bounds.
        ///
        /// Each regime has two envelopes: a tight one that degrades near critical damping (where
        /// 1/ω blows up) and a t-linear one that holds there; the earlier settle time of the two
        /// is still a valid bound.
        func settleTime(epsilon: Double) -> Double {
            let distanceLimit = epsilon * (1 - Spring.settleMargin)
            let speedLimit = epsilon / Spring.epsilonTravelTime * (1 - Spring.settleMargin)
            typealias Term = DecayBound.Term
            let distance: [DecayBound]
            let speed: [DecayBound]
            switch regime {
            case .jump:
                return 0
            case .critical:
                distance = [DecayBound(Term(constant: abs(x0), slope: abs(a), rate: beta))]
                speed = [DecayBound(Term(constant: abs(v0), slope: beta * abs(a), rate: beta))]
            case .under(let omega1):
                // |x0·cos + (a/ω1)·sin| ≤ hypot(x0, a/ω1), and |sin(ω1t)/ω1| ≤ t.
                distance = [
                    DecayBound(Term(constant: hypot(x0, a / omega1), slope: 0, rate: beta)),
                    DecayBound(Term(constant: abs(x0), slope: abs(a), rate: beta)),
                ]
                speed = [
                    DecayBound(Term(constant: hypot(v0, d / omega1), slope: 0, rate: beta)),
                    DecayBound(Term(constant: abs(v0), slope: abs(d), rate: beta)),
                ]
            case .over(let omega2):
                // e^(−βt)·cosh(ω2t) ≤ e^(slow·t) and |sinh(ω2t)/ω2| ≤ t·cosh(ω2t).
                let slow = -slowRate(omega2: omega2)
                let fast = beta + omega2
                let c = overDampedCoefficients(omega2: omega2)
                distance = [
                    DecayBound(Term(constant: abs(x0), slope: abs(a), rate: slow)),
                    DecayBound(
                        Term(constant: abs(c.slow), slope: 0, rate: slow),
                        Term(constant: abs(c.fast), slope: 0, rate: fast)
                    ),
                ]
                speed = [
                    DecayBound(Term(constant: abs(v0), slope: abs(d), rate: slow)),
                    DecayBound(
                        Term(constant: abs(c.slow * slow), slope: 0, rate: slow),
                        Term(constant: abs(c.fast * fast), slope: 0, rate: fast)
                    ),
                ]
            }
            let distanceTime = distance.map { $0.settleTime(below: distanceLimit) }.min() ?? 0
            let speedTime = speed.map { $0.settleTime(below: speedLimit) }.min() ?? 0
            return max(distanceTime, speedTime)
        }
    }
}
