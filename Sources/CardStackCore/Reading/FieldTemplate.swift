// SPDX-License-Identifier: GPL-3.0-or-later

/// A part of a card made of several fields of its record and text between them: `{number} · {labels}`.
///
/// A field the record lacks (or leaves blank) drops the text that joins it to the others, so a card without labels
/// reads "#107", not "#107 · ": text before the first field belongs to that field, text after the last to the last,
/// and text between two fields is written only when a field before it and the field after it are both there, except
/// for an opening bracket, which goes with the field after it: `{notes} ({year})` reads "(1815)" without notes.
/// `{{` and `}}` are a brace.
public struct FieldTemplate: Sendable, Hashable {
    /// A piece of the template, in order.
    public enum Piece: Sendable, Hashable {
        case text(String)
        case field(String)
    }

    /// The pieces, text and fields alternating in any order.
    public let pieces: [Piece]

    /// The template `text` describes, or nil when it names no field (it is then one field's name).
    public init?(_ text: String) {
        var pieces: [Piece] = []
        var literal = ""
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            let next = text.index(after: index)
            if character == "{", next < text.endIndex, text[next] == "{" {
                literal.append("{")
                index = text.index(after: next)
            } else if character == "}", next < text.endIndex, text[next] == "}" {
                literal.append("}")
                index = text.index(after: next)
            } else if character == "{", let close = text[next...].firstIndex(of: "}"), close > next {
                if !literal.isEmpty { pieces.append(.text(literal)) }
                literal = ""
                pieces.append(.field(String(text[next..<close])))
                index = text.index(after: close)
            } else {
                literal.append(character)
                index = next
            }
        }
        if !literal.isEmpty { pieces.append(.text(literal)) }
        guard pieces.contains(where: { if case .field = $0 { true } else { false } }) else { return nil }
        self.pieces = pieces
    }

    /// The fields the template names, in its order.
    public var fieldNames: [String] {
        pieces.compactMap { if case .field(let name) = $0 { name } else { nil } }
    }

    /// The template with each field found among `names` (compared without regard to case) by its place; a field
    /// not among them is always blank.
    public func resolved(for names: [String]) -> Resolved {
        let lowercased = names.map { $0.lowercased() }
        return Resolved(pieces: pieces.map { piece in
            switch piece {
            case .text(let text): .text(text)
            case .field(let name): .column(lowercased.firstIndex(of: name.lowercased()))
            }
        })
    }

    /// A template whose fields are places in a record's fields.
    public struct Resolved: Sendable, Hashable {
        public enum Piece: Sendable, Hashable {
            case text(String)
            /// A field by its place among the record's fields; nil for one the record doesn't have.
            case column(Int?)
            /// A number written as an issue's: `#107` (a value that is not a number as it is).
            case number(Int)
            /// A field shown only when it is short: a default template never lets one long value fill the line.
            case short(Int)
        }

        public let pieces: [Piece]

        /// A template of `pieces`.
        public init(pieces: [Piece]) {
            self.pieces = pieces
        }

        /// The places the template reads.
        public var columns: [Int] {
            pieces.compactMap { piece in
                switch piece {
                case .text: nil
                case .column(let column): column
                case .number(let column), .short(let column): column
                }
            }
        }

        /// Brackets that open what follows them: in the text before a field they go with that field.
        static let openingBrackets: Set<Character> = ["(", "[", "<", "«", "“", "‘", "„"]

        /// Values longer than this, in characters, are left out where a piece asks for a short one.
        public static let shortLimit = 40

        /// The text for a record whose field at each place `value` gives; nil when no field is there.
        public func render(_ value: (Int) -> String?) -> String? {
            var output = ""
            var wroteField = false
            var fieldIndex = 0
            // Text since the last field: before the first field it belongs to that field, between two fields to
            // both, after the last to the last.
            var pending = ""
            var lastWasWritten = false
            for piece in pieces {
                let shown: String?
                switch piece {
                case .text(let text):
                    pending += text
                    continue
                case .column(let column):
                    shown = column.flatMap(value).flatMap(CardDraft.nonBlank)
                case .number(let column):
                    shown = value(column).flatMap(CardDraft.nonBlank).map { text in
                        text.utf8.allSatisfy { (0x30...0x39).contains($0) } ? "#" + text : text
                    }
                case .short(let column):
                    shown = value(column).flatMap(CardDraft.nonBlank).flatMap { $0.count <= Self.shortLimit ? $0 : nil }
                }
                if let shown {
                    if wroteField || fieldIndex == 0 {
                        output += pending
                    } else if let open = pending.firstIndex(where: Self.openingBrackets.contains) {
                        // The first field written: an opening bracket before it is its own ("(1815)").
                        output += pending[open...]
                    }
                    output += shown
                    wroteField = true
                }
                lastWasWritten = shown != nil
                pending = ""
                fieldIndex += 1
            }
            if lastWasWritten { output += pending }
            return wroteField ? output : nil
        }
    }
}
