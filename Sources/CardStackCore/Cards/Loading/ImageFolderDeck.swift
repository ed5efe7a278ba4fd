// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

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
        switch FolderListing.names(in: path) {
        case .success(let listed): names = listed
        case .failure(let failure): throw DeckLoadError.fileSystem(failure.code, path: path)
        }
        let candidates = names.filter { isCandidate($0, extensions: extensions) }
        try progress?.begin(.readingImages, total: candidates.count)
        var listed: [Entry] = []
        listed.reserveCapacity(candidates.count)
        for (index, name) in candidates.enumerated() {
            if let entry = entry(named: name, in: path) { listed.append(entry) }
            try progress?.advance(to: index + 1)
        }
        let entries = listed
            .map { (key: NaturalSortKey($0.name), entry: $0) }
            .sorted { $0.key < $1.key }
            .map(\.entry)
        let title = FileNameEncoding.displayName(folder.lastPathComponent)
        guard !entries.isEmpty else {
            throw .noImages(folder: title, extensions: extensions.sorted())
        }
        var allocator = CardIDAllocator(capacity: entries.count)
        let base = path.hasSuffix("/") ? path : path + "/"
        var cards = CardPacker(expectedCount: entries.count)
        for (index, entry) in entries.enumerated() {
            let id = allocator.claimGenerated(CardIdentity.imageID(relativePath: entry.name, fileSize: entry.size), for: index, among: cards)
            cards.append(
                id: id,
                CardContent.Fields(title: FileNameEncoding.displayName(entry.name), subtitle: DayLabel.text(for: entry.modified), imagePath: base + entry.name)
            )
        }
        return Deck(title: title, cards: CardPacker.trimmed(cards.finish()), source: folder, isPhotoDeck: true)
    }

    /// Whether the name alone makes the file worth a `stat`: not hidden, and with an image extension.
    static func isCandidate(_ name: String, extensions: Set<String>) -> Bool {
        guard !name.hasPrefix("."), let dot = name.lastIndex(of: ".") else { return false }
        return extensions.contains(name[name.index(after: dot)...].lowercased())
    }

    /// The file's size and modification time, or nil for a folder, a broken link or anything not a plain file.
    private static func entry(named name: String, in folder: String) -> Entry? {
        // `stat` rather than `lstat`: a link to a photo is a photo.
        guard let status = FileStatus(path: folder + "/" + name), status.kind == .regularFile else { return nil }
        return Entry(name: name, size: status.size, modified: status.modified)
    }
}
