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
        let size: Size
        let dark: Bool
        let image: CardImage
    }

    private var entries = RecentlyUsedCache<Int, Entry>(capacity: capacity)
    /// The face of card `index` at `size`, rendered now if it is not cached.
    mutating func face(
        for index: Int,
        of deck: Deck,
        size: Size,
        dark: Bool,
        image: CardImage,
        widget: UnsafeMutablePointer<GtkWidget>
    ) -> RenderNodeReference? {
        if let node = cached(index, size: size, dark: dark, image: image) { return node }
        guard deck.cards.indices.contains(index),
              let node = CardFace(card: deck.cards[index], size: size, dark: dark, isPhotoDeck: deck.isPhotoDeck, image: image, shadow: CardShadow.shared(dark: dark, scale: Int(gtk_widget_get_scale_factor(widget)))).render(in: widget)
        else { return nil }
        entries.insert(Entry(node: node, size: size, dark: dark, image: image), for: index)
        return node
    }

    /// Renders the face of card `index` at `size` unless it is cached; returns whether it rendered one.
    mutating func prepare(
        for index: Int,
        of deck: Deck,
        size: Size,
        dark: Bool,
        image: CardImage,
        widget: UnsafeMutablePointer<GtkWidget>
    ) -> Bool {
        guard cached(index, size: size, dark: dark, image: image) == nil else { return false }
        return face(for: index, of: deck, size: size, dark: dark, image: image, widget: widget) != nil
    }

    /// The cached face of card `index`, if it was rendered for this size, style and picture.
    private mutating func cached(_ index: Int, size: Size, dark: Bool, image: CardImage) -> RenderNodeReference? {
        guard let entry = entries.value(for: index), entry.size == size, entry.dark == dark, entry.image == image else { return nil }
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
        stamps.removeAll()
    }
}
