// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Reads a plain list, one card per line that shows anything: file names from `ls`, a to-do file, a column
/// copied out of a spreadsheet. Each card is titled with its line, trimmed.
enum TextLinesParser {
    /// Parses `data`; `title` names the deck. With `keepsOrigins`, each card's line is noted in `origins`.
    static func parse(
        _ data: Data,
        title: String,
        origins: inout DeckOrigins?,
        keepsOrigins: Bool,
        parsedUpTo: (Int) throws(DeckLoadError) -> Void
    ) throws(DeckLoadError) -> Deck {
        if keepsOrigins { origins = DeckOrigins(form: .lines) }
        let cards = try DeckText.read(data) { bytes, start throws(DeckLoadError) in
            var lines = TextLines(bytes: bytes, from: start)
            var builder = CardListBuilder(baseDirectory: nil)
            var numbers: [Int] = []
            while let line = lines.next() {
                guard !lines.isBlank(line) else { continue }
                numbers.append(line.number)
                try builder.append(CardDraft(title: try lines.text(of: line))) { .line(numbers[$0]) }
                origins?.append(line.range)
                if let expected = builder.guessLength(parsed: lines.offset, of: lines.bytes.count) { numbers.reserveCapacity(expected) }
                try parsedUpTo(lines.offset)
            }
            guard !builder.isEmpty else { throw DeckLoadError.noCards }
            return builder.finish()
        }
        return Deck(title: title, cards: cards)
    }
}
