// SPDX-License-Identifier: GPL-3.0-or-later
import CardStackCore
import Foundation
import GtkSupport

/// Pictures for the cards of a folder of files that the desktop has no thumbnail of: their type's icon, as Files
/// shows them.
@MainActor
enum FileIcons {
    /// The icon size asked of the theme, in px: about a card's width, so the icon is never drawn enlarged.
    static let size: Int32 = 256

    /// Gives each card of `deck` that stands for a file and has no picture its type's icon, looked up once per
    /// extension (a folder of 10,000 files has a few dozen).
    static func fill(_ deck: inout Deck) {
        // Only a folder's cards stand for files, every one of them: a list of a million cards is not walked.
        guard !deck.isPhotoDeck, deck.cards.first?.filePath != nil else { return }
        var icons: [String: String] = [:]
        var missing: Set<String> = []
        for index in deck.cards.indices where !deck.cards[index].hasImage && deck.cards[index].filePath != nil {
            let name = deck.cards[index].title
            let type = URL(fileURLWithPath: name).pathExtension.lowercased()
            if missing.contains(type) { continue }
            if let icon = icons[type] ?? FileTypeIcon.path(forFileNamed: name, size: size) {
                icons[type] = icon
                deck.cards[index].imagePath = icon
            } else {
                missing.insert(type)
            }
        }
    }
}
