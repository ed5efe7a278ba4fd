// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Every field of the record a card was read from, in the record's order, and which parts of the card each one
/// fills: what Card details lists, so a field no part shows (a CSV's Beschreibung, a log line's service) is
/// never out of reach.
public struct CardRecord: Sendable, Equatable {
    /// One field: its name as the record writes it, and its value as text (a nested value flattened as a card
    /// shows it: a list of labels "bug, ui").
    public struct Field: Sendable, Equatable {
        public let name: String
        /// Nil for a field without a value (`null`, an empty list).
        public let value: String?
        /// The parts of the card this field fills, in ``CardFieldMapping/Role`` order.
        public var parts: [CardFieldMapping.Role] = []

        public init(name: String, value: String?, parts: [CardFieldMapping.Role] = []) {
            self.name = name
            self.value = value
            self.parts = parts
        }
    }

    public let fields: [Field]

    /// The record of card `index` in `data`, which `origins` describes, with the parts `mapping` fills from it;
    /// nil for lines of text (a line has no fields) or bytes that are not one record.
    ///
    /// Reads only that card's bytes (and a CSV's header row), so it takes no longer for the last card of a
    /// large list than for the first.
    public init?(card index: Int, in data: Data, origins: DeckOrigins, mapping: CardFieldMapping) {
        guard origins.ranges.indices.contains(index) else { return nil }
        let range = origins.ranges[index]
        guard range.lowerBound >= data.startIndex, range.upperBound <= data.endIndex else { return nil }
        let read: (names: [String], values: [String?])?
        switch origins.form {
        case .lines:
            return nil
        case .json:
            read = Self.jsonMembers(Data(data[range]))
        case .csv(let header):
            guard header.lowerBound >= data.startIndex, header.upperBound <= data.endIndex else { return nil }
            read = Self.csvFields(header: Data(data[header]), row: Data(data[range]))
        }
        guard let (names, values) = read, !names.isEmpty else { return nil }
        var fields = zip(names, values).map { Field(name: $0, value: $1) }
        for (place, roles) in Self.parts(names: names, values: values, mapping: mapping, isCSV: origins.form != .json) {
            fields[place].parts = roles.sorted()
        }
        self.fields = fields
    }

    /// The members of a JSON object, each value flattened; nil when the bytes are not one object.
    static func jsonMembers(_ bytes: Data) -> (names: [String], values: [String?])? {
        bytes.withUnsafeBytes { raw -> (names: [String], values: [String?])? in
            var scanner = JSONScanner(bytes: raw.bindMemory(to: UInt8.self))
            var names: [String] = []
            var values: [String?] = []
            do {
                guard try scanner.nextKind() == .object else { return nil }
                try scanner.beginObject(orFail: "")
                var first = true
                while try scanner.nextMember(first: first) {
                    first = false
                    names.append(try scanner.readKey())
                    values.append(try scanner.flatValue(depth: 1))
                }
            } catch {
                return nil
            }
            return (names, values)
        }
    }

    /// A CSV row's fields under the header's names; nil when the two don't have as many fields.
    static func csvFields(header: Data, row: Data) -> (names: [String], values: [String?])? {
        var bytes = header
        if bytes.last != ASCII.lineFeed && bytes.last != ASCII.carriageReturn { bytes.append(ASCII.lineFeed) }
        bytes.append(row)
        return bytes.withUnsafeBytes { raw -> (names: [String], values: [String?])? in
            var reader = CSVReader(bytes: raw.bindMemory(to: UInt8.self), from: 0)
            var names: [String] = []
            var values: [String] = []
            do {
                guard try reader.readRecord(into: &names), try reader.readRecord(into: &values), names.count == values.count else { return nil }
            } catch {
                return nil
            }
            return (names.map { $0.trimmingCharacters(in: .whitespaces) }, values.map { $0.isEmpty ? nil : $0 })
        }
    }

    /// Which parts each field fills, by the field's place, as the deck's readers choose them.
    static func parts(names: [String], values: [String?], mapping: CardFieldMapping, isCSV: Bool) -> [Int: [CardFieldMapping.Role]] {
        var columns = (try? mapping.columns(for: names)) ?? [:]
        if columns[.title] == nil, mapping.chosen[.title] == nil {
            // As the readers do: a CSV's first column nothing else took, a JSON item's first text.
            let taken = Set(columns.values)
            columns[.title] = names.indices.first { !taken.contains($0) && (isCSV || values[$0].flatMap(CardDraft.nonBlank) != nil) }
        }
        var parts: [Int: [CardFieldMapping.Role]] = [:]
        for (role, place) in columns { parts[place, default: []].append(role) }
        if let template = mapping.subtitleTemplate(for: names, columns: columns) {
            for place in Set(template.columns) where !(parts[place] ?? []).contains(.subtitle) {
                parts[place, default: []].append(.subtitle)
            }
        }
        return parts
    }
}
