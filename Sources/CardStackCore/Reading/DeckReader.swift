// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Reads a deck from bytes in any ``DeckFormat``: the one place the formats meet, for files and pipes alike.
public enum DeckReader {
    /// A deck, and where each card was in the bytes when that was asked for.
    public struct Result: Sendable {
        /// The deck read.
        public var deck: Deck
        /// Each card's place in the input, with `keepsOrigins`.
        public var origins: DeckOrigins?
    }

    /// Reads `data` as `format`. `title` names a deck whose input gives it no title; relative image paths resolve
    /// against `baseDirectory`; `mapping` says which fields fill a card's parts; with `keepsOrigins` the result
    /// says where each card was; with `cardLimit`, a list of records (CSV, JSON) is read only that far, for a
    /// preview. `parsedUpTo` hears how far into `data` reading has come, and what it throws ends the read.
    public static func read(
        _ data: Data,
        as format: DeckFormat,
        title: String,
        baseDirectory: URL?,
        mapping: CardFieldMapping = CardFieldMapping(),
        keepsOrigins: Bool = false,
        cardLimit: Int? = nil,
        parsedUpTo: (Int) throws(DeckLoadError) -> Void = { _ in }
    ) throws(DeckLoadError) -> Result {
        var origins: DeckOrigins?
        var deck: Deck
        switch format {
        case .cardStackJSON:
            deck = try JSONDeckParser.parse(data, baseDirectory: baseDirectory, defaultTitle: title, origins: &origins, keepsOrigins: keepsOrigins, parsedUpTo: parsedUpTo)
        case .jsonArray, .jsonLines:
            deck = try JSONRecordsParser.parse(
                data, layout: format == .jsonArray ? .array : .lines, title: title, baseDirectory: baseDirectory, mapping: mapping,
                origins: &origins, keepsOrigins: keepsOrigins, cardLimit: cardLimit, parsedUpTo: parsedUpTo
            )
        case .csv:
            deck = try CSVDeckParser.parse(
                data, title: title, baseDirectory: baseDirectory, mapping: mapping, origins: &origins, keepsOrigins: keepsOrigins,
                cardLimit: cardLimit, parsedUpTo: parsedUpTo
            )
        case .markdown:
            deck = try MarkdownListParser.parse(data, title: title, baseDirectory: baseDirectory, origins: &origins, keepsOrigins: keepsOrigins, parsedUpTo: parsedUpTo)
            deck.bodiesAreMarkdown = true
        case .text:
            deck = try TextLinesParser.parse(data, title: title, origins: &origins, keepsOrigins: keepsOrigins, parsedUpTo: parsedUpTo)
        }
        deck.cardsHaveRecords = format.hasRecords
        return Result(deck: deck, origins: origins)
    }

    /// The names of the fields the records of `data` have, in the order they first appear: a CSV's header, the
    /// keys of a JSON list's first `sampleSize` objects. Empty for formats without fields (text, Markdown,
    /// CardStack's own decks) and for input that doesn't read.
    public static func fieldNames(in data: Data, as format: DeckFormat, sampleSize: Int = 100) -> [String] {
        let start = DeckText.byteOrderMarkLength(of: data)
        return data.withUnsafeBytes { raw -> [String] in
            let bytes = raw.bindMemory(to: UInt8.self)
            switch format {
            case .csv:
                var reader = CSVReader(bytes: bytes, from: start)
                var fields: [String] = []
                guard (try? reader.readRecord(into: &fields)) == true else { return [] }
                return fields.map { $0.trimmingCharacters(in: .whitespaces) }
            case .jsonArray, .jsonLines:
                var scanner = JSONScanner(bytes: bytes, offset: start)
                var names: [String] = []
                var seen = Set<String>()
                func readObject() throws(DeckLoadError) {
                    guard try scanner.nextKind() == .object else { return try scanner.skipValue() }
                    try scanner.beginObject(orFail: "")
                    var first = true
                    while try scanner.nextMember(first: first) {
                        first = false
                        let key = try scanner.readKey()
                        if seen.insert(key).inserted { names.append(key) }
                        try scanner.skipValue()
                    }
                }
                do throws(DeckLoadError) {
                    if format == .jsonArray {
                        try scanner.beginArray(orFail: "")
                        var first = true
                        var count = 0
                        while count < sampleSize, try scanner.nextElement(first: first) {
                            first = false
                            try readObject()
                            count += 1
                        }
                    } else {
                        var count = 0
                        while count < sampleSize, !scanner.isAtEnd() {
                            try readObject()
                            count += 1
                        }
                    }
                } catch {
                    // What was read before the input went wrong still names fields.
                }
                return names
            case .cardStackJSON, .markdown, .text:
                return []
            }
        }
    }
}
