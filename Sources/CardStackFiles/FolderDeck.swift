// SPDX-License-Identifier: GPL-3.0-or-later
import CardStackCore
import Foundation

/// A folder opened as a deck: a folder of photos, to cull, when at least half its files are images, camera RAW
/// files or videos (then only those are cards, a RAW and a JPEG of one shot as one card, and so a Live Photo's still
/// and motion), and any other folder as a deck of all its files.
///
/// Only the listing and one `stat` per file are read (and for a file that isn't an image, whether the desktop
/// already has a thumbnail of it), so 10,000 files open at once. Hidden files are skipped; subfolders are
/// listed too when asked (``FolderWalk``).
public enum FolderDeck {
    /// Builds the deck for `folder`: files whose lowercased extension is in `imageExtensions`, or a RAW's
    /// (``RawFormat/extensions``) or a video's (``VideoFormat/extensions``), are photos. `progress` hears the listing, then each file looked at, and stops the
    /// load when cancelled.
    public static func load(
        folder: URL,
        imageExtensions: Set<String>,
        includesSubfolders: Bool = false,
        pairsRawWithJPEG: Bool = true,
        thumbnails: DesktopThumbnails = DesktopThumbnails(),
        progress: DeckLoadProgress? = nil
    ) throws(DeckLoadError) -> Deck {
        let folder = folder.absoluteURL.standardizedFileURL
        let path = folder.path
        let extensions = Set(imageExtensions.map { $0.hasPrefix(".") ? $0.dropFirst().lowercased() : $0.lowercased() })
            .union(RawFormat.extensions).union(VideoFormat.extensions)
        let walk = try FolderWalk.walk(path, includesSubfolders: includesSubfolders, progress: progress)
        let images = walk.files.filter { ImageFolderDeck.isCandidate($0.relativePath, extensions: extensions) }
        var deck: Deck
        if FileFolderDeck.isPhotoFolder(imageCount: images.count, fileCount: walk.files.count) {
            deck = try ImageFolderDeck.deck(
                folder: folder,
                listed: images.map { ImageFolderDeck.Entry(name: $0.relativePath, size: $0.size, modified: $0.modified) },
                pairsRawWithJPEG: pairsRawWithJPEG
            )
        } else {
            let base = path.hasSuffix("/") ? path : path + "/"
            let imageNames = Set(images.map(\.relativePath))
            deck = try FileFolderDeck.deck(folder: folder, listed: walk.files.map { file in
                let filePath = base + file.relativePath
                let picture = imageNames.contains(file.relativePath) ? filePath : thumbnails.thumbnail(of: filePath, modified: file.modified)
                return FileFolderDeck.Entry(name: file.relativePath, size: file.size, modified: file.modified, picture: picture)
            })
        }
        deck.skippedFolders = walk.skippedFolders
        for file in walk.files {
            if let format = LoaderFormat.missingFormat(of: file.relativePath, readable: extensions) { deck.photosWithoutLoader[format, default: 0] += 1 }
        }
        return deck
    }
}
