// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// A card as a deck file writes it, before it has its identity and an absolute image path.
struct CardDraft: Sendable {
    var id: String?
    var title: String?
    var subtitle: String?
    var body: String?
    /// As written, `#rrggbb` or `#rgb`; anything else leaves the card without a colour.
    var color: String?
    /// As written: relative to the deck file's folder, or absolute.
    var image: String?

    /// Turns the drafts into cards: titles required, given ids unique, missing ids made from content.
    ///
    /// Checks run in file order, so the first problem in the file is the one reported. `locate` names a draft
    /// by its index, and is only called for an error.
    static func cards(
        from drafts: [CardDraft],
        baseDirectory: URL?,
        locate: (Int) -> CardLocation
    ) throws(DeckLoadError) -> [Card] {
        var allocator = CardIDAllocator(capacity: drafts.count)
        var cards: [Card] = []
        cards.reserveCapacity(drafts.count)
        let resolver = ImagePathResolver(baseDirectory: baseDirectory)
        // Decks repeat a few colours; `CardColor(hex:)` trims through `NSString`, which adds up over 100,000 cards.
        var colors: [String: (color: CardColor, hex: String)?] = [:]
        func color(_ text: String) -> (color: CardColor, hex: String)? {
            if let known = colors[text] { return known }
            let parsed = CardColor(hex: text).map { ($0, CardIdentity.hexString($0)) }
            colors[text] = parsed
            return parsed
        }
        for (index, draft) in drafts.enumerated() {
            let id = draft.id.flatMap(nonBlank)
            guard let title = draft.title.flatMap(nonBlank) else {
                throw .missingTitle(location: locate(index), id: id)
            }
            if let id, let owner = allocator.claim(id, for: index) {
                throw .duplicateID(id, first: locate(owner), second: locate(index))
            }
            cards.append(Card(
                id: id ?? "",
                title: title,
                subtitle: draft.subtitle.flatMap(nonBlank),
                body: draft.body.flatMap(nonBlank),
                color: draft.color.flatMap(color)?.color,
                imagePath: draft.image.flatMap(nonBlank).map(resolver.resolve)
            ))
        }
        // Generated ids go second so they can never take an id that a later card gives itself.
        for index in cards.indices where drafts[index].id.flatMap(nonBlank) == nil {
            let card = cards[index]
            let base = CardIdentity.contentID(
                title: card.title,
                subtitle: card.subtitle,
                body: card.body,
                colorHex: drafts[index].color.flatMap(color)?.hex,
                image: drafts[index].image.flatMap(nonBlank)
            )
            cards[index].id = allocator.claimGenerated(base, for: index)
        }
        return cards
    }

    /// `text` without surrounding white space, or nil if nothing is left.
    ///
    /// Pure Swift rather than `trimmingCharacters(in:)`, whose trip through `NSString` was most of the time
    /// spent on a 100,000-card deck; text with nothing to trim is returned as it is.
    static func nonBlank(_ text: String) -> String? {
        let visibleASCII: ClosedRange<UInt8> = 0x21...0x7E
        if let first = text.utf8.first, let last = text.utf8.last, visibleASCII.contains(first), visibleASCII.contains(last) {
            return text
        }
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return nil }
        if first == scalars.startIndex && scalars.index(after: last) == scalars.endIndex { return text }
        return String(scalars[first...last])
    }
}
