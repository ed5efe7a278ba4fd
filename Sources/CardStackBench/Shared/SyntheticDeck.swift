// SPDX-License-Identifier: GPL-3.0-or-later
import CardStackCore
import Foundation

/// Decks of any length for the benchmark, made from a few realistic cards (title, subtitle, a paragraph, a
/// colour), each copy with its own id and numbered title so no two faces are the same.
enum SyntheticDeck {
    private struct Template {
        let title: String
        let subtitle: String
        let body: String
        let color: String
    }

    /// Like the bundled sample deck: short and long paragraphs, light and dark colours.
    private static let templates: [Template] = [
        Template(
            title: "Dune", subtitle: "Frank Herbert · 1965",
            body: "On the desert planet Arrakis, the only source of the spice that makes space travel possible, young Paul Atreides sees his family betrayed and takes refuge with the Fremen. The novel weaves ecology, religion and politics into a story about the danger of messiahs.",
            color: "#3584e4"
        ),
        Template(
            title: "Pride and Prejudice", subtitle: "Jane Austen · 1813",
            body: "Elizabeth Bennet and Mr Darcy misjudge each other, then slowly learn better.",
            color: "#c01c28"
        ),
        Template(
            title: "One Hundred Years of Solitude", subtitle: "Gabriel García Márquez · 1967",
            body: "Seven generations of the Buendía family rise and fall in Macondo, a town founded in a Colombian swamp. Ghosts, plagues of insomnia and rains that last for years are told in the same calm voice as weddings and civil wars.",
            color: "#e5a50a"
        ),
        Template(
            title: "The Left Hand of Darkness", subtitle: "Ursula K. Le Guin · 1969",
            body: "An envoy spends two years on a frozen world whose people have no fixed sex, and crosses a glacier with the one person he cannot understand.",
            color: "#2ec27e"
        ),
        Template(
            title: "Things Fall Apart", subtitle: "Chinua Achebe · 1958",
            body: "Okonkwo, a proud wrestler and farmer in an Igbo village, watches his world come apart when missionaries and colonial officers arrive.",
            color: "#f6f5f4"
        ),
    ]

    /// Labels for all four directions, as the sample deck has.
    static let labels: [SwipeDirection: String] = [.right: "Read", .left: "Skip", .up: "Favourite", .down: "Later"]

    /// The `index`th card (0-based).
    static func card(_ index: Int) -> Card {
        let template = templates[index % templates.count]
        return Card(
            id: "card-\(index)",
            title: "\(template.title) #\(index + 1)",
            subtitle: template.subtitle,
            body: template.body,
            color: CardColor(hex: template.color)
        )
    }

    /// A deck of `count` cards built in memory.
    static func deck(count: Int) -> Deck {
        Deck(title: "Benchmark deck", cards: (0..<count).map(card), labels: labels)
    }

    private struct FileCard: Encodable {
        let id: String
        let title: String
        let subtitle: String?
        let body: String?
        let color: String
    }

    /// Writes a deck file of `count` cards in the app's JSON format, for timing a real load.
    ///
    /// Cards are encoded and written one at a time: building the whole file in memory first would count the
    /// encoder's scratch space in the benchmark child's peak RSS, which is meant to measure the deck alone.
    static func writeFile(count: Int, to url: URL) throws {
        guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
        }
        let file = try FileHandle(forWritingTo: url)
        defer { try? file.close() }
        let encoder = JSONEncoder()
        let directions = Dictionary(uniqueKeysWithValues: labels.map { ($0.key.rawValue, $0.value) })
        try file.write(contentsOf: Data(#"{"title":"Benchmark deck","directions":"#.utf8))
        try file.write(contentsOf: encoder.encode(directions))
        try file.write(contentsOf: Data(#","cards":["#.utf8))
        var batch = Data()
        for index in 0..<count {
            let template = templates[index % templates.count]
            let card = FileCard(id: "card-\(index)", title: "\(template.title) #\(index + 1)", subtitle: template.subtitle, body: template.body, color: template.color)
            if index > 0 { batch.append(UInt8(ascii: ",")) }
            batch.append(try encoder.encode(card))
            // Written in batches of about 1 MB: few system calls, little memory.
            if batch.count > 1 << 20 {
                try file.write(contentsOf: batch)
                batch.removeAll(keepingCapacity: true)
            }
        }
        batch.append(contentsOf: Data("]}".utf8))
        try file.write(contentsOf: batch)
    }

    /// Writes the same cards as `writeFile` as a CSV deck, for timing the CSV reader against the JSON one.
    static func writeCSV(count: Int, to url: URL) throws {
        guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
        }
        let file = try FileHandle(forWritingTo: url)
        defer { try? file.close() }
        func quoted(_ field: String?) -> String {
            guard let field else { return "" }
            let needsQuotes = field.contains { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }
            return needsQuotes ? "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : field
        }
        var batch = "id,title,subtitle,body,color\n"
        for index in 0..<count {
            let template = templates[index % templates.count]
            let fields = ["card-\(index)", "\(template.title) #\(index + 1)", template.subtitle, template.body, template.color]
            batch += fields.map(quoted).joined(separator: ",") + "\n"
            if batch.utf8.count > 1 << 20 {
                try file.write(contentsOf: Data(batch.utf8))
                batch = ""
            }
        }
        try file.write(contentsOf: Data(batch.utf8))
    }

    /// Writes the same cards as JSON Lines, one object a line, as `jq -c` or a log would: the records reader
    /// against the deck reader.
    static func writeJSONLines(count: Int, to url: URL) throws {
        guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
        }
        let file = try FileHandle(forWritingTo: url)
        defer { try? file.close() }
        let encoder = JSONEncoder()
        var batch = Data()
        for index in 0..<count {
            let template = templates[index % templates.count]
            let card = FileCard(id: "card-\(index)", title: "\(template.title) #\(index + 1)", subtitle: template.subtitle, body: template.body, color: template.color)
            batch.append(try encoder.encode(card))
            batch.append(UInt8(ascii: "\n"))
            if batch.count > 1 << 20 {
                try file.write(contentsOf: batch)
                batch.removeAll(keepingCapacity: true)
            }
        }
        try file.write(contentsOf: batch)
    }
}
