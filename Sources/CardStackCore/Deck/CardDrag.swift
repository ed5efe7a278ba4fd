// SPDX-License-Identifier: GPL-3.0-or-later

/// The front card held under the pointer.
struct CardDrag: Sendable {
    var cardIndex: Int
    /// The card's unresisted offset from its resting centre when grabbed; non-zero when a moving
    /// card was caught, so the grab continues from where the card was drawn.
    var startOffset: Point
    /// The pointer's travel since the grab, as GtkGestureDrag reports it.
    var translation: Point = .zero
    /// +1 when grabbed above the centre (a rightward drag turns clockwise), −1 below.
    var tiltSign: Double
    /// Fed with `translation`, for the release velocity.
    var tracker = VelocityTracker()

    /// Where the pointer would put the card without resistance.
    var rawOffset: Point { startOffset + translation }
}
