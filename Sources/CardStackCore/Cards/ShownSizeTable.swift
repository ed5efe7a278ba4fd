// SPDX-License-Identifier: GPL-3.0-or-later

/// Every card's ``Card/ShownSizes`` of one deck, read once and packed in 8 bytes a card.
///
/// A page that lists cards at their own heights guesses the height of every card it doesn't show from these
/// sizes, again whenever its width changes. Reading them from the cards each time costs a walk through the
/// whole deck's packed text and a retain of each card's storage; from here a guess is arithmetic on four
/// integers next to each other.
///
/// What a card shows is bounded (``Card/shownTitleLimit`` and the others), so every size fits in 16 bits.
///
/// - Complexity: O(n) to build; O(1) to read one card's sizes.
public struct ShownSizeTable: Sendable {
    /// One card's sizes: title, subtitle and body bytes as shown (``absent`` for a field the card lacks), and
    /// whether it has a picture.
    private struct Entry {
        var title: UInt16
        var subtitle: UInt16
        var body: UInt16
        var hasImage: Bool
    }

    /// The mark of a field the card doesn't have; no shown field is this long.
    private static let absent = UInt16.max

    private var entries: [Entry]

    /// Reads the sizes of `cards`, in their order.
    public init(_ cards: [Card]) {
        var entries: [Entry] = []
        entries.reserveCapacity(cards.count)
        // Each card read where it lies: a copy of it would retain its id, a string of its own somewhere in the
        // heap, and that reach for 100,000 ids cost more than reading their sizes.
        cards.withUnsafeBufferPointer { cards in
            for index in cards.indices {
                let sizes = cards[index].shownSizes
                entries.append(Entry(
                    title: Self.packed(sizes.titleUTF8Count),
                    subtitle: sizes.subtitleUTF8Count.map(Self.packed) ?? Self.absent,
                    body: sizes.bodyUTF8Count.map(Self.packed) ?? Self.absent,
                    hasImage: sizes.hasImage
                ))
            }
        }
        self.entries = entries
    }

    /// How many cards the table holds.
    public var count: Int { entries.count }

    /// Card `index`'s sizes.
    public subscript(index: Int) -> Card.ShownSizes {
        let entry = entries[index]
        return Card.ShownSizes(
            titleUTF8Count: Int(entry.title),
            subtitleUTF8Count: entry.subtitle == Self.absent ? nil : Int(entry.subtitle),
            bodyUTF8Count: entry.body == Self.absent ? nil : Int(entry.body),
            hasImage: entry.hasImage
        )
    }

    /// `count`, held below ``absent``: the limits keep shown text far shorter, so only a change to them could
    /// reach it, and the guess then sees the longest text it can tell.
    private static func packed(_ count: Int) -> UInt16 {
        UInt16(min(count, Int(absent) - 1))
    }
}
