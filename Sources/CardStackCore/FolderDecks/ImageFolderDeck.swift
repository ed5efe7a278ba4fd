// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// A folder of photos as a deck: one card per image, video, RAW+JPEG pair or Live Photo inside it, in natural name
/// order.
///
/// Each card is titled with the file name, subtitled with its subfolder, "RAW+JPEG" for a pair, and its
/// modification day ("DCIM/100CANON · RAW+JPEG · 21 Nov 2026", UTC), and shows the image (a
/// video's poster frame); its id comes from the
/// relative path and size (`CardIdentity.imageID`). Listing the folder is `CardStackFiles`'s (`FolderDeck.load`); this part makes the deck from what the
/// listing found.
public enum ImageFolderDeck {
    /// One image file as the listing found it.
    public struct Entry: Sendable {
        /// The file's path from the deck's folder: its name, or "DCIM/100CANON/IMG_0001.JPG" in a subfolder.
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
    /// (lowercased, without the dot). A relative path is judged by its file name.
    public static func isCandidate(_ relativePath: String, extensions: Set<String>) -> Bool {
        let name = split(relativePath).name
        guard !name.hasPrefix("."), let dot = name.lastIndex(of: ".") else { return false }
        return extensions.contains(name[name.index(after: dot)...].lowercased())
    }

    /// The deck of the images `listed` in `folder` (a standardized absolute path), in natural name order; throws
    /// `emptyFolder` when there are none. Entries in subfolders are named by their relative path, and their cards
    /// say the subfolder; with `pairsRawWithJPEG` a RAW and a JPEG of the same name (``PhotoPairs``) are one card,
    /// and so are a still and its motion.
    public static func deck(folder: URL, listed: [Entry], pairsRawWithJPEG: Bool = true) throws(DeckLoadError) -> Deck {
        let photos = pairsRawWithJPEG
            ? PhotoPairs.pair(listed, name: \.name)
            : listed.map { PhotoPairs.Photo(shown: $0, raw: nil) }
        let base = folder.path.hasSuffix("/") ? folder.path : folder.path + "/"
        let cards = try FolderCards.make(in: folder, photos, name: \.shown.name, size: \.shown.size) { photo, path in
            let entry = photo.shown
            let (subfolder, fileName) = split(entry.name)
            let subtitle = [subfolder.map(FileNameEncoding.displayName), photo.raw == nil ? nil : pairLabel, DayLabel.text(for: entry.modified)]
                .compactMap { $0 }.joined(separator: separator)
            return CardContent.Fields(
                title: FileNameEncoding.displayName(fileName), subtitle: subtitle, imagePath: path, filePath: path,
                rawPath: photo.raw.map { base + $0.name }, motionPath: photo.motion.map { base + $0.name }
            )
        }
        return Deck(title: FileNameEncoding.displayName(folder.lastPathComponent), cards: cards, source: folder, isPhotoDeck: true)
    }

    /// What a pair's card says it is, on the card and in its details.
    public static let pairLabel = "RAW+JPEG"
    /// What a Live Photo's badge says it is, as Apple's Photos badges one.
    public static let liveLabel = "Live"
    /// Between the parts of a photo's subtitle (subfolder, pair, day).
    static let separator = " · "

    /// A photo card's subtitle with its last part, the file's modification day, replaced by `day`: the day the
    /// photo was taken, once its file has been read.
    public static func subtitle(_ subtitle: String, redatedTo day: String) -> String {
        guard let range = subtitle.range(of: separator, options: .backwards) else { return day }
        return subtitle[..<range.upperBound] + day
    }

    /// A relative path's folder part (nil for a file directly in the deck's folder) and its file name.
    private static func split(_ relativePath: String) -> (folder: String?, name: String) {
        guard let slash = relativePath.lastIndex(of: "/") else { return (nil, relativePath) }
        return (String(relativePath[..<slash]), String(relativePath[relativePath.index(after: slash)...]))
    }
}
