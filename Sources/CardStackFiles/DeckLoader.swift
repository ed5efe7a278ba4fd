// SPDX-License-Identifier: GPL-3.0-or-later
import CardStackCore
import Foundation

/// Opens the deck at a path, whichever kind it is: the one entry point the app calls.
public enum DeckLoader {
    /// Loads whatever `url` is: a .json or .csv file, or a folder of images whose lowercased extensions are
    /// in `imageExtensions`.
    ///
    /// A file with another extension is read as JSON when it starts like JSON, and otherwise refused as
    /// unsupported. The deck's `source` is the standardized absolute URL. `progress`, when given, hears how far
    /// loading has come, and stops it when cancelled.
    public static func load(
        from url: URL,
        imageExtensions: Set<String>,
        progress: DeckLoadProgress? = nil
    ) throws(DeckLoadError) -> Deck {
        try load(DeckSource.identify(url), imageExtensions: imageExtensions, progress: progress)
    }

    /// Loads `source` as the kind it names, so a chooser that asked for a file or a folder can insist on it:
    /// a folder given as a file throws `isFolder`, a file given as a folder `notFolder`.
    public static func load(
        _ source: DeckSource,
        imageExtensions: Set<String>,
        progress: DeckLoadProgress? = nil
    ) throws(DeckLoadError) -> Deck {
        let url = source.url.absoluteURL.standardizedFileURL
        let name = FileNameEncoding.displayName(url.deletingPathExtension().lastPathComponent)
        let folder = url.deletingLastPathComponent()
        var deck: Deck
        switch source {
        case .imageFolder:
            try requireKind(folder: true, at: url.path)
            return try ImageFolderDeck.load(folder: url, imageExtensions: imageExtensions, progress: progress)
        case .jsonFile:
            let text = try readText(at: url, progress: progress)
            deck = try JSONDeckParser.parse(text.data, baseDirectory: folder, defaultTitle: name, parsedUpTo: text.parsedUpTo)
        case .csvFile:
            let text = try readText(at: url, progress: progress)
            deck = try CSVDeckParser.parse(text.data, title: name, baseDirectory: folder, parsedUpTo: text.parsedUpTo)
        case .otherFile:
            let text = try readText(at: url, progress: progress)
            guard DeckText.looksLikeJSON(text.data) else { throw .unsupportedFile(path: url.path) }
            deck = try JSONDeckParser.parse(text.data, baseDirectory: folder, defaultTitle: name, parsedUpTo: text.parsedUpTo)
        }
        deck.source = url
        return deck
    }

    /// A deck file's text as UTF-8, and what to call as parsing moves on: a UTF-8 file stays mapped and hands
    /// back the pages parsed, a UTF-16 or UTF-32 one is transcoded into memory; either reports to `progress`.
    struct FileText {
        let data: Data
        let parsedUpTo: (Int) throws(DeckLoadError) -> Void
    }

    /// The deck file at `url`, mapped (transcoded to UTF-8 when its byte order mark says UTF-16 or UTF-32), with
    /// reading failures said in the user's terms.
    static func readText(at url: URL, progress: DeckLoadProgress?) throws(DeckLoadError) -> FileText {
        try requireKind(folder: false, at: url.path)
        let file = try MappedFile(path: url.path)
        let wide = try DeckText.utf8(fromWide: file.data)
        let data = wide ?? file.data
        guard !DeckText.isBlank(data) else { throw .emptyFile(path: url.path) }
        try progress?.begin(.readingFile, total: data.count)
        return FileText(data: data) { offset throws(DeckLoadError) in
            if wide == nil { file.releasePages(before: offset) }
            try progress?.advance(to: offset)
        }
    }

    /// Throws `notFound`, `isFolder` or `notFolder` unless `path` is a folder exactly when `folder` is true.
    private static func requireKind(folder: Bool, at path: String) throws(DeckLoadError) {
        guard let status = FileStatus(path: path) else { throw .notFound(path: path) }
        let isFolder = status.kind == .folder
        if isFolder && !folder { throw .isFolder(path: path) }
        if !isFolder && folder { throw .notFolder(path: path) }
    }
}
