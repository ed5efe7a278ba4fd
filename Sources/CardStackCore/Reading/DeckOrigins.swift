// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Where each card of a deck was written in the bytes it was read from, so the cards a script asked for can be
/// printed back in the input's own form (the line for text, the object as one line of JSON for JSON, the row
/// under its header for CSV), and a card's record read again for Card details.
///
/// Kept only when asked for: for the command line's `--print`, and for a list of records (CSV, JSON) opened from
/// its file. A range per card is 8 bytes, which a deck without records has no use for.
public struct DeckOrigins: Sendable, Equatable {
    /// The shape of the input.
    public enum Form: Sendable, Equatable {
        /// Lines of text: each card's range is its line (a Markdown item's, with its body's lines under it), without
        /// the last line break.
        case lines
        /// JSON: each card's range is its value, printed on one line.
        case json
        /// CSV: each card's range is its row, printed under the header row at `header`.
        case csv(header: Range<Int>)
    }

    /// The input's shape.
    public let form: Form
    /// Each card's bytes, in deck order.
    public private(set) var ranges = ByteRanges()

    /// No cards yet, of an input of `form`.
    public init(form: Form) {
        self.form = form
    }

    /// Makes room for `count` cards in all, once a reader has guessed how many the input holds.
    public mutating func reserveCapacity(_ count: Int) {
        ranges.reserveCapacity(count)
    }

    /// The next card's bytes are `range`.
    public mutating func append(_ range: Range<Int>) {
        ranges.append(range)
    }

    /// The cards at `indices` (deck order), from `data`, as lines in the input's form; CSV with its header first.
    /// Nothing at all for no cards, not even a header.
    public func printed(_ indices: some Sequence<Int>, from data: Data) -> Data {
        var output = Data()
        var first = true
        for index in indices where ranges.indices.contains(index) {
            if first, case .csv(let header) = form { output.append(Self.line(data[header])) }
            first = false
            switch form {
            case .lines, .csv: output.append(Self.line(data[ranges[index]]))
            case .json: output.append(Self.minified(data[ranges[index]]))
            }
        }
        return output
    }

    /// `bytes` without the line break they end with, then `\n`.
    private static func line(_ bytes: Data) -> Data {
        var end = bytes.endIndex
        while end > bytes.startIndex, bytes[end - 1] == ASCII.lineFeed || bytes[end - 1] == ASCII.carriageReturn { end -= 1 }
        return bytes[bytes.startIndex..<end] + Data([ASCII.lineFeed])
    }

    /// A JSON value on one line: white space outside strings dropped (inside a string a line break is always
    /// escaped, so nothing else can break the line), then `\n`.
    static func minified(_ json: Data) -> Data {
        var output = Data(capacity: json.count + 1)
        var inString = false
        var escaped = false
        for byte in json {
            if inString {
                if escaped { escaped = false } else if byte == ASCII.backslash { escaped = true } else if byte == ASCII.quote { inString = false }
                output.append(byte)
            } else if byte == ASCII.quote {
                inString = true
                output.append(byte)
            } else if !ASCII.isWhitespace(byte) {
                output.append(byte)
            }
        }
        output.append(ASCII.lineFeed)
        return output
    }
}
