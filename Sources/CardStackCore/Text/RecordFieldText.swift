// SPDX-License-Identifier: GPL-3.0-or-later

/// How Card details words a record's field: its value on one line, and the parts of the card it fills.
public enum RecordFieldText {
    /// Unicode scalars of a value the row shows; the body's whole text is above the list. Scalars, not
    /// characters: a letter with 200,000 combining marks is one character, and took seconds to shape.
    public static let shownLimit = 300

    /// `value` on one line (line breaks and tabs as spaces), cut at ``shownLimit`` scalars with "…".
    public static func shown(_ value: String) -> String {
        var line = String.UnicodeScalarView()
        var count = 0
        for scalar in value.unicodeScalars {
            guard count < shownLimit else { return String(line) + "…" }
            line.append(scalar.properties.isWhitespace && scalar != " " ? " " : scalar)
            count += 1
        }
        return String(line)
    }

    /// "Title", "Subtitle and id": what the card shows of the field; nil for a field no part shows.
    public static func parts(_ roles: [CardFieldMapping.Role]) -> String? {
        let names = roles.map(name)
        guard let first = names.first else { return nil }
        let sentence = names.count == 1 ? first : String(format: tr("%1$@ and %2$@"), names.dropLast().joined(separator: ", "), names[names.count - 1])
        return String(format: tr("The card’s %@"), sentence)
    }

    /// A part's name as the user knows it.
    public static func name(_ role: CardFieldMapping.Role) -> String {
        switch role {
        case .title: tr("title")
        case .subtitle: tr("subtitle")
        case .body: tr("text")
        case .link: tr("link")
        case .image: tr("picture")
        case .id: tr("id")
        case .color: tr("colour")
        }
    }
}
