// SPDX-License-Identifier: GPL-3.0-or-later
import CardStackCore
import Foundation

extension ImageFolderDeck {
    /// Builds the deck for `folder`, taking files whose lowercased extension is in `imageExtensions`;
    /// `progress` hears the listing, then each image looked at, and stops the load when cancelled.
    ///
    /// Only the folder listing and one `stat` per image are read, so 10,000 photos open at once.
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
        return try deck(folder: folder, listed: listed, extensions: extensions)
    }

    /// The file's size and modification time, or nil for a folder, a broken link or anything not a plain file.
    private static func entry(named name: String, in folder: String) -> Entry? {
        // `stat` rather than `lstat`: a link to a photo is a photo.
        guard let status = FileStatus(path: folder + "/" + name), status.kind == .regularFile else { return nil }
        return Entry(name: name, size: status.size, modified: status.modified)
    }
}
