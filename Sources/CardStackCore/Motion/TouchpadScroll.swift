// SPDX-License-Identifier: GPL-3.0-or-later

/// Turns two-finger touchpad scrolling into the front card's movement: the card follows the fingers.
///
/// Scrolling reports how far the *content* should scroll, opposite to the fingers' motion under natural scrolling
/// (GNOME's default for touchpads), so the card moves against the delta. Some backends (X11) report touchpad
/// deltas in wheel clicks rather than pixels; those are scaled by the distance libadwaita's swipe tracker gives a
/// unit, so a swipe feels the same whatever the backend.
public enum TouchpadScroll {
    /// What a scroll delta counts.
    public enum Unit: Sendable, Hashable {
        /// Wheel detents: 1.0 is one click of a mouse wheel.
        case wheelClicks
        /// Surface pixels: the touchpad's own distance.
        case pixels
    }

    /// Points per horizontal wheel-click unit (libadwaita's swipe tracker, `TOUCHPAD_BASE_DISTANCE_H`).
    public static let horizontalPointsPerClick = 400.0
    /// Points per vertical wheel-click unit (libadwaita's swipe tracker, `TOUCHPAD_BASE_DISTANCE_V`).
    public static let verticalPointsPerClick = 300.0

    /// How far the card moves, in points, for one scroll event's delta.
    public static func translation(forDelta delta: Point, unit: Unit) -> Point {
        switch unit {
        case .pixels:
            return -delta
        case .wheelClicks:
            return Point(x: -delta.x * horizontalPointsPerClick, y: -delta.y * verticalPointsPerClick)
        }
    }
}
