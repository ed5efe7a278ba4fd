// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Reads the lists of a Markdown file, one card per top-level item: a checklist, reading notes, a README's
/// ideas.
///
/// An item starts with `-`, `*`, `+` or a number and `.` or `)`, then a space; a task box (`[ ]`, `[x]`) after
/// it is dropped. The item's text is the card's title: a leading `[text](address)` gives its text to the title
/// and its address to the card's link, and otherwise the first web address in the text is the link. The lines
/// under an item that are indented past its marker, nested items included, are the card's body, and the
/// nearest heading above it is its subtitle. Fenced code blocks are skipped.
enum MarkdownListParser {
    /// Parses `data`; `title` names the deck and relative image paths resolve against `baseDirectory`. With
    /// `keepsOrigins`, each card's first line is noted in `origins`.
    static func parse(
        _ data: Data,
        title: String,
        baseDirectory: URL?,
        origins: inout DeckOrigins?,
        keepsOrigins: Bool,
        parsedUpTo: (Int) throws(DeckLoadError) -> Void
    ) throws(DeckLoadError) -> Deck {
        if keepsOrigins { origins = DeckOrigins(form: .lines) }
        let cards = try DeckText.read(data) { bytes, start throws(DeckLoadError) in
            var reader = Reader(lines: TextLines(bytes: bytes, from: start), baseDirectory: baseDirectory)
            return try reader.read(origins: &origins, parsedUpTo: parsedUpTo)
        }
        return Deck(title: title, cards: cards)
    }

    /// A list item: where its text starts, and the text.
    struct Item: Equatable {
        /// Where the item's text starts, as a column (a tab counts as four).
        let contentColumn: Int
        /// The item's text, task box dropped.
        let text: String
    }

    /// The item `line` starts, if it starts one.
    static func item(in line: String) -> Item? {
        var column = 0
        var index = line.startIndex
        while index < line.endIndex, line[index] == " " || line[index] == "\t" {
            column += line[index] == "\t" ? 4 : 1
            index = line.index(after: index)
        }
        guard index < line.endIndex else { return nil }
        let marker = line[index]
        if marker == "-" || marker == "*" || marker == "+" {
            index = line.index(after: index)
            column += 1
        } else {
            var digits = 0
            while index < line.endIndex, line[index].isASCII, line[index].isNumber, digits < 9 {
                index = line.index(after: index)
                digits += 1
            }
            guard digits > 0, index < line.endIndex, line[index] == "." || line[index] == ")" else { return nil }
            index = line.index(after: index)
            column += digits + 1
        }
        // The marker must be followed by a space (or end the line: an empty item).
        guard index == line.endIndex || line[index] == " " || line[index] == "\t" else { return nil }
        while index < line.endIndex, line[index] == " " || line[index] == "\t" {
            column += 1
            index = line.index(after: index)
        }
        var text = line[index...]
        // A thematic break ("- - -", "***") is not a list.
        if marker != "+", text.allSatisfy({ $0 == marker || $0 == " " }), !text.isEmpty { return nil }
        for box in ["[ ] ", "[x] ", "[X] "] where text.hasPrefix(box) { text = text.dropFirst(box.count) }
        if text == "[ ]" || text == "[x]" || text == "[X]" { text = "" }
        return Item(contentColumn: column, text: String(text))
    }

    /// The heading `line` is, if it is one: `#` to `######` and a space.
    static func heading(in line: String) -> String? {
        let trimmed = line.drop { $0 == " " }
        guard line.count - trimmed.count < 4 else { return nil }
        let hashes = trimmed.prefix { $0 == "#" }.count
        guard (1...6).contains(hashes) else { return nil }
        let rest = trimmed.dropFirst(hashes)
        guard rest.isEmpty || rest.first == " " || rest.first == "\t" else { return nil }
        var text = rest.trimmingCharacters(in: .whitespaces)
        // A closing run of `#`s is decoration.
        while text.hasSuffix("#") { text.removeLast() }
        return CardDraft.nonBlank(text)
    }

    /// The title and link of an item's text: `[text](address) rest` gives "text rest" and the address, and
    /// otherwise the first `http://` or `https://` word is the link.
    static func titleAndLink(of text: String) -> (title: String, link: String?) {
        if text.hasPrefix("["), let close = text.firstIndex(of: "]"), text[text.index(after: close)...].hasPrefix("("),
           let end = text[close...].firstIndex(of: ")") {
            let label = text[text.index(after: text.startIndex)..<close]
            let address = text[text.index(close, offsetBy: 2)..<end]
            let rest = text[text.index(after: end)...]
            return (String(label) + rest, address.isEmpty ? nil : String(address))
        }
        let link = text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "<" || $0 == ">" })
            .first { $0.hasPrefix("https://") || $0.hasPrefix("http://") }
        return (text, link.map(String.init))
    }

    private struct Reader {
        var lines: TextLines
        var builder: CardListBuilder

        init(lines: TextLines, baseDirectory: URL?) {
            self.lines = lines
            builder = CardListBuilder(baseDirectory: baseDirectory)
        }

        /// The item being read: its first line, where its text starts, and its body so far.
        private struct Open {
            let line: TextLines.Line
            let contentColumn: Int
            let text: String
            let heading: String?
            var body: [String] = []
            /// Blank lines seen since the last line of the body, kept only if more body follows.
            var blanks = 0
            /// Where its last line so far ends in the input: `--print` gives the item back with its body.
            var end: Int

            init(line: TextLines.Line, contentColumn: Int, text: String, heading: String?) {
                (self.line, self.contentColumn, self.text, self.heading, end) = (line, contentColumn, text, heading, line.range.upperBound)
            }
        }

        mutating func read(origins: inout DeckOrigins?, parsedUpTo: (Int) throws(DeckLoadError) -> Void) throws(DeckLoadError) -> [Card] {
            var numbers: [Int] = []
            var heading: String?
            var open: Open?
            var fence: String?
            while let line = lines.next() {
                let text = try lines.text(of: line)
                let trimmed = text.drop { $0 == " " }
                // A fenced code block is body text when inside an item, and never a list.
                if let marker = fence {
                    if trimmed.hasPrefix(marker) { fence = nil }
                    open?.body.append(text)
                    open?.end = line.range.upperBound
                    continue
                }
                if trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") {
                    fence = String(trimmed.prefix(3))
                    if open != nil {
                        open?.body.append(text)
                        open?.end = line.range.upperBound
                    }
                    continue
                }
                if lines.isBlank(line) {
                    if open != nil { open?.blanks += 1 }
                    continue
                }
                let column = Self.indentColumn(of: text)
                let continues = open.map { current in
                    column >= current.contentColumn
                        // A line right under the item's text that starts nothing new continues its paragraph.
                        || current.blanks == 0 && MarkdownListParser.item(in: text) == nil && MarkdownListParser.heading(in: text) == nil
                } ?? false
                if continues, let contentColumn = open?.contentColumn {
                    // Indented under the item (a nested item, a continued paragraph): its body. Changed where it
                    // is: a copy of the item to change would copy its whole body at every line.
                    if open?.blanks ?? 0 > 0 { open?.body.append("") }
                    open?.blanks = 0
                    open?.body.append(Self.dedented(text, by: contentColumn))
                    open?.end = line.range.upperBound
                    continue
                }
                if let current = open {
                    try close(current, numbers: &numbers, origins: &origins)
                    open = nil
                    try parsedUpTo(lines.offset)
                }
                if let found = MarkdownListParser.heading(in: text) {
                    heading = found
                } else if let item = MarkdownListParser.item(in: text) {
                    open = Open(line: line, contentColumn: item.contentColumn, text: item.text, heading: heading)
                }
            }
            if let current = open { try close(current, numbers: &numbers, origins: &origins) }
            guard !builder.isEmpty else { throw DeckLoadError.noListItems }
            return builder.finish()
        }

        private mutating func close(_ item: Open, numbers: inout [Int], origins: inout DeckOrigins?) throws(DeckLoadError) {
            let (title, link) = MarkdownListParser.titleAndLink(of: item.text)
            numbers.append(item.line.number)
            let body = item.body.joined(separator: "\n")
            try builder.append(CardDraft(title: title, subtitle: item.heading, body: body, link: link)) { .line(numbers[$0]) }
            origins?.append(item.line.range.lowerBound..<item.end)
        }

        /// How far `text` is indented, a tab counting as four.
        private static func indentColumn(of text: String) -> Int {
            var column = 0
            for character in text {
                guard character == " " || character == "\t" else { break }
                column += character == "\t" ? 4 : 1
            }
            return column
        }

        /// `text` without up to `column` columns of its indentation.
        private static func dedented(_ text: String, by column: Int) -> String {
            var removed = 0
            var index = text.startIndex
            while index < text.endIndex, removed < column, text[index] == " " || text[index] == "\t" {
                removed += text[index] == "\t" ? 4 : 1
                index = text.index(after: index)
            }
            return String(text[index...])
        }
    }
}
