// SPDX-License-Identifier: GPL-3.0-or-later

/// Where a card is written in its deck file, in the terms the user would search for it.
public enum CardLocation: Sendable, Hashable, CustomStringConvertible {
    /// The `number`th entry of a JSON deck's `cards`, from 1, whose `{` is on `line`.
    case card(number: Int, line: Int)
    /// A CSV record numbered as a spreadsheet numbers its rows (the header is row 1), starting on `line`;
    /// the two differ once a quoted field spans lines.
    case row(number: Int, line: Int)
    /// A file of an image folder, by name.
    case file(name: String)
    /// A line of a text, Markdown or JSON Lines file, from 1.
    case line(Int)

    /// "Card 12 (line 40)", "Row 5", "Row 5 (line 7)", "“IMG_2.jpg”" or "Line 40".
    public var description: String {
        switch self {
        case .card(let number, let line): String(format: tr("Card %1$ld (line %2$ld)"), number, line)
        case .row(let number, let line) where number == line: String(format: tr("Row %ld"), number)
        case .row(let number, let line): String(format: tr("Row %1$ld (line %2$ld)"), number, line)
        case .file(let name): "“\(name)”"
        case .line(let number): String(format: tr("Line %ld"), number)
        }
    }
}
