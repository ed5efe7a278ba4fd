// SPDX-License-Identifier: GPL-3.0-or-later

/// Splits UTF-8 CSV bytes into records as RFC 4180 defines them, reading the bytes in place.
///
/// Fields may be quoted; a quoted field holds separators, line breaks and doubled quotes. A line break is
/// `\n`, `\r\n` or a lone `\r`. Two leniencies spreadsheets' users rely on (and the SwiftCSV reader this one
/// replaced allowed): spaces before an opening quote or after a closing one are ignored, and a doubled quote
/// inside an unquoted field is one quote; and spreadsheets' `="…"` is read as the quoted text it wraps. Each field is checked as UTF-8 when it becomes a `String`, so the
/// file is read once, front to back, without a copy of its text.
struct CSVReader {
    let bytes: UnsafeBufferPointer<UInt8>
    /// `,`, `;` or tab, as `guessedSeparator(in:from:)` finds it.
    let separator: UInt8
    /// Where the next record starts.
    private(set) var offset: Int
    /// The 1-based line the next record starts on.
    private(set) var line = 1
    /// How many records have been read, blank lines included: a spreadsheet's row number.
    private(set) var recordCount = 0

    init(bytes: UnsafeBufferPointer<UInt8>, from start: Int) {
        self.bytes = bytes
        offset = start
        separator = Self.guessedSeparator(in: bytes, from: start)
    }

    /// Where the record that `readRecord` returned last begins, as a spreadsheet names it.
    private(set) var recordLocation = CardLocation.row(number: 1, line: 1)

    /// Reads the next record's fields into `fields`, or returns false at the end of the bytes.
    ///
    /// A blank line is a record of one empty field.
    mutating func readRecord(into fields: inout [String]) throws(DeckLoadError) -> Bool {
        fields.removeAll(keepingCapacity: true)
        guard offset < bytes.count else { return false }
        recordCount += 1
        recordLocation = .row(number: recordCount, line: line)
        var index = offset
        while true {
            fields.append(try readField(at: &index))
            guard index < bytes.count else { break }
            let byte = bytes[index]
            index += 1
            if byte == separator { continue }
            // Otherwise a line break ends the record (readField stops at nothing else).
            if byte == ASCII.carriageReturn, index < bytes.count, bytes[index] == ASCII.lineFeed { index += 1 }
            line += 1
            break
        }
        offset = index
        return true
    }

    /// Reads the field at `index`, leaving `index` on the separator or line break after it, or at the end.
    private mutating func readField(at index: inout Int) throws(DeckLoadError) -> String {
        let start = index
        var cursor = index
        while cursor < bytes.count, isSpace(bytes[cursor]) { cursor += 1 }
        // A spreadsheet's text formula, ="0441478123" (how Excel exports keep an ISBN's leading zero): its text
        // is the field.
        if cursor + 1 < bytes.count, bytes[cursor] == ASCII.equals, bytes[cursor + 1] == ASCII.quote { cursor += 1 }
        guard cursor < bytes.count, bytes[cursor] == ASCII.quote else {
            return try readUnquotedField(at: &index, from: start)
        }
        cursor += 1
        let contentStart = cursor
        var hasDoubledQuotes = false
        while true {
            guard cursor < bytes.count else {
                throw .malformedCSV(location: recordLocation, problem: tr("a quoted field never ends: add its closing ‘\"’"))
            }
            let byte = bytes[cursor]
            if byte == ASCII.quote {
                guard cursor + 1 < bytes.count, bytes[cursor + 1] == ASCII.quote else { break }
                hasDoubledQuotes = true
                cursor += 2
                continue
            }
            if byte == ASCII.lineFeed || byte == ASCII.carriageReturn {
                let isCRLF = byte == ASCII.carriageReturn && cursor + 1 < bytes.count && bytes[cursor + 1] == ASCII.lineFeed
                line += 1
                cursor += isCRLF ? 2 : 1
                continue
            }
            cursor += 1
        }
        let text = try string(contentStart..<cursor, collapsingDoubledQuotes: hasDoubledQuotes)
        cursor += 1
        while cursor < bytes.count, isSpace(bytes[cursor]) { cursor += 1 }
        guard cursor == bytes.count || endsField(bytes[cursor]) else { throw strayQuote() }
        index = cursor
        return text
    }

    /// An unquoted field from `start`, its spaces kept; a quote in it must be doubled.
    private func readUnquotedField(at index: inout Int, from start: Int) throws(DeckLoadError) -> String {
        var cursor = start
        var hasDoubledQuotes = false
        while cursor < bytes.count {
            let byte = bytes[cursor]
            if endsField(byte) { break }
            if byte == ASCII.quote {
                guard cursor + 1 < bytes.count, bytes[cursor + 1] == ASCII.quote else { throw strayQuote() }
                hasDoubledQuotes = true
                cursor += 2
                continue
            }
            cursor += 1
        }
        index = cursor
        return try string(start..<cursor, collapsingDoubledQuotes: hasDoubledQuotes)
    }

    private func endsField(_ byte: UInt8) -> Bool {
        byte == separator || byte == ASCII.lineFeed || byte == ASCII.carriageReturn
    }

    /// Spaces and tabs, unless tab separates fields.
    private func isSpace(_ byte: UInt8) -> Bool {
        (byte == ASCII.space || byte == ASCII.tab) && byte != separator
    }

    private func strayQuote() -> DeckLoadError {
        .malformedCSV(
            location: recordLocation,
            problem: tr("a ‘\"’ inside a field must be doubled (\"\") and the whole field put in quotes, and nothing may follow a closing quote but a separator")
        )
    }

    /// The bytes in `range` as text, `""` read as `"` when asked; `notUTF8` names the first bad byte.
    private func string(_ range: Range<Int>, collapsingDoubledQuotes: Bool) throws(DeckLoadError) -> String {
        let slice = UnsafeBufferPointer(rebasing: bytes[range])
        if let text = collapsingDoubledQuotes ? Self.collapsingDoubledQuotes(slice) : ValidUTF8.string(slice) {
            return text
        }
        let badOffset = range.lowerBound + DeckText.firstInvalidUTF8Offset(in: slice)
        throw .notUTF8(byteOffset: badOffset, line: TextPosition(offset: badOffset, in: bytes).line)
    }

    private static func collapsingDoubledQuotes(_ slice: UnsafeBufferPointer<UInt8>) -> String? {
        var unescaped: [UInt8] = []
        unescaped.reserveCapacity(slice.count)
        var afterQuote = false
        for byte in slice {
            if byte == ASCII.quote && afterQuote {
                afterQuote = false
                continue
            }
            afterQuote = byte == ASCII.quote
            unescaped.append(byte)
        }
        return ValidUTF8.string(unescaped)
    }

    /// The separator the header row uses: the first `,`, `;` or tab outside quotes on the first line that holds
    /// anything but spaces, else `,`.
    static func guessedSeparator(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> UInt8 {
        var index = start
        while index < bytes.count, bytes[index] != ASCII.tab, ASCII.isWhitespace(bytes[index]) { index += 1 }
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case ASCII.lineFeed, ASCII.carriageReturn:
                return ASCII.comma
            case ASCII.comma, ASCII.semicolon, ASCII.tab:
                return byte
            case ASCII.quote:
                // Skip to the closing quote on this line, or to the line's end.
                index += 1
                while index < bytes.count, bytes[index] != ASCII.quote,
                      bytes[index] != ASCII.lineFeed, bytes[index] != ASCII.carriageReturn {
                    index += 1
                }
                if index < bytes.count, bytes[index] == ASCII.quote { index += 1 }
            default:
                index += 1
            }
        }
        return ASCII.comma
    }
}
