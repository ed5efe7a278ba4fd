// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import CardStackCore
import GtkSupport

/// Rendered card faces by card, so a frame only re-transforms nodes that already exist.
///
/// Only the few visible cards are ever rendered; the cache is bounded so memory does not grow with the deck.
@MainActor
struct CardFaceCache {
    /// Faces kept: the visible stack plus cards in flight and a few just decided (for undo).
    static let capacity = 16

    /// A rendered face and what it was rendered for.
    private struct Entry {
        let node: RenderNodeReference
        /// The face without its shadow.
        let body: RenderNodeReference
        /// The face in the pieces drawing part of it takes.
        let pieces: CardFace.Pieces
        let size: Size
        let dark: Bool
        let image: CardImage
        let marks: PhotoMarks?
        let burst: String?
        let hasText: Bool
    }

    private var entries = RecentlyUsedCache<Int, Entry>(capacity: capacity)
    /// The corners' radius of the faces rendered: the style's, or none for photos shown edge to edge. Faces
    /// rendered before a change are forgotten.
    var cornerRadius = CardStyle.cornerRadius {
        didSet { if cornerRadius != oldValue { removeAll() } }
    }
    /// The face of card `index` at `size`, rendered now if it is not cached; without its text if `text` is
    /// false and no face with text is cached.
    mutating func face(
        for index: Int,
        of deck: Deck,
        size: Size,
        dark: Bool,
        image: CardImage,
        marks: PhotoMarks?,
        burst: String? = nil,
        text: Bool = true,
        widget: UnsafeMutablePointer<GtkWidget>
    ) -> RenderNodeReference? {
        if let node = cached(index, size: size, dark: dark, image: image, marks: marks, burst: burst, text: text) { return node }
        guard deck.cards.indices.contains(index) else { return nil }
        var face = CardFace(card: deck.cards[index], size: size, dark: dark, isPhotoDeck: deck.isPhotoDeck, image: image, marks: marks,
                            shadow: shadow(for: widget, dark: dark))
        face.burst = burst
        face.showsText = text
        face.bodiesAreMarkdown = deck.bodiesAreMarkdown
        face.cornerRadius = cornerRadius
        guard let rendered = face.render(in: widget) else { return nil }
        entries.insert(Entry(node: rendered.node, body: rendered.body, pieces: rendered.pieces, size: size, dark: dark, image: image, marks: marks,
                             burst: burst, hasText: text), for: index)
        return rendered.node
    }

    /// `face`, card `index`'s cached face, without its shadow; nil if the cache no longer holds `face`.
    func body(of face: RenderNodeReference, for index: Int) -> RenderNodeReference? {
        guard let entry = entries.peek(index), entry.node === face else { return nil }
        return entry.body
    }

    /// `face`, card `index`'s cached face, in the pieces drawing a part of it takes; nil if the cache no longer
    /// holds `face`.
    func pieces(of face: RenderNodeReference, for index: Int) -> CardFace.Pieces? {
        guard let entry = entries.peek(index), entry.node === face else { return nil }
        return entry.pieces
    }

    /// Renders the face of card `index` at `size` unless it is cached; returns whether it rendered one.
    mutating func prepare(
        for index: Int,
        of deck: Deck,
        size: Size,
        dark: Bool,
        image: CardImage,
        marks: PhotoMarks?,
        burst: String? = nil,
        widget: UnsafeMutablePointer<GtkWidget>
    ) -> Bool {
        guard cached(index, size: size, dark: dark, image: image, marks: marks, burst: burst, text: true) == nil else { return false }
        return face(for: index, of: deck, size: size, dark: dark, image: image, marks: marks, burst: burst, widget: widget) != nil
    }

    /// Whether `face` is card `index`'s cached face (it was not replaced or forgotten).
    func holds(_ face: RenderNodeReference, for index: Int) -> Bool {
        entries.peek(index)?.node === face
    }

    /// Whether card `index`'s cached face, if any, has its text.
    func hasText(_ index: Int) -> Bool {
        entries.peek(index)?.hasText ?? false
    }

    /// Card `index`'s cached face if it is not drawn into pixels at `scale` yet; nil if there is no face or its
    /// pixels are there.
    func unrasterizedFace(_ index: Int, scale: Int) -> RenderNodeReference? {
        guard let face = entries.peek(index)?.node else { return nil }
        if let entry = rasters.peek(index), entry.face === face, entry.scale == scale { return nil }
        return face
    }

    private func shadow(for widget: UnsafeMutablePointer<GtkWidget>, dark: Bool) -> CardShadow {
        CardShadow.shared(dark: dark, scale: Int(gtk_widget_get_scale_factor(widget)), cairo: RasterNode.drawsWithCairo(widget))
    }

    /// Images of faces kept: the cards behind the front one and a few moving up. Each is the card and its
    /// shadow in pixels, about 0.8 MB at 1× and 3 MB at 2×, so fewer than the faces.
    static let rasterCapacity = 6

    /// Faces drawn once into pixels for the cairo renderer, by card, with the face and scale they were drawn
    /// from.
    private var rasters = RecentlyUsedCache<Int, (face: RenderNodeReference, scale: Int, raster: RenderNodeReference)>(capacity: rasterCapacity)

    /// `face`, card `index`'s, drawn into pixels at `scale` pixels to a point by ``rasterize(_:for:scale:)``, if it
    /// was: what the cairo renderer draws of an upright card at another scale (``RasterNode``).
    mutating func raster(of face: RenderNodeReference, for index: Int, scale: Int) -> RenderNodeReference? {
        guard let entry = rasters.value(for: index), entry.face === face, entry.scale == scale else { return nil }
        return entry.raster
    }

    /// Draws `face`, card `index`'s, into pixels at `scale` pixels to a point, unless that is cached; nil if the
    /// pixels cannot be made.
    @discardableResult
    mutating func rasterize(_ face: RenderNodeReference, for index: Int, scale: Int) -> RenderNodeReference? {
        if let cached = raster(of: face, for: index, scale: scale) { return cached }
        guard let raster = RasterNode.rasterizing(face.node, scale: scale) else { return nil }
        rasters.insert((face, scale, raster), for: index)
        return raster
    }

    /// The cached face of card `index`, if it was rendered for this size, style, picture, marks and burst, and with
    /// its text if `text`.
    private mutating func cached(_ index: Int, size: Size, dark: Bool, image: CardImage, marks: PhotoMarks?, burst: String?, text: Bool) -> RenderNodeReference? {
        guard let entry = entries.value(for: index), entry.size == size, entry.dark == dark, entry.image == image, entry.marks == marks, entry.burst == burst,
              entry.hasText || !text
        else { return nil }
        return entry.node
    }

    /// Stamp nodes by direction, for one card size and label each; made once, faded per frame.
    private var stamps: [SwipeDirection: (node: RenderNodeReference, text: String, cardSize: Size)] = [:]

    /// The stamp for `direction` reading `text` on a card of `cardSize`, made with `make` when missing.
    mutating func stamp(_ direction: SwipeDirection, text: String, cardSize: Size, make: () -> RenderNodeReference?) -> RenderNodeReference? {
        if let cached = stamps[direction], cached.text == text, cached.cardSize == cardSize {
            return cached.node
        }
        guard let node = make() else { return nil }
        stamps[direction] = (node, text, cardSize)
        return node
    }

    /// Forgets every face, after a resize or a change of style.
    mutating func removeAll() {
        entries.removeAll()
        rasters.removeAll()
        stamps.removeAll()
    }
}
