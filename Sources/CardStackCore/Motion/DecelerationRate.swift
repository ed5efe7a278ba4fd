// SPDX-License-Identifier: GPL-3.0-or-later

/// How quickly a flicked object slows down: the fraction of its velocity kept per millisecond.
public struct DecelerationRate: Sendable, Hashable {
    /// The factor the velocity is multiplied by each millisecond, in (0, 1).
    public var perMillisecond: Double

    /// Creates a rate from its per-millisecond factor.
    public init(perMillisecond: Double) {
        self.perMillisecond = perMillisecond
    }

    /// Deceleration for touchscreen swipes, 0.998 per ms (libadwaita's swipe tracker).
    public static let touch = DecelerationRate(perMillisecond: 0.998)

    /// Deceleration for touchpad swipes, 0.997 per ms (libadwaita's swipe tracker); touchpad
    /// deltas run faster than finger motion, so they are braked harder.
    public static let touchpad = DecelerationRate(perMillisecond: 0.997)

    /// UIScrollView's `.normal` deceleration rate, 0.998 per ms.
    public static let normal = DecelerationRate(perMillisecond: 0.998)

    /// UIScrollView's `.fast` deceleration rate, 0.99 per ms.
    public static let fast = DecelerationRate(perMillisecond: 0.99)
}
