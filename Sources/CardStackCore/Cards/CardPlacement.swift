// SPDX-License-Identifier: GPL-3.0-or-later

/// Where and how one card is drawn in a frame; the widget draws placements in array order (back to front).
public struct CardPlacement: Sendable, Hashable {
    /// Index of the card in `Deck.cards`.
    public var cardIndex: Int
    /// Centre of the card in widget coordinates (points, y down).
    public var center: Point
    /// Unscaled size of the card.
    public var size: Size
    /// Uniform scale about the centre.
    public var scale: Double
    /// Rotation about the centre in radians, clockwise positive.
    public var rotation: Double
    /// Opacity of the whole card, 0…1.
    public var opacity: Double
    /// Opacity of each direction's overlay label, only for directions with a non-zero opacity.
    public var overlays: [SwipeDirection: Double]

    public init(
        cardIndex: Int,
        center: Point,
        size: Size,
        scale: Double = 1,
        rotation: Double = 0,
        opacity: Double = 1,
        overlays: [SwipeDirection: Double] = [:]
    ) {
        self.cardIndex = cardIndex
        self.center = center
        self.size = size
        self.scale = scale
        self.rotation = rotation
        self.opacity = opacity
        self.overlays = overlays
    }
}
