// SPDX-License-Identifier: GPL-3.0-or-later

/// What the front card is doing, besides sitting on the stack.
enum FrontCardMotion: Sendable {
    case resting
    case dragging(CardDrag)
    /// Springing to its resting place: a snap-back after a drag, or the return of an undone card.
    case returning(ReturningCard)
}
