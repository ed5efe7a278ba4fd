// SPDX-License-Identifier: GPL-3.0-or-later
import CardStackCore
import Foundation

/// A folder opened as a deck: a folder of photos, to cull, when at least half its files are images (then only
/// its images are cards), and any other folder as a deck of all its files.
///
/// Only the listing and one `stat` per file are read (and for a file that isn't an image, whether the desktop
/// already has a thumbnail of it), so 10,000 files open at once. Hidden files and subfolders are skipped.
public enum FolderDeck {
    /// Builds the deck for `folder`: files whose lowercased extension is in `imageExtensions` are images.
    /// `progress` hears the listing, then each file looked at, and stops the load when cancelled.
    public static func load(
        folder: URL,
        imageExtensions: Set<String>,
        thumbnails: DesktopThumbnails = DesktopThumbnails(),
        progress: DeckLoadProgress? = nil
    ) throws(DeckLoadError) -> Deck {
        let folder = folder.absoluteURL.standardizedFileURL
        let path = folder.path
        let extensions = Set(imageExtensions.map { $0.hasPrefix(".") ? $0.dropFirst().lowercased() : $0.lowercased() })
        try progress?.begin(.listingFolder, total: 0)
        let names: [String]
        switch FolderListing.names(in: path) {
        case .success(let listed): names = listed.filter { !$0.hasPrefix(".") }
        case .failure(let failure): throw DeckLoadError.fileSystem(failure.code, path: path)
        }
        try progress?.begin(.readingFiles, total: names.count)
        var files: [(name: String, size: UInt64, modified: Date, isImage: Bool)] = []
        files.reserveCapacity(names.count)
        for (index, name) in names.enumerated() {
            // `stat` rather than `lstat`: a link to a file is that file.
            if let status = FileStatus(path: path + "/" + name), status.kind == .regularFile {
                files.append((name, status.size, status.modified, ImageFolderDeck.isCandidate(name, extensions: extensions)))
            }
            try progress?.advance(to: index + 1)
        }
        let images = files.filter(\.isImage)
        if FileFolderDeck.isPhotoFolder(imageCount: images.count, fileCount: files.count) {
            return try ImageFolderDeck.deck(folder: folder, listed: images.map { ImageFolderDeck.Entry(name: $0.name, size: $0.size, modified: $0.modified) })
        }
        let base = path.hasSuffix("/") ? path : path + "/"
        return try FileFolderDeck.deck(folder: folder, listed: files.map { file in
            let filePath = base + file.name
            let picture = file.isImage ? filePath : thumbnails.thumbnail(of: filePath, modified: file.modified)
            return FileFolderDeck.Entry(name: file.name, size: file.size, modified: file.modified, picture: picture)
        })
    }
}
