// SPDX-License-Identifier: GPL-3.0-or-later

/// Where a flick would come to rest if it kept coasting with exponential deceleration.
///
/// Deciding a swipe by its projected resting point rather than its release point lets a short,
/// fast flick count as much as a long, slow drag.
public enum FlickProjection {
    /// The distance covered before stopping: v/1000 · d/(1−d) with v in pt/s (Apple's "Designing
    /// Fluid Interfaces"; libadwaita's swipe tracker).
    ///
    /// That is the sum of the per-millisecond displacements v/1000·dⁿ for n ≥ 1. A rate at or
    /// below 0 stops dead and projects 0; a rate at or above 1 never slows down, has no resting
    /// point, and also projects 0 rather than an infinity that would poison later arithmetic.
    public static func distance(forVelocity velocity: Double, rate: DecelerationRate = .touch) -> Double {
        let factor = rate.perMillisecond
        guard factor > 0, factor < 1 else {
            return 0
        }
        return velocity / FrameTime.millisecondsPerSecond * factor / (1 - factor)
    }
}
