// SPDX-License-Identifier: GPL-3.0-or-later

/// A decided card on its way out of view.
struct FlyingCard: Sendable {
    var decision: Decision
    /// Offset from the centre of its depth level, aimed at a point out of view.
    var motion: PointSpringAnimation
    var tiltSign: Double
    /// The depth level the card was drawn at when it left: non-zero if it left before the card in
    /// front of it had cleared the stack. It reaches depth 0 as the card reaches the threshold.
    var departureDepth: Double
}
