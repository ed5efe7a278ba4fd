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
    /// says where each card was. `parsedUpTo` hears how far into `data` reading has come, and what it throws
    /// ends the read.
    public static func read(
        _ data: Data,
        as format: DeckFormat,
        title: String,
        baseDirectory: URL?,
        mapping: CardFieldMapping = CardFieldMapping(),
        keepsOrigins: Bool = false,
        parsedUpTo: (Int) throws(DeckLoadError) -> Void = { _ in }
    ) throws(DeckLoadError) -> Result {
        var origins: DeckOrigins?
        let deck: Deck
        switch format {
        case .cardStackJSON:
            deck = try JSONDeckParser.parse(data, baseDirectory: baseDirectory, defaultTitle: title, origins: &origins, keepsOrigins: keepsOrigins, parsedUpTo: parsedUpTo)
        case .jsonArray, .jsonLines:
            deck = try JSONRecordsParser.parse(
                data, layout: format == .jsonArray ? .array : .lines, title: title, baseDirectory: baseDirectory, mapping: mapping,
                origins: &origins, keepsOrigins: keepsOrigins, parsedUpTo: parsedUpTo
            )
        case .csv:
            deck = try CSVDeckParser.parse(
                data, title: title, baseDirectory: baseDirectory, mapping: mapping, origins: &origins, keepsOrigins: keepsOrigins, parsedUpTo: parsedUpTo
            )
        case .markdown:
            deck = try MarkdownListParser.parse(data, title: title, baseDirectory: baseDirectory, origins: &origins, keepsOrigins: keepsOrigins, parsedUpTo: parsedUpTo)
        case .text:
            deck = try TextLinesParser.parse(data, title: title, origins: &origins, keepsOrigins: keepsOrigins, parsedUpTo: parsedUpTo)
        }
        return Result(deck: deck, origins: origins)
    }
}
