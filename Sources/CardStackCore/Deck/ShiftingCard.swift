// SPDX-License-Identifier: GPL-3.0-or-later

/// A card shifted from the front on its way down to the back of the stack.
struct ShiftingCard: Sendable {
    var cardIndex: Int
    /// Offset from its resting centre when shifted; it shrinks to zero on the way.
    var startOffset: Point
    var startDepth: Double
    var tiltSign: Double
    /// The share of the stack's advance still owed when the shift began: 1 minus the front card's
    /// swipe progress then, so cards behind move on from wherever the drag had left them.
    var owedAdvance: Double
    /// 0 at the front, 1 at the back.
    var travel: SpringAnimation
}
