// SPDX-License-Identifier: GPL-3.0-or-later
import CardStackCore
import Foundation

/// Opens the deck at a path, whichever kind it is: the one entry point the app calls.
public enum DeckLoader {
    /// Loads whatever `url` is: a deck file in any ``DeckFormat`` (recognised by its content, its extension a
    /// hint), or a folder (``FolderDeck``: of photos, whose lowercased extensions are in `imageExtensions`, or of
    /// any files; with its subfolders' when `includesSubfolders`; a RAW and a JPEG of one name one card when
    /// `pairsRawWithJPEG`).
    ///
    /// The deck's `source` is the standardized absolute URL; `mapping` says which fields fill a card's parts.
    /// `progress`, when given, hears how far loading has come, and stops it when cancelled.
    public static func load(
        from url: URL,
        imageExtensions: Set<String>,
        includesSubfolders: Bool = false,
        pairsRawWithJPEG: Bool = true,
        mapping: CardFieldMapping = CardFieldMapping(),
        progress: DeckLoadProgress? = nil
    ) throws(DeckLoadError) -> Deck {
        try load(DeckSource.identify(url), imageExtensions: imageExtensions, includesSubfolders: includesSubfolders,
                 pairsRawWithJPEG: pairsRawWithJPEG, mapping: mapping, progress: progress)
    }

    /// Loads `source` as the kind it names, so a chooser that asked for a file or a folder can insist on it:
    /// a folder given as a file throws `isFolder`, a file given as a folder `notFolder`.
    public static func load(
        _ source: DeckSource,
        imageExtensions: Set<String>,
        includesSubfolders: Bool = false,
        pairsRawWithJPEG: Bool = true,
        mapping: CardFieldMapping = CardFieldMapping(),
        progress: DeckLoadProgress? = nil
    ) throws(DeckLoadError) -> Deck {
        let url = source.url.absoluteURL.standardizedFileURL
        if case .imageFolder = source {
            try requireKind(folder: true, at: url.path)
            return try FolderDeck.load(folder: url, imageExtensions: imageExtensions, includesSubfolders: includesSubfolders,
                                       pairsRawWithJPEG: pairsRawWithJPEG, progress: progress)
        }
        let text = try readText(at: url, progress: progress)
        return try read(text.data, of: url, mapping: mapping, keepsOrigins: .none, parsedUpTo: text.parsedUpTo).deck
    }

    /// Where each record of a list deck (a CSV, a JSON list, JSON Lines) lies in its file, and which file that
    /// was: enough to read one record again without the rest (``CardRecordLookup``).
    public struct RecordPlaces: Sendable {
        /// Each card's bytes in the file.
        public let origins: DeckOrigins
        /// The file the places are in, as it was read.
        public let file: FileIdentity
    }

    /// `load(from:…)`, noting where each record lies when the deck is a list of records read straight from its
    /// file (not transcoded from UTF-16 or UTF-32, whose places are not the file's); nil places otherwise.
    public static func loadNotingRecords(
        from url: URL,
        imageExtensions: Set<String>,
        includesSubfolders: Bool = false,
        pairsRawWithJPEG: Bool = true,
        mapping: CardFieldMapping = CardFieldMapping(),
        progress: DeckLoadProgress? = nil
    ) throws(DeckLoadError) -> (deck: Deck, places: RecordPlaces?) {
        let source = try DeckSource.identify(url)
        if case .imageFolder = source {
            return (try load(source, imageExtensions: imageExtensions, includesSubfolders: includesSubfolders,
                             pairsRawWithJPEG: pairsRawWithJPEG, mapping: mapping, progress: progress), nil)
        }
        let file = source.url.absoluteURL.standardizedFileURL
        let text = try readText(at: file, progress: progress)
        let read = try read(text.data, of: file, mapping: mapping, keepsOrigins: text.identity == nil ? .none : .ofRecords,
                            parsedUpTo: text.parsedUpTo)
        guard let origins = read.origins, let identity = text.identity else { return (read.deck, nil) }
        return (read.deck, RecordPlaces(origins: origins, file: identity))
    }

    /// `load(from:…)`, keeping the text read and each card's place in it, to print the chosen cards back
    /// (`--print`); a folder of images has no text to keep.
    public static func loadKeepingInput(
        from url: URL,
        imageExtensions: Set<String>,
        includesSubfolders: Bool = false,
        pairsRawWithJPEG: Bool = true,
        mapping: CardFieldMapping = CardFieldMapping(),
        progress: DeckLoadProgress? = nil
    ) throws(DeckLoadError) -> (deck: Deck, input: Data?, origins: DeckOrigins?) {
        let source = try DeckSource.identify(url)
        if case .imageFolder = source {
            return (try load(source, imageExtensions: imageExtensions, includesSubfolders: includesSubfolders,
                             pairsRawWithJPEG: pairsRawWithJPEG, mapping: mapping, progress: progress), nil, nil)
        }
        let file = source.url
        // A copy of its own: the mapping's pages go back to the kernel, and the file may change before the window
        // closes.
        let text = try readText(at: file, progress: progress).data.withUnsafeBytes { Data($0) }
        let result = try read(text, of: file, mapping: mapping, keepsOrigins: .all) { offset throws(DeckLoadError) in
            try progress?.advance(to: offset)
        }
        return (result.deck, text, result.origins)
    }

    /// Which cards' places in the text a read keeps.
    private enum KeptOrigins {
        case none, all
        /// Those of a deck whose cards are records (``DeckFormat/hasRecords``).
        case ofRecords
    }

    /// The deck in `text`, the deck file at `url`: its format told by the text and the file's extension, titled by
    /// the file's name, its pictures found beside it; `source` is the file.
    private static func read(
        _ text: Data,
        of url: URL,
        mapping: CardFieldMapping,
        keepsOrigins: KeptOrigins,
        parsedUpTo: (Int) throws(DeckLoadError) -> Void
    ) throws(DeckLoadError) -> DeckReader.Result {
        let format = DeckFormat.recognise(text, fileExtension: url.pathExtension.lowercased())
        var read = try DeckReader.read(
            text, as: format,
            title: FileNameEncoding.displayName(url.deletingPathExtension().lastPathComponent),
            baseDirectory: url.deletingLastPathComponent(),
            mapping: mapping,
            keepsOrigins: keepsOrigins == .all || (keepsOrigins == .ofRecords && format.hasRecords),
            parsedUpTo: parsedUpTo
        )
        read.deck.source = url
        return read
    }

    /// A deck file's text as UTF-8, and what to call as parsing moves on: a UTF-8 file stays mapped and hands
    /// back the pages parsed, a UTF-16 or UTF-32 one is transcoded into memory; either reports to `progress`.
    struct FileText {
        let data: Data
        /// The file, when `data` is its own bytes (not transcoded).
        let identity: FileIdentity?
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
        return FileText(data: data, identity: wide == nil ? file.identity : nil) { offset throws(DeckLoadError) in
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
