// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Reads a deck from a spreadsheet saved as CSV (RFC 4180), one card per row.
///
/// The first row names the columns: `id`, `title`, `subtitle`, `body`, `color` (or `colour`) and `image`, in
/// any order and any case; only `title` is required and other columns are ignored. Quoted fields may hold
/// commas, doubled quotes and line breaks. Semicolon- and tab-separated files, as some spreadsheets write
/// them, are recognised by their header row. Every direction is allowed, with its default label.
public enum CSVDeckParser {
    /// The header names the format knows, lowercased.
    enum Column: String, CaseIterable {
        case id, title, subtitle, body, color, colour, image
    }

    /// Parses CSV text; `title` names the deck (the loader passes the file name) and relative image paths
    /// resolve against `baseDirectory`. `parsedUpTo` hears, after each row, how far into `data` parsing has come;
    /// what it throws ends the parse.
    public static func parse(
        _ data: Data,
        title: String,
        baseDirectory: URL?,
        parsedUpTo: (Int) throws(DeckLoadError) -> Void = { _ in }
    ) throws(DeckLoadError) -> Deck {
        let start = DeckText.byteOrderMarkLength(of: data)
        if DeckText.looksWideWithoutMark(data.dropFirst(start)) { throw .wideTextWithoutMark }
        let result = data.withUnsafeBytes { raw -> Result<[Card], DeckLoadError> in
            var reader = CSVReader(bytes: raw.bindMemory(to: UInt8.self), from: start)
            do throws(DeckLoadError) {
                return .success(try cards(from: &reader, baseDirectory: baseDirectory, parsedUpTo: parsedUpTo))
            } catch {
                return .failure(error)
            }
        }
        return Deck(title: title, cards: try result.get())
    }

    private static func cards(
        from reader: inout CSVReader,
        baseDirectory: URL?,
        parsedUpTo: (Int) throws(DeckLoadError) -> Void
    ) throws(DeckLoadError) -> [Card] {
        var fields: [String] = []
        guard try reader.readRecord(into: &fields) else { throw .missingTitleColumn(header: []) }
        let header = fields.map { $0.trimmingCharacters(in: .whitespaces) }
        var columnIndex: [Column: Int] = [:]
        for (index, name) in header.enumerated() {
            guard let column = Column(rawValue: name.lowercased()), columnIndex[column] == nil else { continue }
            columnIndex[column] = index
        }
        guard columnIndex[.title] != nil else { throw .missingTitleColumn(header: header) }

        var builder = CardListBuilder(baseDirectory: baseDirectory)
        var locations: [CardLocation] = []
        while try reader.readRecord(into: &fields) {
            // A blank line is a row with one empty field; spreadsheets leave them at the end.
            if fields == [""] { continue }
            guard fields.count == header.count else {
                throw .raggedRow(location: reader.recordLocation, fieldCount: fields.count, headerFieldCount: header.count)
            }
            func field(_ column: Column) -> String? {
                columnIndex[column].map { fields[$0] }
            }
            locations.append(reader.recordLocation)
            try builder.append(CardDraft(
                id: field(.id),
                title: field(.title),
                subtitle: field(.subtitle),
                body: field(.body),
                color: field(.color) ?? field(.colour),
                image: field(.image)
            )) { locations[$0] }
            if let expected = builder.guessLength(parsed: reader.offset, of: reader.bytes.count) { locations.reserveCapacity(expected) }
            try parsedUpTo(reader.offset)
        }
        guard !builder.isEmpty else { throw .noCards }
        return builder.finish()
    }
}
