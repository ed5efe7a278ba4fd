// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// A card as a deck file writes it, before it has its identity and an absolute image path.
struct CardDraft: Sendable {
    var id: String?
    var title: String?
    /// The subtitle field, which a card without an id is known by.
    var subtitle: String?
    /// What the card shows under its title when it is more than the subtitle field (a template of fields).
    var shownSubtitle: String?
    var body: String?
    /// As written, `#rrggbb` or `#rgb`; anything else leaves the card without a colour.
    var color: String?
    /// As written: relative to the deck file's folder, or absolute.
    var image: String?
    /// A web address, as written.
    var link: String?

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

    /// Whether `text` shows anything: a character that is not white space, a control or format character
    /// (zero-width space, joiners, the byte order mark) or otherwise ignorable by default.
    static func hasVisibleCharacter(_ text: String) -> Bool {
        // Most titles start with a letter; the scalar properties are only looked up for the rest.
        if let first = text.utf8.first, (0x21...0x7E).contains(first) { return true }
        return text.unicodeScalars.contains { scalar in
            let properties = scalar.properties
            switch properties.generalCategory {
            case .control, .format, .spaceSeparator, .lineSeparator, .paragraphSeparator: return false
            default: return !properties.isDefaultIgnorableCodePoint && !properties.isWhitespace
            }
        }
    }
}

/// Turns drafts into cards one at a time, as a parser reads them, so a large deck never holds a list of drafts
/// and a list of cards at once.
///
/// Titles are required and given ids must be unique, checked in file order so the first problem in the file is
/// the one reported. Cards without an id get one made from their content in ``finish()``, after every given id
/// is known, so a generated id can never take one that a later card gives itself.
struct CardListBuilder {
    private var cards: CardPacker
    private var allocator: CardIDAllocator
    /// Cards still waiting for a generated id, with the content hash it starts from.
    private var unnamed: [(index: Int, base: String)] = []
    private let resolver: ImagePathResolver
    /// Decks repeat a few colours; `CardColor(hex:)` trims through `NSString`, which adds up over 100,000 cards.
    private var colors: [String: (color: CardColor, hex: String)?] = [:]

    init(baseDirectory: URL?, expectedCount: Int = 0) {
        allocator = CardIDAllocator(capacity: expectedCount)
        resolver = ImagePathResolver(baseDirectory: baseDirectory)
        cards = CardPacker(expectedCount: expectedCount)
    }

    var isEmpty: Bool { cards.count == 0 }

    /// How many cards have been added.
    var count: Int { cards.count }

    /// Cards read before the deck's length is guessed from the bytes they took.
    static let cardsBeforeGuess = 1_000
    /// How much more room the guess makes than the bytes left suggest, as a fraction: a file whose last cards are
    /// a little longer than its first still fills no table past its room.
    static let guessMargin = 0.05

    /// Once ``cardsBeforeGuess`` cards have been added from the first `parsed` bytes of a file of `total`, makes
    /// room for as many cards as the whole file holds at that rate and returns that count (for the parser's own
    /// per-card tables); nil before and after.
    ///
    /// Grown by doubling instead, the tables of cards and ids held both their halves at once for a moment near
    /// the end of a 100,000-card deck, and kept the spare room of the last doubling: 9 MB of the app's peak memory.
    mutating func guessLength(parsed: Int, of total: Int) -> Int? {
        guard cards.count == Self.cardsBeforeGuess, parsed > 0, total > parsed else { return nil }
        let rate = Double(cards.count) / Double(parsed)
        let expected = Int((Double(total) * rate * (1 + Self.guessMargin)).rounded(.up))
        allocator.reserveCapacity(expected, among: cards)
        cards.reserveCapacity(expected)
        return expected
    }

    /// Adds the card `draft` describes; `locate` names a card by its index, and is only called for an error.
    mutating func append(_ draft: CardDraft, locate: (Int) -> CardLocation) throws(DeckLoadError) {
        let index = cards.count
        let id = draft.id.flatMap(CardDraft.nonBlank)
        guard let title = draft.title.flatMap(CardDraft.nonBlank) else {
            throw .missingTitle(location: locate(index), id: id)
        }
        guard CardDraft.hasVisibleCharacter(title) else { throw .invisibleTitle(location: locate(index), id: id) }
        if let id, id.utf8.contains(0) { throw .idWithNUL(location: locate(index)) }
        if let id, let owner = allocator.claim(id, for: index, among: cards) {
            throw .duplicateID(id, first: locate(owner), second: locate(index))
        }
        let subtitle = draft.subtitle.flatMap(CardDraft.nonBlank)
        // Shown, a template's text; the id stays the subtitle field's, so a deck's decisions outlive a new template.
        let shownSubtitle = draft.shownSubtitle.flatMap(CardDraft.nonBlank) ?? subtitle
        let body = draft.body.flatMap(CardDraft.nonBlank)
        let color = draft.color.flatMap { knownColor($0) }
        let image = draft.image.flatMap(CardDraft.nonBlank)
        let link = draft.link.flatMap(CardDraft.nonBlank)
        if id == nil {
            let base = CardIdentity.contentID(title: title, subtitle: subtitle, body: body, colorHex: color?.hex, image: image, link: link)
            unnamed.append((index, base))
        }
        cards.append(
            id: id ?? "",
            CardContent.Fields(title: title, subtitle: shownSubtitle, body: body, imagePath: image.map(resolver.resolve), link: link, color: color?.color)
        )
    }

    /// The cards, every one with its id.
    mutating func finish() -> [Card] {
        var finished = cards.finish()
        for (index, base) in unnamed {
            let id = allocator.claimGenerated(base, for: index, among: finished)
            finished[index].id = id
        }
        unnamed = []
        // The table of ids (1 MB at 100,000): gone before the trim copies the cards, so the two never add up in
        // the app's peak memory.
        allocator = CardIDAllocator(capacity: 0)
        return CardPacker.trimmed(finished)
    }

    private mutating func knownColor(_ text: String) -> (color: CardColor, hex: String)? {
        if let known = colors[text] { return known }
        let parsed = CardColor(hex: text).map { ($0, CardIdentity.hexString($0)) }
        colors[text] = parsed
        return parsed
    }
}
