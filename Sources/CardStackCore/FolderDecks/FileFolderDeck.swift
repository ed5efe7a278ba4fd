// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// A folder of any files as a deck (a Downloads folder, a project's exports): one card per file directly
/// inside it, in natural name order, titled with its name and subtitled with its size and day, as Files lists it.
///
/// Each card shows the file's thumbnail where the desktop already made one, the picture itself for an image, and
/// otherwise its type's icon, which the window finds in the icon theme by the file's type. Its ``Card/filePath`` is the
/// file, so printing, copying and the trash take it. Listing the folder is `CardStackFiles`'s.
public enum FileFolderDeck {
    /// One file as the listing found it.
    public struct Entry: Sendable {
        /// The file's name in the folder.
        public var name: String
        /// Its size in bytes.
        public var size: UInt64
        /// When it was last modified.
        public var modified: Date
        /// A picture of it: its thumbnail from the desktop's cache, or the file itself for an image.
        public var picture: String?

        /// An entry for the file `name` of `size` bytes, modified at `modified`, shown by `picture`.
        public init(name: String, size: UInt64, modified: Date, picture: String?) {
            self.name = name
            self.size = size
            self.modified = modified
            self.picture = picture
        }
    }

    /// Whether a folder whose regular files are `imageCount` images of `fileCount` is a folder of photos, to cull
    /// as photos (only its images become cards), rather than a folder of files: when at least half are images.
    public static func isPhotoFolder(imageCount: Int, fileCount: Int) -> Bool {
        imageCount > 0 && imageCount * 2 >= fileCount
    }

    /// A file's name as its card's title: a name of only white space or control characters (a file called "\n"
    /// is allowed) is shown in quotes with its controls as visible symbols, so no card is blank.
    static func title(of name: String) -> String {
        let shown = FileNameEncoding.displayName(name)
        return CardDraft.hasVisibleCharacter(shown) ? shown : "“\(VisibleControlCharacters.replacing(in: shown))”"
    }

    /// The deck of the files `listed` in `folder` (a standardized absolute path), in natural name order; throws
    /// `emptyFolder` when there are none.
    public static func deck(folder: URL, listed: [Entry]) throws(DeckLoadError) -> Deck {
        let cards = try FolderCards.make(in: folder, listed, name: \.name, size: \.size) { entry, path in
            CardContent.Fields(
                title: title(of: entry.name),
                subtitle: "\(ByteCount.text(entry.size)) · \(DayLabel.text(for: entry.modified))",
                imagePath: entry.picture, filePath: path
            )
        }
        return Deck(title: FileNameEncoding.displayName(folder.lastPathComponent), cards: cards, source: folder)
    }
}
