// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Reads lists that other tools write as JSON, one card per item: a JSON array (`gh issue list --json …`, an
/// export) or JSON Lines (`jq -c`, logs), of objects or of plain strings.
///
/// A string is a card's title. An object's fields fill the card's parts as ``CardFieldMapping`` says, and a
/// nested value is flattened the way a person would read it: an array of labels becomes "bug, ui", an author
/// object its name, numbers and booleans as written. Values nested deeper than ``nestingLimit`` are skipped, so no
/// input can exhaust the stack.
enum JSONRecordsParser {
    /// How the items are laid out.
    enum Layout: Sendable {
        /// One array of items.
        case array
        /// Items one after another, one a line (any white space between them is accepted).
        case lines
    }

    /// How deep a value inside an item is read; deeper ones are skipped whole.
    static let nestingLimit = 8

    /// The member of a nested object that names it, in order of preference: a label's `name`, a user's `login`.
    static let namingMembers = ["name", "title", "login", "label", "text", "value"]

    /// Parses `data` laid out as `layout`; `title` names the deck and relative image paths resolve against
    /// `baseDirectory`. With `keepsOrigins`, each card's item is noted in `origins`.
    static func parse(
        _ data: Data,
        layout: Layout,
        title: String,
        baseDirectory: URL?,
        mapping: CardFieldMapping,
        origins: inout DeckOrigins?,
        keepsOrigins: Bool,
        cardLimit: Int? = nil,
        parsedUpTo: (Int) throws(DeckLoadError) -> Void
    ) throws(DeckLoadError) -> Deck {
        if keepsOrigins { origins = DeckOrigins(form: .json) }
        var bodiesAreMarkdown = false
        let cards = try DeckText.read(data) { bytes, start throws(DeckLoadError) in
            var reader = Reader(scanner: JSONScanner(bytes: bytes, offset: start), mapping: mapping, baseDirectory: baseDirectory)
            try reader.readItems(layout: layout, limit: cardLimit ?? .max, origins: &origins, parsedUpTo: parsedUpTo)
            bodiesAreMarkdown = reader.layoutColumns[.body].map { reader.layoutKeys[$0].lowercased() == "body" } ?? false
            return try reader.finish()
        }
        var deck = Deck(title: title, cards: cards)
        deck.bodiesAreMarkdown = bodiesAreMarkdown
        return deck
    }

    private struct Reader {
        var scanner: JSONScanner
        let mapping: CardFieldMapping
        var builder: CardListBuilder
        /// The keys of the last item whose layout was worked out, each key's place among them, which fields fill
        /// which parts (by place), and which of its fields any part (or the title's fallback) reads: the items of
        /// one list nearly always share their keys, so the next item's values that nothing reads are skipped, not
        /// made into strings. Some writers (Swift's `JSONEncoder`, hash-ordered maps) put the same keys in another
        /// order in every item: a key found elsewhere in the layout still counts as the same field.
        var layoutKeys: [String] = []
        var layoutPlaces: [String: Int] = [:]
        var layoutColumns: [CardFieldMapping.Role: Int] = [:]
        var layoutSubtitle: FieldTemplate.Resolved?
        var layoutReads: [Bool] = []
        /// The current item's keys and values, kept between items for their storage.
        var keys: [String] = []
        var values: [String?] = []
        /// For each key of the layout, where the current item has it among its members (-1: not yet seen).
        var slots: [Int] = []

        init(scanner: JSONScanner, mapping: CardFieldMapping, baseDirectory: URL?) {
            self.scanner = scanner
            self.mapping = mapping
            builder = CardListBuilder(baseDirectory: baseDirectory)
        }

        /// Reads the items, or the first `limit` of them (for a preview).
        mutating func readItems(layout: Layout, limit: Int, origins: inout DeckOrigins?, parsedUpTo: (Int) throws(DeckLoadError) -> Void) throws(DeckLoadError) {
            // Where each card's item starts, to name it in errors: a line number is worked out only then.
            var offsets: [Int] = []
            switch layout {
            case .array:
                try scanner.beginArray(orFail: tr("expected ‘[’ to open the list"))
                var first = true
                while try scanner.nextElement(first: first) {
                    first = false
                    try readItem(offsets: &offsets, origins: &origins, parsedUpTo: parsedUpTo)
                    if offsets.count >= limit { return }
                }
                guard scanner.isAtEnd() else { throw scanner.error(tr("the list ends at the ‘]’ before this; remove what follows it")) }
            case .lines:
                while offsets.count < limit, !scanner.isAtEnd() {
                    try readItem(offsets: &offsets, origins: &origins, parsedUpTo: parsedUpTo)
                }
            }
        }

        mutating func finish() throws(DeckLoadError) -> [Card] {
            guard !builder.isEmpty else { throw .noCards }
            return builder.finish()
        }

        private mutating func readItem(
            offsets: inout [Int],
            origins: inout DeckOrigins?,
            parsedUpTo: (Int) throws(DeckLoadError) -> Void
        ) throws(DeckLoadError) {
            scanner.skipWhitespace()
            let start = scanner.offset
            let number = offsets.count + 1
            let draft = try readDraft(number: number)
            offsets.append(start)
            let bytes = scanner.bytes
            try builder.append(draft) { index in
                .card(number: index + 1, line: TextPosition(offset: offsets[index], in: bytes).line)
            }
            origins?.append(start..<scanner.offset)
            if let expected = builder.guessLength(parsed: scanner.offset, of: bytes.count) {
                offsets.reserveCapacity(expected)
                origins?.reserveCapacity(expected)
            }
            try parsedUpTo(scanner.offset)
        }

        private mutating func readDraft(number: Int) throws(DeckLoadError) -> CardDraft {
            switch try scanner.nextKind() {
            case .string:
                return CardDraft(title: try scanner.readString())
            case .object:
                return try readObject(number: number)
            case .number:
                throw scanner.error(String(format: tr("item %ld is a number: each card is an object in ‘{ }’ or text in quotes"), number))
            case .boolean:
                // `nextKind` stopped on the value's first byte: `t` or `f`.
                let word = scanner.bytes[scanner.offset] == UInt8(ascii: "t") ? "true" : "false"
                throw scanner.error(String(format: tr("item %1$ld is %2$@: each card is an object in ‘{ }’ or text in quotes"), number, word))
            case .array:
                throw scanner.error(String(format: tr("item %ld is a list in ‘[ ]’: each card is an object in ‘{ }’ or text in quotes"), number))
            case .null:
                throw scanner.error(String(format: tr("item %ld is null: each card is an object in ‘{ }’ or text in quotes"), number))
            }
        }

        private mutating func readObject(number: Int) throws(DeckLoadError) -> CardDraft {
            let saved = scanner
            let read = try readMembers(number: number, skippingUnread: true)
            if !read.sameKeys {
                if read.skipped {
                    // The keys differ from the last item's after all: read this one again, every value.
                    scanner = saved
                    _ = try readMembers(number: number, skippingUnread: false)
                }
                layoutKeys = keys
                layoutPlaces = Dictionary(keys.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
                layoutColumns = try columns(number: number, start: saved.offset)
                layoutSubtitle = mapping.subtitleTemplate(for: keys, columns: layoutColumns)
                // Without a title field, the title is the first text no part took: every field may be read.
                let taken = Set(layoutColumns.values).union(layoutSubtitle?.columns ?? [])
                layoutReads = keys.indices.map { layoutColumns[.title] == nil || taken.contains($0) }
                slots = Array(keys.indices)
            }
            let (columns, slots) = (layoutColumns, slots)
            func value(_ role: CardFieldMapping.Role) -> String? {
                columns[role].flatMap { values[slots[$0]] }
            }
            var title = value(.title)
            if title == nil, mapping.chosen[.title] == nil {
                // No field names a title: the first text no other part took, as a person skimming the item would.
                let taken = Set(columns.values.map { slots[$0] })
                title = values.indices.first { !taken.contains($0) && values[$0].flatMap(CardDraft.nonBlank) != nil }.flatMap { values[$0] }
            }
            return CardDraft(
                id: value(.id),
                title: title,
                subtitle: value(.subtitle),
                shownSubtitle: layoutSubtitle?.render { values[slots[$0]] },
                body: value(.body),
                color: value(.color),
                image: value(.image),
                link: value(.link)
            )
        }

        /// Reads the object's keys and values into ``keys`` and ``values``, and where it has each of the layout's
        /// keys into ``slots``; with `skippingUnread`, a value the layout says nothing reads is skipped (nil) while
        /// the keys so far are the layout's. Says whether any value was skipped, and whether the item has exactly
        /// the layout's keys, in any order.
        private mutating func readMembers(number: Int, skippingUnread: Bool) throws(DeckLoadError) -> (skipped: Bool, sameKeys: Bool) {
            try scanner.beginObject(orFail: String(format: tr("expected item %ld to be an object in ‘{ }’"), number))
            keys.removeAll(keepingCapacity: true)
            values.removeAll(keepingCapacity: true)
            slots.removeAll(keepingCapacity: true)
            slots.append(contentsOf: repeatElement(-1, count: layoutKeys.count))
            var skipped = false
            var sameKeys = true
            var first = true
            while try scanner.nextMember(first: first) {
                first = false
                let key = try scanner.readKey()
                let index = keys.count
                keys.append(key)
                // The same place as in the layout is the common case, and needs no hashing.
                let place = index < layoutKeys.count && layoutKeys[index] == key ? index : layoutPlaces[key]
                if let place, slots[place] < 0 {
                    slots[place] = index
                } else {
                    sameKeys = false
                }
                if skippingUnread, sameKeys, let place, !layoutReads[place] {
                    try scanner.skipValue()
                    values.append(nil)
                    skipped = true
                } else {
                    values.append(try scanner.flatValue(depth: 1))
                }
            }
            return (skipped, sameKeys && keys.count == layoutKeys.count)
        }

        /// Which field fills which part for an item with ``keys``; `start` is where the item begins, for an error.
        private func columns(number: Int, start: Int) throws(DeckLoadError) -> [CardFieldMapping.Role: Int] {
            do {
                return try mapping.columns(for: keys)
            } catch {
                // A field chosen for a part that this item lacks: fine for the other parts, not for the title.
                if let title = mapping.chosen[.title], !keys.contains(where: { $0.lowercased() == title.lowercased() }) {
                    let position = TextPosition(offset: start, in: scanner.bytes)
                    throw .unknownField(String(format: tr("Card %1$ld (line %2$ld) has no field “%3$@” for its title"), number, position.line, title))
                }
                let present = mapping.chosen.filter { _, field in keys.contains { $0.lowercased() == field.lowercased() } }
                return (try? CardFieldMapping(chosen: present).columns(for: keys)) ?? [:]
            }
        }
    }
}
