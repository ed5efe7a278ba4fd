// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import SwiftCSV

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
    /// resolve against `baseDirectory`.
    public static func parse(_ data: Data, title: String, baseDirectory: URL?) throws(DeckLoadError) -> Deck {
        let records = try records(of: try DeckText.decode(data))
        guard let header = records.first?.fields.map({ $0.trimmingCharacters(in: .whitespaces) }) else {
            throw .missingTitleColumn(header: [])
        }
        var columnIndex: [Column: Int] = [:]
        for (index, name) in header.enumerated() {
            guard let column = Column(rawValue: name.lowercased()), columnIndex[column] == nil else { continue }
            columnIndex[column] = index
        }
        guard columnIndex[.title] != nil else { throw .missingTitleColumn(header: header) }

        var builder = CardListBuilder(baseDirectory: baseDirectory, expectedCount: records.count - 1)
        var locations: [CardLocation] = []
        locations.reserveCapacity(records.count - 1)
        for record in records.dropFirst() {
            // A blank line is a row with one empty field; spreadsheets leave them at the end.
            if record.fields == [""] { continue }
            guard record.fields.count == header.count else {
                throw .raggedRow(location: record.location, fieldCount: record.fields.count, headerFieldCount: header.count)
            }
            func field(_ column: Column) -> String? {
                columnIndex[column].map { record.fields[$0] }
            }
            locations.append(record.location)
            try builder.append(CardDraft(
                id: field(.id),
                title: field(.title),
                subtitle: field(.subtitle),
                body: field(.body),
                color: field(.color) ?? field(.colour),
                image: field(.image)
            )) { locations[$0] }
        }
        guard !builder.isEmpty else { throw .noCards }
        return Deck(title: title, cards: builder.finish())
    }

    /// One CSV record and where it is.
    struct Record {
        var fields: [String]
        var location: CardLocation
    }

    /// Splits `text` into records with SwiftCSV, numbering each as a spreadsheet row and finding its line.
    static func records(of text: String) throws(DeckLoadError) -> [Record] {
        var text = text
        // SwiftCSV drops an empty last field when the last row has no line break after it.
        if let last = text.last, !isLineBreak(last) { text.append("\n") }
        let delimiter = CSVDelimiter.guessed(string: text)
        var records: [Record] = []
        var nextLine = 1
        func append(_ fields: [String]) {
            records.append(Record(fields: fields, location: .row(number: records.count + 1, line: nextLine)))
            nextLine += 1 + fields.reduce(0) { $0 + TextPosition.lineBreakCount(in: $1.utf8) }
        }
        do {
            // A row limit of 0 parses only the header here; every record comes through `enumerateAsArray`.
            let csv = try EnumeratedCSV(string: text, delimiter: delimiter, loadColumns: false, rowLimit: 0)
            try csv.enumerateAsArray(startAt: 0, rowLimit: nil) { append($0) }
        } catch {
            let location = CardLocation.row(number: records.count + 1, line: nextLine)
            throw .malformedCSV(location: location, problem: problem(of: error))
        }
        // SwiftCSV takes an unclosed quote to run to the end of the file; an odd number of quotes gives it away.
        let quoteCount = text.utf8.reduce(0) { $0 + ($1 == ASCII.quote ? 1 : 0) }
        if !quoteCount.isMultiple(of: 2), let last = records.last {
            throw .malformedCSV(location: last.location, problem: "a quoted field never ends: add its closing ‘\"’")
        }
        return records
    }

    /// The line breaks SwiftCSV splits rows at.
    private static func isLineBreak(_ character: Character) -> Bool {
        character == "\n" || character == "\r\n" || character == "\r"
    }

    private static func problem(of error: any Error) -> String {
        switch error {
        case CSVParseError.quotation:
            "a ‘\"’ inside a field must be doubled (\"\") and the whole field put in quotes, "
                + "and nothing may follow a closing quote but a separator"
        default:
            "can't be read as CSV (\(error))"
        }
    }
}
