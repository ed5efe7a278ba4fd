// SPDX-License-Identifier: GPL-3.0-or-later

/// The front card springing back to its resting place.
struct ReturningCard: Sendable {
    var cardIndex: Int
    /// Offset from the resting centre, ending at zero.
    var motion: PointSpringAnimation
    var tiltSign: Double
}
