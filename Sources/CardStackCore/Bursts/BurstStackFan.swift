// SPDX-License-Identifier: GPL-3.0-or-later

/// A burst's stack on the Deck, drawn as a pile of prints: the frames behind its top one turned a little, one
/// way and the other, so their corners show past it as the cards of a Piles stack do, and the stack reads as
/// one card of several frames at a glance.
///
/// Only the frames at rest behind the top one turn: the top frame, any card in flight and the cards of other
/// photos are drawn as placed.
public enum BurstStackFan {
    /// How far the frame right behind the top one is turned, in radians (3°); each deeper frame turns as far
    /// again, the other way: enough for a corner to show past a photo that fills the page, little enough that the
    /// stack still reads as prints squared up.
    public static let step = 3.0 * Double.pi / 180

    /// `placements` (back to front) with the frames of `burst` behind its top frame `top` turned.
    public static func fanned(_ placements: [CardPlacement], top: Int, burst: Set<Int>) -> [CardPlacement] {
        var result = placements
        var depth = 0
        for index in result.indices.reversed() {
            let card = result[index].cardIndex
            guard card != top, burst.contains(card), result[index].rotation == 0 else { continue }
            depth += 1
            result[index].rotation = (depth.isMultiple(of: 2) ? -1 : 1) * step * Double(depth)
        }
        return result
    }
}
