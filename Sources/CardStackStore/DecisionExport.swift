// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Formats exported decisions as CSV or JSON, with the same six fields in the same order.
///
/// Both formats write dates as ISO 8601 in UTC to the second (`2026-11-21T09:35:44Z`), which
/// spreadsheets and scripts read without a locale, and keep every other character verbatim.
public enum DecisionExport {
    /// The field names, in order: the CSV header and the JSON keys.
    public static let fieldNames = ["id", "title", "direction", "label", "decided_at", "path"]
    /// Ends every CSV record, the last one included.
    ///
    /// RFC 4180 asks for CRLF, but LF is what Unix tools and every current spreadsheet expect, and
    /// a line break inside a quoted field is kept exactly as it was either way.
    public static let lineEnding = "\n"

    /// The rows as RFC 4180 CSV under the header `id,title,direction,label,decided_at,path`.
    ///
    /// A field holding a comma, double quote, CR or LF is quoted, with its quotes doubled. A field a spreadsheet
    /// would run as a formula (it starts with `=`, `+`, `-`, `@`, a tab or a CR) gets a leading `'` and quotes,
    /// as OWASP's CSV injection advice says, and a NUL becomes U+FFFD: a card's text never runs as a formula
    /// and the file stays text.
    public static func csv(_ rows: [ExportRow]) -> String {
        var text = fieldNames.joined(separator: ",") + lineEnding
        for row in rows {
            text += fields(of: row).map(csvField).joined(separator: ",") + lineEnding
        }
        return text
    }

    /// The rows as a pretty-printed JSON array of objects with the keys `id`, `title`, `direction`, `label`,
    /// `decided_at` and `path`, always in that order, ending in a line break; an empty path is "".
    public static func json(_ rows: [ExportRow]) -> String {
        guard !rows.isEmpty else { return "[]\n" }
        let objects = rows.map { row in
            let members = zip(fieldNames, fields(of: row)).map { name, value in
                "    \(jsonString(name)): \(jsonString(value))"
            }
            return "  {\n" + members.joined(separator: ",\n") + "\n  }"
        }
        return "[\n" + objects.joined(separator: ",\n") + "\n]\n"
    }

    /// A date as ISO 8601 in UTC, truncated to the second: the format both exports use.
    public static func timestamp(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(timeZone: .gmt))
    }

    private static func fields(of row: ExportRow) -> [String] {
        [row.cardID, row.title, row.direction.rawValue, row.label, timestamp(row.decidedAt), row.path ?? ""]
    }

    /// Works on Unicode scalars: as Characters, "\r\n" is one grapheme that contains no "\n", and
    /// a quote followed by a combining mark is one grapheme that is not a quote.
    private static func csvField(_ value: String) -> String {
        let formula = value.unicodeScalars.first.map(formulaStarts.contains) ?? false
        let needsQuotes = formula || value.unicodeScalars.contains { $0 == "," || $0 == "\"" || $0 == "\r" || $0 == "\n" }
        let hasNUL = value.unicodeScalars.contains("\u{0}")
        guard needsQuotes || hasNUL else { return value }
        var field = String.UnicodeScalarView()
        if needsQuotes { field.append("\"") }
        if formula { field.append("'") }
        for scalar in value.unicodeScalars {
            if scalar == "\"" { field.append("\"") }
            field.append(scalar == "\u{0}" ? "\u{FFFD}" : scalar)
        }
        if needsQuotes { field.append("\"") }
        return String(field)
    }

    /// What a spreadsheet takes for the start of a formula (OWASP, "CSV Injection").
    private static let formulaStarts: Set<Unicode.Scalar> = ["=", "+", "-", "@", "\t", "\r"]

    /// A JSON string literal; only what RFC 8259 requires is escaped, so `/`, `<` and non-ASCII
    /// text stay readable.
    private static func jsonString(_ value: String) -> String {
        var escaped = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": escaped += "\\\""
            case "\\": escaped += "\\\\"
            case "\n": escaped += "\\n"
            case "\r": escaped += "\\r"
            case "\t": escaped += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                escaped += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped + "\""
    }
}
