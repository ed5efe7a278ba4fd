// SPDX-License-Identifier: GPL-3.0-or-later

/// Which field of a record (a JSON object, a CSV row) each part of a card comes from.
///
/// Lists people already have name their fields in their own ways: a GitHub query says `title` and `body`, a
/// Goodreads export `Title` and `Author`, a Todoist one `CONTENT`, a JSON log line `msg`. Each part of a card takes
/// the field named by the first of that part's common names the record has (compared without regard to case),
/// parts in the order of ``Role``, and no field is used twice: a record with `title` and `summary` takes its title
/// from `title` and its body from `summary`; one with only `summary` takes its title from it. A part the user named
/// (`--field body=Notes`) takes that field and nothing else.
public struct CardFieldMapping: Sendable, Hashable {
    /// A part of a card a field can fill.
    public enum Role: String, Sendable, CaseIterable, Comparable {
        case title, subtitle, body, link, image, id, color

        public static func < (lhs: Role, rhs: Role) -> Bool {
            allCases.firstIndex(of: lhs) ?? 0 < allCases.firstIndex(of: rhs) ?? 0
        }
    }

    /// The names each part is looked for under, in order of preference; lowercased.
    public static let commonNames: [Role: [String]] = [
        .title: ["title", "name", "subject", "summary", "content", "text", "message", "msg", "event", "label"],
        .subtitle: ["subtitle", "author", "authors", "artist", "creator", "by", "year", "director"],
        .body: ["body", "description", "notes", "summary", "details", "comment"],
        .link: ["url", "link", "href", "uri", "html_url"],
        .image: ["image", "cover", "thumbnail", "picture", "photo"],
        .id: ["id", "number", "key", "uuid", "isbn13", "isbn"],
        .color: ["color", "colour"],
    ]

    /// The fields the user named, by part: as given, matched without regard to case.
    public private(set) var chosen: [Role: String]

    /// A mapping that takes the parts in `chosen` from the fields named there and the others by their common
    /// names.
    public init(chosen: [Role: String] = [:]) {
        self.chosen = chosen
    }

    /// Reads `role=Field` as the command line's `--field` gives it; a failure says why when it names no part a
    /// card has, or no field.
    public static func choice(_ text: String) -> Result<(Role, String), MappingError> {
        guard let equals = text.firstIndex(of: "=") else { return .failure(MappingError("“\(text)” is not PART=FIELD, e.g. title=Name")) }
        let name = text[..<equals].lowercased()
        let field = String(text[text.index(after: equals)...])
        guard let role = Role(rawValue: name) else {
            return .failure(MappingError("“\(name)” is not a part of a card: use \(Role.allCases.map(\.rawValue).joined(separator: ", "))"))
        }
        guard !field.isEmpty else { return .failure(MappingError("“\(text)” names no field after ‘=’")) }
        return .success((role, field))
    }

    /// Which field, by its place in `names`, fills each part; a part no field fills is absent. Throws when a
    /// field the user chose is not among `names`.
    public func columns(for names: [String]) throws(MappingError) -> [Role: Int] {
        let lowercased = names.map { $0.lowercased() }
        var columns: [Role: Int] = [:]
        var used = Set<Int>()
        for role in Role.allCases {
            // A template names several fields: ``subtitleTemplate(for:columns:)`` reads them.
            guard let field = chosen[role], role != .subtitle || FieldTemplate(field) == nil else { continue }
            guard let index = lowercased.firstIndex(of: field.lowercased()) else {
                let fields = names.prefix(12).map { "“\($0)”" }.joined(separator: ", ") + (names.count > 12 ? ", …" : "")
                throw MappingError(String(format: tr("No field “%1$@” for the %2$@: the fields are %3$@"), field, role.rawValue, fields))
            }
            columns[role] = index
            used.insert(index)
        }
        for role in Role.allCases where chosen[role] == nil {
            for name in Self.commonNames[role] ?? [] {
                if let index = lowercased.indices.first(where: { lowercased[$0] == name && !used.contains($0) }) {
                    columns[role] = index
                    used.insert(index)
                    break
                }
            }
        }
        return columns
    }

    /// Short fields that tell one card of a list from the next, added to its subtitle unless the user chose
    /// one: an issue's number and labels, a state; a log line's level and service. The first name a record has
    /// of each group is taken.
    static let identifyingNames: [(isNumber: Bool, names: [String])] = [
        (true, ["number"]),
        (false, ["labels", "tags"]),
        (false, ["state", "status"]),
        (false, ["level", "severity"]),
        (false, ["service"]),
    ]

    /// The subtitle as a template, for a record with fields `names` of which `columns` fill the parts: the
    /// user's template (`--field subtitle='#{number} · {labels}'`), or the subtitle field followed by the
    /// record's short identifying fields ("#107 · bug, ui · OPEN"); nil when the subtitle is one field or none.
    public func subtitleTemplate(for names: [String], columns: [Role: Int]) -> FieldTemplate.Resolved? {
        if let field = chosen[.subtitle] { return FieldTemplate(field)?.resolved(for: names) }
        let lowercased = names.map { $0.lowercased() }
        // A field already shown as the title or the body is not repeated under the title.
        let shown = Set([columns[.title], columns[.body]].compactMap { $0 })
        var pieces: [FieldTemplate.Resolved.Piece] = columns[.subtitle].map { [.column($0)] } ?? []
        for group in Self.identifyingNames {
            guard let column = group.names.lazy.compactMap({ name in
                lowercased.indices.first { lowercased[$0] == name && !shown.contains($0) }
            }).first else { continue }
            if !pieces.isEmpty { pieces.append(.text(" · ")) }
            pieces.append(group.isNumber ? .number(column) : .short(column))
        }
        guard pieces.count > 1 else { return nil }
        return FieldTemplate.Resolved(pieces: pieces)
    }

    /// A field name the mapping can't use, worded for the user.
    public struct MappingError: Error, Sendable, Equatable, CustomStringConvertible {
        /// What is wrong, in a sentence.
        public let description: String

        init(_ description: String) { self.description = description }
    }
}
