// SPDX-License-Identifier: GPL-3.0-or-later

/// Orders names the way people count: "IMG_2" before "IMG_10", ignoring case, as file browsers sort.
///
/// Built once per name so that sorting 10,000 names doesn't split each name again at every comparison.
struct NaturalSortKey: Sendable, Comparable {
    /// A run of ASCII digits, compared by value, or of anything else, compared without case.
    private enum Chunk: Sendable, Hashable {
        /// Digits without leading zeros ("007" → "7"), so the value compares by length, then digit by digit.
        case number(String)
        case text(String)
    }

    private let chunks: [Chunk]
    /// Breaks ties between names that differ only in case or leading zeros, so the order is total.
    private let name: String

    init(_ name: String) {
        var chunks: [Chunk] = []
        var current = ""
        var currentIsNumber = false
        func flush() {
            guard !current.isEmpty else { return }
            if currentIsNumber {
                let value = current.drop { $0 == "0" }
                chunks.append(.number(value.isEmpty ? "0" : String(value)))
            } else {
                chunks.append(.text(current.lowercased()))
            }
            current = ""
        }
        for character in name {
            let isDigit = character.isASCII && character.isWholeNumber
            if isDigit != currentIsNumber { flush() }
            currentIsNumber = isDigit
            current.append(character)
        }
        flush()
        self.chunks = chunks
        self.name = name
    }

    static func < (lhs: NaturalSortKey, rhs: NaturalSortKey) -> Bool {
        for (left, right) in zip(lhs.chunks, rhs.chunks) where left != right {
            switch (left, right) {
            case (.number(let a), .number(let b)): return a.count == b.count ? a < b : a.count < b.count
            case (.text(let a), .text(let b)):
                // A shorter prefix sorts first ("img" < "img_"), as with whole names.
                return a < b
            // Digits sort before letters, as in ASCII.
            case (.number, .text): return true
            case (.text, .number): return false
            }
        }
        if lhs.chunks.count != rhs.chunks.count { return lhs.chunks.count < rhs.chunks.count }
        return lhs.name < rhs.name
    }

    static func == (lhs: NaturalSortKey, rhs: NaturalSortKey) -> Bool {
        lhs.name == rhs.name
    }
}
