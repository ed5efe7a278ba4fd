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

    struct Entry {
        let node: RenderNodeReference
        let size: Size
        let dark: Bool
        let image: CardImage
        var lastUse: Int
    }

    private var entries: [Int: Entry] = [:]
    private var clock = 0

    /// The face of card `index` at `size`, rendered now if it is not cached.
    mutating func face(
        for index: Int,
        of deck: Deck,
        size: Size,
        dark: Bool,
        image: CardImage,
        widget: UnsafeMutablePointer<GtkWidget>
    ) -> RenderNodeReference? {
        clock += 1
        if var entry = entries[index], entry.size == size, entry.dark == dark, entry.image == image {
            entry.lastUse = clock
            entries[index] = entry
            return entry.node
        }
        guard deck.cards.indices.contains(index),
              let node = CardFace(card: deck.cards[index], size: size, dark: dark, image: image).render(in: widget)
        else { return nil }
        if entries.count >= Self.capacity, let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse }) {
            entries[oldest.key] = nil
        }
        entries[index] = Entry(node: node, size: size, dark: dark, image: image, lastUse: clock)
        return node
    }

    /// Forgets every face, after a resize or a change of style.
    mutating func removeAll() {
        entries.removeAll()
    }
}
