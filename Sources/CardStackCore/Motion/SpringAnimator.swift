// SPDX-License-Identifier: GPL-3.0-or-later

/// Several named values, each either resting or driven by a spring, advanced together by frame
/// time.
///
/// A widget keeps one of these per set of animated properties (card offsets, rotation, scale)
/// and reads them all at the same frame time from its tick callback.
public struct SpringAnimator<Key: Hashable & Sendable>: Sendable {
    private enum Track: Sendable {
        case resting(Double)
        case moving(SpringAnimation)
    }

    private var tracks: [Key: Track] = [:]

    /// Creates an animator with no values.
    public init() {}

    /// Animates `key` toward `target`.
    ///
    /// If it is already animating it continues from its current value and velocity at `time`
    /// (unless `from`/`velocity` are given explicitly); if it has no value yet it starts at
    /// `from ?? target`. Asking again for the same target with the same parameters, and no
    /// explicit `from`/`velocity`, leaves the running segment alone, so calling this every frame
    /// costs nothing and changes nothing.
    public mutating func animate(
        _ key: Key,
        to target: Double,
        from: Double? = nil,
        velocity: Double? = nil,
        parameters: SpringParameters,
        at time: Microseconds
    ) {
        let current = tracks[key]
        if case .moving(let animation) = current, from == nil, velocity == nil,
           animation.target == target, animation.spring.parameters == parameters
        {
            return
        }
        let start = from ?? current.map { Self.value(of: $0, at: time) } ?? target
        let startVelocity = velocity ?? current.map { Self.velocity(of: $0, at: time) } ?? 0
        let animation = SpringAnimation(
            from: start,
            to: target,
            initialVelocity: startVelocity,
            parameters: parameters,
            startTime: time
        )
        tracks[key] = animation.isSettled(at: time) ? .resting(target) : .moving(animation)
    }

    /// Puts `key` at `value` at once, cancelling any animation.
    public mutating func set(_ key: Key, to value: Double) {
        tracks[key] = .resting(value)
    }

    /// The value of `key` at frame time `time`, or nil if it was never set or animated.
    public func value(of key: Key, at time: Microseconds) -> Double? {
        tracks[key].map { Self.value(of: $0, at: time) }
    }

    /// The velocity of `key` at frame time `time`, in units per second; zero when resting or
    /// unknown.
    public func velocity(of key: Key, at time: Microseconds) -> Double {
        tracks[key].map { Self.velocity(of: $0, at: time) } ?? 0
    }

    /// Drops settled animations (their value stays, as a fixed value at their target). Returns
    /// true while any value is still moving.
    ///
    /// An animation is dropped once `time` reaches its `endTime`, which depends only on the
    /// animation, so stepping through frames ends in the same state as one jump to `time`.
    @discardableResult
    public mutating func advance(to time: Microseconds) -> Bool {
        var settled: [(Key, Double)] = []
        for (key, track) in tracks {
            if case .moving(let animation) = track, animation.isSettled(at: time) {
                settled.append((key, animation.target))
            }
        }
        for (key, target) in settled {
            tracks[key] = .resting(target)
        }
        return isAnimating
    }

    /// Whether any value is still driven by a spring.
    public var isAnimating: Bool {
        tracks.values.contains { track in
            if case .moving = track {
                return true
            }
            return false
        }
    }

    /// Forgets `key` entirely.
    public mutating func remove(_ key: Key) {
        tracks[key] = nil
    }

    private static func value(of track: Track, at time: Microseconds) -> Double {
        switch track {
        case .resting(let value):
            return value
        case .moving(let animation):
            return animation.value(at: time)
        }
    }

    private static func velocity(of track: Track, at time: Microseconds) -> Double {
        switch track {
        case .resting:
            return 0
        case .moving(let animation):
            return animation.velocity(at: time)
        }
    }
}
