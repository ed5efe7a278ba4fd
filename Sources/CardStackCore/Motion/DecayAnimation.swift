// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation

/// A flicked value coasting to rest: its velocity shrinks by a fixed fraction every millisecond (the same law as
/// ``FlickProjection``), and it stops at a bound it reaches on the way.
public struct DecayAnimation: Sendable, Hashable {
    /// The speed below which it counts as at rest, in units per second (about a pixel a frame at 60 Hz, far
    /// under what the eye follows).
    public static let restingSpeed = 20.0

    public let start: Double
    /// Units per second at `startTime`.
    public let velocity: Double
    public let rate: DecelerationRate
    public let startTime: Microseconds
    /// The value never leaves this range.
    public let bounds: ClosedRange<Double>

    /// Coasts from `value` at `velocity` (units per second) from `startTime`, within `bounds`.
    public init(from value: Double, velocity: Double, rate: DecelerationRate = .touch, bounds: ClosedRange<Double>, startTime: Microseconds) {
        start = min(max(value, bounds.lowerBound), bounds.upperBound)
        self.velocity = velocity.isFinite ? velocity : 0
        self.rate = rate
        self.bounds = bounds
        self.startTime = startTime
    }

    private func milliseconds(at time: Microseconds) -> Double {
        max(0, Double(time - startTime) / 1_000)
    }

    /// The value at `time`: v/1000 · (dⁿ − 1)/ln d travelled after n ms, clamped to the bounds.
    public func value(at time: Microseconds) -> Double {
        let factor = rate.perMillisecond
        guard factor > 0, factor < 1 else { return start }
        let travelled = velocity / 1_000 * (pow(factor, milliseconds(at: time)) - 1) / log(factor)
        return min(max(start + travelled, bounds.lowerBound), bounds.upperBound)
    }

    /// The speed at `time`, in units per second.
    public func speed(at time: Microseconds) -> Double {
        abs(velocity) * pow(rate.perMillisecond, milliseconds(at: time))
    }

    /// Whether it has come to rest by `time`: slow enough, or stopped at a bound.
    public func isSettled(at time: Microseconds) -> Bool {
        guard speed(at: time) >= Self.restingSpeed else { return true }
        let value = value(at: time)
        return (velocity < 0 && value <= bounds.lowerBound) || (velocity > 0 && value >= bounds.upperBound)
    }
}
