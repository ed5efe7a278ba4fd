// SPDX-License-Identifier: GPL-3.0-or-later

/// One animated value, as a chain of closed-form spring segments on the frame clock.
///
/// Retargeting starts a new segment from the current value *and* velocity, so the motion stays
/// continuous when the target moves mid-flight, as SwiftUI does (libadwaita 1.2's spring
/// animation restarts from rest instead).
public struct SpringAnimation: Sendable, Hashable {
    /// The segment currently running.
    public private(set) var spring: Spring
    /// The frame time the current segment started at.
    public private(set) var startTime: Microseconds
    /// The frame time from which the value rests exactly at `target`: `startTime` plus the
    /// segment's estimated duration, rounded up to a whole microsecond.
    public private(set) var endTime: Microseconds

    /// Creates an animation from `value` towards `target` starting at frame time `startTime`.
    public init(
        from value: Double,
        to target: Double,
        initialVelocity: Double = 0,
        parameters: SpringParameters,
        startTime: Microseconds
    ) {
        let spring = Spring(parameters: parameters, from: value, to: target, initialVelocity: initialVelocity)
        self.spring = spring
        self.startTime = startTime
        // Stored, not computed: estimating the duration is a search, and callers ask every frame.
        endTime = FrameTime.adding(seconds: spring.estimatedDuration, to: startTime)
    }

    /// The value the animation comes to rest at.
    public var target: Double {
        spring.to
    }

    /// The value at frame time `time`; exactly `target` from `endTime` on, the segment's start
    /// value before `startTime`.
    public func value(at time: Microseconds) -> Double {
        if time >= endTime {
            return target
        }
        return spring.value(at: FrameTime.seconds(from: startTime, to: time))
    }

    /// The rate of change at frame time `time`, in units per second; zero from `endTime` on.
    public func velocity(at time: Microseconds) -> Double {
        if time >= endTime {
            return 0
        }
        return spring.velocity(at: FrameTime.seconds(from: startTime, to: time))
    }

    /// Whether the animation has come to rest by frame time `time`, i.e. reached `endTime`.
    ///
    /// Unlike `Spring.isSettled(at:)` this never turns false again later, so a frame loop can
    /// stop on the first `true`.
    public func isSettled(at time: Microseconds) -> Bool {
        time >= endTime
    }

    /// Re-aims at a new target from the current state at `time`; parameters default to the
    /// current ones.
    public mutating func retarget(to target: Double, parameters: SpringParameters? = nil, at time: Microseconds) {
        self = SpringAnimation(
            from: value(at: time),
            to: target,
            initialVelocity: velocity(at: time),
            parameters: parameters ?? spring.parameters,
            startTime: time
        )
    }
}
