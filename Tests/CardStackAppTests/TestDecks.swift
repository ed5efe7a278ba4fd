// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Deck files made for one test, in that test's own folder.
enum TestDecks {
    /// A JSON deck of `count` cards with ids "card-1" … in a new file under `folder`.
    static func json(count: Int, in folder: URL, name: String = "deck.json") throws -> URL {
        let cards = (1...count).map { index in
            ["id": "card-\(index)", "title": "Card \(index)", "subtitle": "Test card", "body": "Body of card \(index)."]
        }
        let data = try JSONSerialization.data(withJSONObject: ["title": "Test deck", "cards": cards])
        let url = folder.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try data.write(to: url)
        return url
    }

    /// The card ids in the CSV export printed by `cardstack --export`, in order.
    static func exportedIDs(_ csv: String) -> [String] {
        csv.split(separator: "\n").dropFirst().map { String($0.split(separator: ",", omittingEmptySubsequences: false)[0]) }
    }
}
