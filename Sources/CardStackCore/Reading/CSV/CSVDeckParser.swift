// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Reads a deck from a spreadsheet saved as CSV (RFC 4180), one card per row: any export, as it comes.
///
/// The first row names the columns; each part of a card comes from the column ``CardFieldMapping`` picks for it
/// (`title`, `Name`, `Subject`…, or the one the user chose), and a file none of whose columns names a title takes
/// its titles from its first column. Quoted fields may hold separators, doubled quotes and line breaks;
/// semicolon- and tab-separated files, as European spreadsheets and databases write them, are recognised by their
/// header row; a byte order mark and `="…"` text formulas are read as spreadsheets mean them. Every direction is
/// allowed, with its default label.
public enum CSVDeckParser {
    /// Parses CSV text; `title` names the deck (the loader passes the file name) and relative image paths
    /// resolve against `baseDirectory`. `parsedUpTo` hears, after each row, how far into `data` parsing has come;
    /// what it throws ends the parse.
    public static func parse(
        _ data: Data,
        title: String,
        baseDirectory: URL?,
        mapping: CardFieldMapping = CardFieldMapping(),
        parsedUpTo: (Int) throws(DeckLoadError) -> Void = { _ in }
    ) throws(DeckLoadError) -> Deck {
        var origins: DeckOrigins?
        return try parse(
            data, title: title, baseDirectory: baseDirectory, mapping: mapping, origins: &origins, keepsOrigins: false, cardLimit: nil, parsedUpTo: parsedUpTo
        )
    }

    /// `parse`, noting each card's row in `origins` when `keepsOrigins`, and stopping after `cardLimit` cards.
    static func parse(
        _ data: Data,
        title: String,
        baseDirectory: URL?,
        mapping: CardFieldMapping,
        origins: inout DeckOrigins?,
        keepsOrigins: Bool,
        cardLimit: Int?,
        parsedUpTo: (Int) throws(DeckLoadError) -> Void
    ) throws(DeckLoadError) -> Deck {
        let cards = try DeckText.read(data) { bytes, start throws(DeckLoadError) in
            var reader = CSVReader(bytes: bytes, from: start)
            return try self.cards(
                from: &reader, baseDirectory: baseDirectory, mapping: mapping, origins: &origins, keepsOrigins: keepsOrigins, cardLimit: cardLimit,
                parsedUpTo: parsedUpTo
            )
        }
        return Deck(title: title, cards: cards)
    }

    private static func cards(
        from reader: inout CSVReader,
        baseDirectory: URL?,
        mapping: CardFieldMapping,
        origins: inout DeckOrigins?,
        keepsOrigins: Bool,
        cardLimit: Int?,
        parsedUpTo: (Int) throws(DeckLoadError) -> Void
    ) throws(DeckLoadError) -> [Card] {
        var fields: [String] = []
        let headerStart = reader.offset
        guard try reader.readRecord(into: &fields) else { throw .missingTitleColumn(header: []) }
        let header = fields.map { $0.trimmingCharacters(in: .whitespaces) }
        guard header.contains(where: { !$0.isEmpty }) else { throw .missingTitleColumn(header: header) }
        if keepsOrigins { origins = DeckOrigins(form: .csv(header: headerStart..<reader.offset)) }
        var columns: [CardFieldMapping.Role: Int]
        do {
            columns = try mapping.columns(for: header)
        } catch {
            throw .unknownField(error.description)
        }
        if columns[.title] == nil {
            // An export whose columns name no title: the first column that nothing else took, as a person reading
            // the sheet would take it.
            let taken = Set(columns.values)
            columns[.title] = header.indices.first { !taken.contains($0) } ?? 0
        }
        let subtitleTemplate = mapping.subtitleTemplate(for: header, columns: columns)

        var builder = CardListBuilder(baseDirectory: baseDirectory)
        var locations: [CardLocation] = []
        while builder.count < cardLimit ?? .max {
            let rowStart = reader.offset
            guard try reader.readRecord(into: &fields) else { break }
            // A blank line is a row with one empty field; spreadsheets leave them at the end.
            if fields == [""] { continue }
            guard fields.count == header.count else {
                throw .raggedRow(location: reader.recordLocation, fieldCount: fields.count, headerFieldCount: header.count)
            }
            func field(_ role: CardFieldMapping.Role) -> String? {
                columns[role].map { fields[$0] }
            }
            locations.append(reader.recordLocation)
            try builder.append(CardDraft(
                id: field(.id),
                title: field(.title),
                subtitle: field(.subtitle),
                shownSubtitle: subtitleTemplate?.render { fields[$0] },
                body: field(.body),
                color: field(.color),
                image: field(.image),
                link: field(.link)
            )) { locations[$0] }
            origins?.append(rowStart..<reader.offset)
            if let expected = builder.guessLength(parsed: reader.offset, of: reader.bytes.count) {
                locations.reserveCapacity(expected)
                origins?.reserveCapacity(expected)
            }
            try parsedUpTo(reader.offset)
        }
        guard !builder.isEmpty else { throw .noCards }
        return builder.finish()
    }
}
