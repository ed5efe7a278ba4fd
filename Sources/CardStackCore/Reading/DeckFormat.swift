// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// The kinds of input a deck is read from, recognised by their content; a file's extension is a hint that
/// settles what the content leaves open, never the only clue (a pipe has none).
public enum DeckFormat: String, Sendable, CaseIterable {
    /// CardStack's own JSON deck: an object with `cards`, and maybe `title` and `directions`.
    case cardStackJSON
    /// A JSON array of objects or strings.
    case jsonArray
    /// JSON Lines: one object or string a line.
    case jsonLines
    /// CSV or TSV with a header row.
    case csv
    /// The list items of a Markdown file.
    case markdown
    /// One card per line.
    case text

    /// Whether each card is a record with fields of its own (a CSV row, an item of a JSON list), which Card details
    /// lists.
    public var hasRecords: Bool { [.jsonArray, .jsonLines, .csv].contains(self) }

    /// How much of the input recognition reads at least: enough lines to tell a CSV from a list.
    static let sampleLength = 64 * 1_024
    /// How many whole lines recognition reads at least, however long they are: a CSV's header and the rows the
    /// header is checked against, or a Markdown heading and the items under it.
    static let sampleLines = 21
    /// The longest first line that is looked at whole, to tell JSON Lines from one JSON deck.
    static let firstLineLimit = 1_048_576

    /// The format of `data`, with the `fileExtension` it was saved with (lowercased, no dot) when it has one.
    public static func recognise(_ data: Data, fileExtension: String?) -> DeckFormat {
        data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            var start = DeckText.byteOrderMarkLength(of: data)
            while start < bytes.count, ASCII.isWhitespace(bytes[start]) { start += 1 }
            guard start < bytes.count else { return .text }
            // JSON tells itself by its first bytes, whatever the file is called (a deck saved as .txt).
            switch fileExtension {
            case "csv", "tsv", "md", "markdown", "mdown", "mkd": break
            default:
                switch bytes[start] {
                case ASCII.openBracket where fileExtension == "json" || opensJSONList(bytes, at: start):
                    return .jsonArray
                case ASCII.openBrace:
                    return firstLineIsOneValue(bytes, from: start) ? .jsonLines : .cardStackJSON
                case ASCII.quote where firstLineIsOneValue(bytes, from: start):
                    return .jsonLines
                default: break
                }
            }
            switch fileExtension {
            case "md", "markdown", "mdown", "mkd": return .markdown
            case "csv", "tsv": return .csv
            case "jsonl", "ndjson": return .jsonLines
            case "json": return .cardStackJSON
            case "txt", "text", "list": return .text
            default: break
            }
            let end = sampleEnd(bytes, from: start)
            let sample = UnsafeBufferPointer(rebasing: bytes[start..<end])
            if looksLikeMarkdownList(sample) { return .markdown }
            if looksLikeCSV(sample, isWhole: end == bytes.count) { return .csv }
            return .text
        }
    }

    /// Where recognition's sample ends: ``sampleLength`` bytes on, or past the first ``sampleLines`` lines when
    /// they are longer (a 588 KB CSV header, a 100 KB Markdown heading), or at the end of the input. Linear in
    /// the sample's length.
    static func sampleEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var end = start
        var lines = 0
        while end < bytes.count, lines < sampleLines {
            if bytes[end] == ASCII.lineFeed { lines += 1 }
            end += 1
        }
        return min(bytes.count, max(end, start + sampleLength))
    }

    /// Whether the `[` at `start` opens a JSON list rather than a line of text such as "[1] first" or a Markdown
    /// link: a list of objects or strings (or an empty one) by its first element, and anything else only when the
    /// whole input is one JSON value (a list of numbers is JSON, and is then refused with its place).
    private static func opensJSONList(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> Bool {
        var index = start + 1
        while index < bytes.count, ASCII.isWhitespace(bytes[index]) { index += 1 }
        guard index < bytes.count else { return false }
        if bytes[index] == ASCII.openBrace || bytes[index] == ASCII.quote || bytes[index] == ASCII.closeBracket { return true }
        var scanner = JSONScanner(bytes: bytes, offset: start)
        return (try? scanner.skipValue()) != nil && scanner.isAtEnd()
    }

    /// Whether the first line, from `start`, holds exactly one JSON value and another value follows it: JSON
    /// Lines rather than one object spread over lines (a CardStack deck) or a line of text that opens with a quote.
    private static func firstLineIsOneValue(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Bool {
        var end = start
        let limit = min(bytes.count, start + firstLineLimit)
        while end < limit, bytes[end] != ASCII.lineFeed, bytes[end] != ASCII.carriageReturn { end += 1 }
        guard end < limit else { return false }
        var scanner = JSONScanner(bytes: UnsafeBufferPointer(rebasing: bytes[start..<end]))
        guard (try? scanner.skipValue()) != nil, scanner.isAtEnd() else { return false }
        var next = end
        while next < bytes.count, ASCII.isWhitespace(bytes[next]) { next += 1 }
        return next < bytes.count && (bytes[next] == ASCII.openBrace || bytes[next] == ASCII.quote)
    }

    /// Whether the sample reads as a Markdown list: list items, with a heading or as most of the lines.
    static func looksLikeMarkdownList(_ sample: UnsafeBufferPointer<UInt8>) -> Bool {
        var lines = TextLines(bytes: sample, from: 0)
        var items = 0
        var headings = 0
        var others = 0
        while let line = lines.next() {
            guard !lines.isBlank(line), let text = try? lines.text(of: line) else { continue }
            if MarkdownListParser.heading(in: text) != nil {
                headings += 1
            } else if MarkdownListParser.item(in: text) != nil {
                items += 1
            } else {
                others += 1
            }
        }
        return items > 0 && (headings > 0 || items >= others)
    }

    /// Whether the sample reads as CSV: at least two lines, and the header's separator (`,`, `;` or tab) splits
    /// every line of the sample into the same number of fields, more than one. Unless the sample `isWhole` input,
    /// its last row may be cut short, and is not looked at.
    static func looksLikeCSV(_ sample: UnsafeBufferPointer<UInt8>, isWhole: Bool) -> Bool {
        var reader = CSVReader(bytes: sample, from: 0)
        var fields: [String] = []
        var count: Int?
        var rows = 0
        while let read = try? reader.readRecord(into: &fields), read, isWhole || reader.offset < sample.count {
            if fields == [""] { continue }
            guard fields.count > 1, count == nil || count == fields.count else { return false }
            count = fields.count
            rows += 1
            if rows >= 20 { break }
        }
        return rows >= 2
    }
}
