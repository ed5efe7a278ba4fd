// SPDX-License-Identifier: GPL-3.0-or-later
import CardStackCore
import Foundation

/// What a path holds as far as decks go: a JSON or CSV file, a folder of images, or another file, whose content
/// says what it is (`DeckFormat`).
public enum DeckSource: Sendable, Hashable {
    /// A deck in the JSON format (`JSONDeckParser`).
    case jsonFile(URL)
    /// A spreadsheet saved as CSV (`CSVDeckParser`).
    case csvFile(URL)
    /// A folder whose images become the cards (`ImageFolderDeck`).
    case imageFolder(URL)
    /// A file whose extension is neither `.json` nor `.csv`.
    case otherFile(URL)

    /// The extension, lowercased, of JSON deck files.
    public static let jsonExtension = "json"
    /// The extension, lowercased, of CSV deck files.
    public static let csvExtension = "csv"

    /// The standardized absolute URL of the file or folder.
    public var url: URL {
        switch self {
        case .jsonFile(let url), .csvFile(let url), .imageFolder(let url), .otherFile(let url): url
        }
    }

    /// What `url` is: a folder is an image folder; a file is told by its extension, case-insensitively.
    ///
    /// Throws `notFound` when nothing is there, and `notFolder` when a path ending in "/" is a file.
    public static func identify(_ url: URL) throws(DeckLoadError) -> DeckSource {
        let standardized = url.absoluteURL.standardizedFileURL
        guard let status = FileStatus(path: standardized.path) else { throw .notFound(path: standardized.path) }
        if status.kind == .folder { return .imageFolder(standardized) }
        if url.hasDirectoryPath { throw .notFolder(path: standardized.path) }
        switch standardized.pathExtension.lowercased() {
        case jsonExtension: return .jsonFile(standardized)
        case csvExtension: return .csvFile(standardized)
        default: return .otherFile(standardized)
        }
    }
}
