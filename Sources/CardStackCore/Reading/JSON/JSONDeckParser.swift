// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Reads the JSON deck format.
///
/// ```json
/// { "title": "Books", "directions": { "right": "Read", "left": "Skip" },
///   "cards": [ { "id": "dune", "title": "Dune", "subtitle": "…", "body": "…", "color": "#3584e4",
///                "image": "covers/dune.jpg" } ] }
/// ```
/// Only `cards` and each card's `title` are required; unknown fields are ignored. `directions`, when present,
/// allows only the directions it names, with those labels. A card without `id` gets one from its content
/// (`CardIdentity`). A colour that isn't `#rrggbb` or `#rgb` is ignored.
public enum JSONDeckParser {
    /// The title of a deck whose file gives none and whose caller has no file name to offer.
    public static var untitledDeckTitle: String { tr("Untitled deck") }

    /// Parses deck JSON; relative image paths resolve against `baseDirectory`, and `defaultTitle` names a deck
    /// whose file has no `title`. `parsedUpTo` hears, after each card, how far into `data` parsing has come;
    /// what it throws ends the parse.
    public static func parse(
        _ data: Data,
        baseDirectory: URL?,
        defaultTitle: String = untitledDeckTitle,
        parsedUpTo: (Int) throws(DeckLoadError) -> Void = { _ in }
    ) throws(DeckLoadError) -> Deck {
        var origins: DeckOrigins?
        return try parse(data, baseDirectory: baseDirectory, defaultTitle: defaultTitle, origins: &origins, keepsOrigins: false, parsedUpTo: parsedUpTo)
    }

    /// `parse`, noting each card's object in `origins` when `keepsOrigins`.
    static func parse(
        _ data: Data,
        baseDirectory: URL?,
        defaultTitle: String,
        origins: inout DeckOrigins?,
        keepsOrigins: Bool,
        parsedUpTo: (Int) throws(DeckLoadError) -> Void
    ) throws(DeckLoadError) -> Deck {
        if keepsOrigins { origins = DeckOrigins(form: .json) }
        return try DeckText.read(data) { bytes, start throws(DeckLoadError) in
            var reader = Reader(scanner: JSONScanner(bytes: bytes, offset: start))
            return try reader.readDeck(baseDirectory: baseDirectory, defaultTitle: defaultTitle, origins: &origins, parsedUpTo: parsedUpTo)
        }
    }

    /// Walks the deck's object with a scanner, keeping only the fields the format defines.
    private struct Reader {
        var scanner: JSONScanner

        mutating func readDeck(
            baseDirectory: URL?,
            defaultTitle: String,
            origins: inout DeckOrigins?,
            parsedUpTo: (Int) throws(DeckLoadError) -> Void
        ) throws(DeckLoadError) -> Deck {
            try scanner.beginObject(orFail: tr("expected ‘{’ to open the deck"))
            var title: String?
            var directions: (allowed: Set<SwipeDirection>, labels: [SwipeDirection: String])?
            var builder = CardListBuilder(baseDirectory: baseDirectory)
            var first = true
            while try scanner.nextMember(first: first) {
                first = false
                switch try scanner.readKey() {
                case "title": title = try readText(field: tr("the deck's “title”"))
                case "directions": directions = try readDirections()
                case "cards": try readCards(into: &builder, baseDirectory: baseDirectory, origins: &origins, parsedUpTo: parsedUpTo)
                default: try scanner.skipValue()
                }
            }
            guard scanner.isAtEnd() else {
                throw scanner.error(tr("the deck ends at the ‘}’ before this; remove what follows it"))
            }
            guard !builder.isEmpty else { throw .noCards }
            return Deck(
                title: title.flatMap(CardDraft.nonBlank) ?? defaultTitle,
                cards: builder.finish(),
                allowedDirections: directions?.allowed ?? Set(SwipeDirection.allCases),
                labels: directions?.labels ?? [:]
            )
        }

        /// `{ "right": "Keep", … }`: only the named directions are allowed; unknown names are ignored.
        private mutating func readDirections() throws(DeckLoadError) -> (allowed: Set<SwipeDirection>, labels: [SwipeDirection: String])? {
            if try scanner.nextKind() == .null {
                try scanner.readNull()
                return nil
            }
            try scanner.beginObject(orFail: tr("expected “directions” to be an object such as { \"right\": \"Keep\" }"))
            var allowed: Set<SwipeDirection> = []
            var labels: [SwipeDirection: String] = [:]
            var first = true
            while try scanner.nextMember(first: first) {
                first = false
                let name = try scanner.readKey()
                guard let direction = SwipeDirection(rawValue: name.lowercased()) else {
                    try scanner.skipValue()
                    continue
                }
                allowed.insert(direction)
                // A null or blank label allows the direction under its default name.
                labels[direction] = try readText(field: String(format: tr("the label of “%@”"), name)).flatMap(CardDraft.nonBlank)
            }
            guard !allowed.isEmpty else { throw .noDirections }
            return (allowed, labels)
        }

        /// Reads `cards`, turning each into a card as soon as it is read.
        private mutating func readCards(
            into builder: inout CardListBuilder,
            baseDirectory: URL?,
            origins: inout DeckOrigins?,
            parsedUpTo: (Int) throws(DeckLoadError) -> Void
        ) throws(DeckLoadError) {
            // A second "cards" key replaces the first, as in any JSON object.
            builder = CardListBuilder(baseDirectory: baseDirectory)
            if origins != nil { origins = DeckOrigins(form: .json) }
            // Where each card's ‘{’ is, to name cards in errors: a line number is worked out only then.
            var offsets: [Int] = []
            if try scanner.nextKind() == .null {
                try scanner.readNull()
                return
            }
            try scanner.beginArray(orFail: tr("expected “cards” to be a list in ‘[ ]’"))
            var first = true
            while try scanner.nextElement(first: first) {
                first = false
                let number = offsets.count + 1
                offsets.append(scanner.offset)
                let draft = try readCard(number: number)
                origins?.append(offsets[number - 1]..<scanner.offset)
                let bytes = scanner.bytes
                try builder.append(draft) { index in
                    .card(number: index + 1, line: TextPosition(offset: offsets[index], in: bytes).line)
                }
                if let expected = builder.guessLength(parsed: scanner.offset, of: bytes.count) { offsets.reserveCapacity(expected) }
                try parsedUpTo(scanner.offset)
            }
        }

        private mutating func readCard(number: Int) throws(DeckLoadError) -> CardDraft {
            try scanner.beginObject(orFail: String(format: tr("expected card %ld to be an object in ‘{ }’"), number))
            var draft = CardDraft()
            var first = true
            while try scanner.nextMember(first: first) {
                first = false
                let key = try scanner.readKey()
                switch key {
                case "id": draft.id = try readID(cardNumber: number)
                case "title": draft.title = try readText(field: String(format: tr("card %1$ld's “%2$@”"), number, key))
                case "subtitle": draft.subtitle = try readText(field: String(format: tr("card %1$ld's “%2$@”"), number, key))
                case "body": draft.body = try readText(field: String(format: tr("card %1$ld's “%2$@”"), number, key))
                case "color", "colour": draft.color = try readText(field: String(format: tr("card %1$ld's “%2$@”"), number, key))
                case "image": draft.image = try readText(field: String(format: tr("card %1$ld's “%2$@”"), number, key))
                case "link", "url": draft.link = try readText(field: String(format: tr("card %1$ld's “%2$@”"), number, key))
                default: try scanner.skipValue()
                }
            }
            return draft
        }

        /// A string, or nil for `null`; anything else is an error naming `field`.
        ///
        /// `field` is an autoclosure because building the phrase for every field of every card was a tenth of
        /// the time a 100,000-card deck took to load.
        private mutating func readText(field: @autoclosure () -> String) throws(DeckLoadError) -> String? {
            switch try scanner.nextKind() {
            case .string: return try scanner.readString()
            case .null:
                try scanner.readNull()
                return nil
            default: throw scanner.error(String(format: tr("expected %1$@ to be text in quotes, found %2$@"), field(), scanner.foundDescription()))
            }
        }

        /// Ids are strings, but numbered lists often write them as numbers: take those as written.
        private mutating func readID(cardNumber: Int) throws(DeckLoadError) -> String? {
            if try scanner.nextKind() == .number { return try scanner.readNumberText() }
            return try readText(field: String(format: tr("card %1$ld's “%2$@”"), cardNumber, "id"))
        }
    }
}
