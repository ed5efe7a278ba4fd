// SPDX-License-Identifier: GPL-3.0-or-later

/// Makes a deck's cards one at a time, packing their content into shared buffers of about
/// ``bufferCapacity`` bytes.
///
/// A card needs its buffer when it is made, and a buffer never changes once cards point into it, so cards are
/// held back while their content is written, and made when their buffer is full (or at ``finish()``).
struct CardPacker: CardIDs {
    /// Bytes of content per shared buffer: large enough that a buffer's own cost (two small allocations) is lost
    /// in it, small enough that the copy that trims it is quick.
    static let bufferCapacity = 64 * 1_024

    private var cards: [Card] = []
    private var bytes: [UInt8] = []
    /// Cards written to `bytes` but not made yet: their ids and where their content starts.
    private var waiting: [(id: String, start: Int)] = []

    init(expectedCount: Int = 0) {
        cards.reserveCapacity(expectedCount)
        bytes.reserveCapacity(Self.bufferCapacity)
    }

    /// Cards added so far.
    var count: Int { cards.count + waiting.count }

    /// The id of the card added `index`th, counting from 0.
    func id(at index: Int) -> String {
        index < cards.count ? cards[index].id : waiting[index - cards.count].id
    }

    /// Makes room for `capacity` cards in all.
    mutating func reserveCapacity(_ capacity: Int) {
        cards.reserveCapacity(capacity)
    }

    /// Adds a card at the end.
    mutating func append(id: String, _ fields: CardContent.Fields) {
        waiting.append((id, bytes.count))
        CardContent.append(fields, to: &bytes)
        if bytes.count >= Self.bufferCapacity { makeWaitingCards() }
    }

    /// Every card added, in order, handed over (the packer keeps none of them); see ``trimmed(_:)``.
    mutating func finish() -> [Card] {
        makeWaitingCards()
        defer { cards = [] }
        return cards
    }

    /// `cards` without the spare room of an array grown by doubling.
    ///
    /// A deck of unknown length grew the array by doubling, leaving up to half of it unused for as long as the
    /// deck is open (31,072 cards' worth at 100,000): copied to its size, the spare goes back now. The copy
    /// holds both arrays for a moment, so it is made once nothing else of the loading is left.
    static func trimmed(_ cards: [Card]) -> [Card] {
        guard cards.capacity - cards.count > cards.count / spareFraction else { return cards }
        return cards.withUnsafeBufferPointer { Array($0) }
    }

    /// Spare room in the finished array worth a copy to drop: more than one card in this many.
    private static let spareFraction = 8

    /// Moves the written content into a buffer of its exact size and makes the cards that point into it.
    private mutating func makeWaitingCards() {
        guard !waiting.isEmpty else { return }
        let buffer = CardContentBuffer(bytes.withUnsafeBufferPointer { Array($0) })
        for card in waiting {
            cards.append(Card(id: card.id, content: CardContent(buffer: buffer, start: card.start)))
        }
        bytes.removeAll(keepingCapacity: true)
        waiting.removeAll(keepingCapacity: true)
    }
}
