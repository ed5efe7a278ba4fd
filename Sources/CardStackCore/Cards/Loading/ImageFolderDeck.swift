// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A folder of photos as a deck: one card per image directly inside it, in natural name order.
///
/// Each card is titled with the file name, subtitled with its modification day ("21 Nov 2026", UTC) and shows
/// the image; its id comes from the name and size (`CardIdentity.imageID`). Hidden files and subfolders are
/// skipped. Only the folder listing and one `stat` per image are read, so 10,000 photos open at once.
public enum ImageFolderDeck {
    /// Extensions for callers that can't ask their image loader which formats it reads.
    public static let commonImageExtensions: Set<String> = [
        "jpg", "jpeg", "png", "gif", "webp", "bmp", "tif", "tiff", "heic", "heif", "avif", "svg",
    ]

    /// One image file as the listing found it.
    struct Entry: Sendable {
        var name: String
        var size: UInt64
        var modified: Date
    }

    /// Builds the deck for `folder`, taking files whose lowercased extension is in `imageExtensions`;
    /// `progress` hears the listing, then each image looked at, and stops the load when cancelled.
    public static func load(
        folder: URL,
        imageExtensions: Set<String>,
        progress: DeckLoadProgress? = nil
    ) throws(DeckLoadError) -> Deck {
        let folder = folder.absoluteURL.standardizedFileURL
        let path = folder.path
        let extensions = Set(imageExtensions.map { $0.hasPrefix(".") ? $0.dropFirst().lowercased() : $0.lowercased() })
        try progress?.begin(.listingFolder, total: 0)
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: path)
        } catch {
            throw DeckLoader.readError(error, path: path)
        }
        let candidates = names.filter { isCandidate($0, extensions: extensions) }
        try progress?.begin(.readingImages, total: candidates.count)
        var listed: [Entry] = []
        listed.reserveCapacity(candidates.count)
        // Foundation lists a name that is not UTF-8 with U+FFFD for its bad bytes, a path no file has.
        var unreadableNames: [String] = []
        for (index, name) in candidates.enumerated() {
            if let entry = entry(named: name, in: path) {
                listed.append(entry)
            } else if name.unicodeScalars.contains("\u{FFFD}") {
                unreadableNames.append(name)
            }
            try progress?.advance(to: index + 1)
        }
        let entries = listed
            .map { (key: NaturalSortKey($0.name), entry: $0) }
            .sorted { $0.key < $1.key }
            .map(\.entry)
        let title = folder.lastPathComponent
        guard !entries.isEmpty else {
            throw .noImages(folder: title, extensions: extensions.sorted())
        }
        var allocator = CardIDAllocator(capacity: entries.count)
        let base = path.hasSuffix("/") ? path : path + "/"
        let cards = entries.enumerated().map { index, entry in
            Card(
                id: allocator.claimGenerated(CardIdentity.imageID(relativePath: entry.name, fileSize: entry.size), for: index),
                title: entry.name,
                subtitle: DayLabel.text(for: entry.modified),
                imagePath: base + entry.name
            )
        }
        var deck = Deck(title: title, cards: cards, source: folder, isPhotoDeck: true)
        deck.filesWithUnreadableNames = unreadableNames
        return deck
    }

    /// Whether the name alone makes the file worth a `stat`: not hidden, and with an image extension.
    static func isCandidate(_ name: String, extensions: Set<String>) -> Bool {
        guard !name.hasPrefix("."), let dot = name.lastIndex(of: ".") else { return false }
        return extensions.contains(name[name.index(after: dot)...].lowercased())
    }

    /// The file's size and modification time, or nil for a folder, a broken link or anything not a plain file.
    private static func entry(named name: String, in folder: String) -> Entry? {
        var status = stat()
        // `stat` rather than `lstat`: a link to a photo is a photo.
        guard stat(folder + "/" + name, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        #if canImport(Darwin)
        let time = status.st_mtimespec
        #else
        let time = status.st_mtim
        #endif
        let nanosecondsPerSecond = 1e9
        let modified = Date(timeIntervalSince1970: Double(time.tv_sec) + Double(time.tv_nsec) / nanosecondsPerSecond)
        return Entry(name: name, size: UInt64(status.st_size), modified: modified)
    }
}
