// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Reads a deck from its JSON file.
///
/// ```json
/// { "title": "Books", "directions": { "right": "Read", "left": "Skip" },
///   "cards": [ { "id": "dune", "title": "Dune", "subtitle": "…", "body": "…", "color": "#3584e4",
///                "image": "covers/dune.jpg" } ] }
/// ```
/// `directions` is optional: when present, only the directions it names are allowed, with those labels.
public enum DeckFile {
    /// Loads and parses the deck at `url`; image paths resolve against the file's folder.
    public static func load(from url: URL) throws(DeckLoadError) -> Deck {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw .unreadable(path: url.path, reason: error.localizedDescription)
        }
        return try parseJSON(data, baseDirectory: url.deletingLastPathComponent())
    }

    /// Parses deck JSON; `baseDirectory` resolves relative image paths.
    public static func parseJSON(_ data: Data, baseDirectory: URL?) throws(DeckLoadError) -> Deck {
        let file: JSONDeck
        do {
            file = try JSONDecoder().decode(JSONDeck.self, from: data)
        } catch let error as DecodingError {
            throw .malformed(reason: describe(error))
        } catch {
            throw .malformed(reason: error.localizedDescription)
        }
        var cards: [Card] = []
        var seen: Set<String> = []
        for (index, entry) in file.cards.enumerated() {
            let title = entry.title?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
            guard !title.isEmpty else { throw .missingTitle(cardNumber: index + 1) }
            let id = entry.id ?? "card-\(index + 1)"
            guard seen.insert(id).inserted else { throw .duplicateID(id) }
            let image = entry.image.map { path in
                guard let baseDirectory, !path.hasPrefix("/") else { return path }
                return baseDirectory.appendingPathComponent(path).path
            }
            cards.append(Card(
                id: id,
                title: title,
                subtitle: entry.subtitle.flatMap(nonEmpty),
                body: entry.body.flatMap(nonEmpty),
                color: entry.color.flatMap(CardColor.init(hex:)),
                imagePath: image
            ))
        }
        guard !cards.isEmpty else { throw .empty }
        var allowed = Set(SwipeDirection.allCases)
        var labels: [SwipeDirection: String] = [:]
        if let directions = file.directions {
            allowed = []
            for (key, label) in directions {
                guard let direction = SwipeDirection(rawValue: key) else { continue }
                allowed.insert(direction)
                labels[direction] = label
            }
            guard !allowed.isEmpty else { throw .noDirections }
        }
        return Deck(
            title: file.title ?? "Untitled deck",
            cards: cards,
            allowedDirections: allowed,
            labels: labels
        )
    }

    private static func nonEmpty(_ text: String) -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.isEmpty ? nil : trimmed
    }

    private static func describe(_ error: DecodingError) -> String {
        switch error {
        case .dataCorrupted(let context):
            let underlying = (context.underlyingError as NSError?)?.userInfo[NSDebugDescriptionErrorKey] as? String
            return underlying ?? context.debugDescription
        case .keyNotFound(let key, let context):
            return "missing \"\(key.stringValue)\" at \(path(context.codingPath))"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "\(context.debugDescription) at \(path(context.codingPath))"
        @unknown default:
            return "\(error)"
        }
    }

    private static func path(_ codingPath: [any CodingKey]) -> String {
        codingPath.isEmpty ? "the top level" : codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
    }

    private struct JSONDeck: Decodable {
        var title: String?
        var directions: [String: String]?
        var cards: [JSONCard]
    }

    private struct JSONCard: Decodable {
        var id: String?
        var title: String?
        var subtitle: String?
        var body: String?
        var color: String?
        var image: String?
    }
}

/// Why a deck could not be opened, worded for the person who chose the file.
public enum DeckLoadError: Error, Sendable, Equatable, CustomStringConvertible {
    case unreadable(path: String, reason: String)
    case malformed(reason: String)
    case missingTitle(cardNumber: Int)
    case duplicateID(String)
    case empty
    case noDirections

    public var description: String {
        switch self {
        case .unreadable(let path, let reason): "Can't read “\(path)”: \(reason)"
        case .malformed(let reason): "The deck file is not valid JSON: \(reason)"
        case .missingTitle(let number): "Card \(number) has no title"
        case .duplicateID(let id): "Two cards share the id “\(id)”"
        case .empty: "The deck has no cards"
        case .noDirections: "The deck's “directions” names none of left, right, up or down"
        }
    }
}
