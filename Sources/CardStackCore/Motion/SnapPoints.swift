// SPDX-License-Identifier: GPL-3.0-or-later

/// The positions something dragged along one axis may come to rest at, and the rule that picks one when
/// it is let go: a carousel's cards, a sheet's detents.
///
/// A slow release settles on the nearest point. With a deceleration rate, the release position is first
/// projected as far as a flick of that velocity would coast (`FlickProjection`), so a hard flick travels
/// several points. Relative to the point the gesture began at, a flick can be made to move at least one
/// point (a short flick never springs back where it started) and a gesture to move at most a few.
public struct SnapPoints: Sendable, Hashable {
    /// The points, ascending, all finite.
    public let positions: [Double]

    /// How a release picks its point.
    public struct Rule: Sendable, Hashable {
        /// How a flick coasts before it is snapped; nil snaps the release position as it is.
        public var deceleration: DecelerationRate?
        /// From this speed (units per second) a release is a flick, which moves at least one point from
        /// `origin` the way it was thrown; infinity never forces a step.
        public var flickSpeed: Double
        /// At most this many points from `origin`; nil for no limit.
        public var maximumSteps: Int?

        /// Creates a rule; by default it snaps to the nearest point with no projection and no limits.
        public init(deceleration: DecelerationRate? = nil, flickSpeed: Double = .infinity, maximumSteps: Int? = nil) {
            self.deceleration = deceleration
            self.flickSpeed = flickSpeed
            self.maximumSteps = maximumSteps
        }

        /// Snaps to the nearest point.
        public static let nearest = Rule()
    }

    /// The points `positions`, sorted; nil when any of them is NaN or infinite.
    public init?(_ positions: [Double]) {
        guard positions.allSatisfy(\.isFinite) else { return nil }
        self.positions = positions.sorted()
    }

    /// `count` points `spacing` apart from `start`, already in order (a strip of equal cards); nil for a
    /// non-finite start or spacing, or a spacing ≤ 0.
    public init?(start: Double, spacing: Double, count: Int) {
        guard start.isFinite, spacing.isFinite, spacing > 0 else { return nil }
        self.positions = (0..<max(0, count)).map { start + Double($0) * spacing }
    }

    /// Whether there is no point to snap to.
    public var isEmpty: Bool { positions.isEmpty }

    /// The index of the point nearest `position` (the lower one on a tie); nil when there are no points
    /// or `position` is not finite. O(log n).
    public func index(nearest position: Double) -> Int? {
        guard !positions.isEmpty, position.isFinite else { return nil }
        var low = 0
        var high = positions.count
        while low < high {
            let middle = (low + high) / 2
            if positions[middle] < position { low = middle + 1 } else { high = middle }
        }
        // `low` is the first point at or above `position`.
        if low == 0 { return 0 }
        if low == positions.count { return positions.count - 1 }
        return position - positions[low - 1] <= positions[low] - position ? low - 1 : low
    }

    /// The index of the point a release at `position` with `velocity` (units per second) settles on,
    /// for a gesture that began at point `origin` (nil when it began between points or it doesn't
    /// matter). Nil when there are no points or an input is NaN or infinite.
    public func target(releasedAt position: Double, velocity: Double, origin: Int? = nil, rule: Rule = .nearest) -> Int? {
        guard !positions.isEmpty, position.isFinite, velocity.isFinite else { return nil }
        let projected = position + (rule.deceleration.map { FlickProjection.distance(forVelocity: velocity, rate: $0) } ?? 0)
        guard var chosen = index(nearest: projected) else { return nil }
        guard let origin = origin.map({ min(max(0, $0), positions.count - 1) }) else { return chosen }
        if abs(velocity) >= rule.flickSpeed {
            if velocity > 0, chosen <= origin { chosen = min(origin + 1, positions.count - 1) }
            if velocity < 0, chosen >= origin { chosen = max(origin - 1, 0) }
        }
        if let steps = rule.maximumSteps.map({ max(0, $0) }) {
            chosen = min(max(chosen, origin - steps), origin + steps)
        }
        return min(max(0, chosen), positions.count - 1)
    }

    /// The spring that takes a release at `position` with `velocity` to point `index`, continuing with
    /// that velocity; nil for an index out of range or a non-finite input.
    public func spring(
        from position: Double,
        velocity: Double,
        to index: Int,
        parameters: SpringParameters,
        startTime: Microseconds
    ) -> SpringAnimation? {
        guard positions.indices.contains(index), position.isFinite, velocity.isFinite else { return nil }
        return SpringAnimation(
            from: position,
            to: positions[index],
            initialVelocity: velocity,
            parameters: parameters,
            startTime: startTime
        )
    }
}
