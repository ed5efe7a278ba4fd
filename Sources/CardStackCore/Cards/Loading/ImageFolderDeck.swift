// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// A folder of photos as a deck: one card per image directly inside it, in natural name order.
///
/// Each card is titled with the file name, subtitled with its modification day ("21 Nov 2026", UTC) and shows
/// the image; its id comes from the name and size (`CardIdentity.imageID`). Hidden files and subfolders are
/// skipped. Listing the folder is `CardStackFiles`'s (`FolderDeck.load`); this part makes the deck from what the
/// listing found.
public enum ImageFolderDeck {
    /// One image file as the listing found it.
    public struct Entry: Sendable {
        /// The file's name in the folder.
        public var name: String
        /// Its size in bytes, part of its card's id.
        public var size: UInt64
        /// When it was last modified: its card's day.
        public var modified: Date

        /// An entry for the file `name` of `size` bytes, modified at `modified`.
        public init(name: String, size: UInt64, modified: Date) {
            self.name = name
            self.size = size
            self.modified = modified
        }
    }

    /// Whether the name alone makes the file worth a `stat`: not hidden, and with one of `extensions`
    /// (lowercased, without the dot).
    public static func isCandidate(_ name: String, extensions: Set<String>) -> Bool {
        guard !name.hasPrefix("."), let dot = name.lastIndex(of: ".") else { return false }
        return extensions.contains(name[name.index(after: dot)...].lowercased())
    }

    /// The deck of the images `listed` in `folder` (a standardized absolute path), in natural name order; throws
    /// `emptyFolder` when there are none.
    public static func deck(folder: URL, listed: [Entry]) throws(DeckLoadError) -> Deck {
        let cards = try FolderCards.make(in: folder, listed, name: \.name, size: \.size) { entry, path in
            CardContent.Fields(
                title: FileNameEncoding.displayName(entry.name), subtitle: DayLabel.text(for: entry.modified), imagePath: path, filePath: path
            )
        }
        return Deck(title: FileNameEncoding.displayName(folder.lastPathComponent), cards: cards, source: folder, isPhotoDeck: true)
    }
}
