// SPDX-License-Identifier: GPL-3.0-or-later

/// A JSON value read as the text a person reads in it: a list of labels "bug, ui", a user object its name.
extension JSONScanner {
    /// The next value as text a card can show; nil for null, an empty list, or nesting past the limit.
    mutating func flatValue(depth: Int) throws(DeckLoadError) -> String? {
        switch try nextKind() {
        case .string: return try readString()
        case .number: return try readNumberText()
        case .boolean: return try readBoolean() ? "true" : "false"
        case .null:
            try readNull()
            return nil
        case .array:
            guard depth < JSONRecordsParser.nestingLimit else {
                try skipValue()
                return nil
            }
            try beginArray(orFail: tr("expected a list"))
            var parts: [String] = []
            var first = true
            while try nextElement(first: first) {
                first = false
                if let part = try flatValue(depth: depth + 1), !part.isEmpty { parts.append(part) }
            }
            return parts.isEmpty ? nil : parts.joined(separator: ", ")
        case .object:
            guard depth < JSONRecordsParser.nestingLimit else {
                try skipValue()
                return nil
            }
            try beginObject(orFail: tr("expected an object"))
            var naming: (rank: Int, text: String)?
            var firstText: String?
            var first = true
            while try nextMember(first: first) {
                first = false
                let key = try readKey().lowercased()
                guard let text = try flatValue(depth: depth + 1) else { continue }
                if let rank = JSONRecordsParser.namingMembers.firstIndex(of: key), rank < naming?.rank ?? .max { naming = (rank, text) }
                if firstText == nil { firstText = text }
            }
            return naming?.text ?? firstText
        }
    }
}
