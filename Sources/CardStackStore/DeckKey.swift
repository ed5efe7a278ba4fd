// SPDX-License-Identifier: GPL-3.0-or-later
import CardStackCore
import Foundation

/// Which deck a stored decision belongs to: the standardized absolute path of its file or folder, or for a deck
/// piped in, a digest of what was piped.
///
/// A path rather than the deck's title or contents, so that editing a deck file keeps its history
/// and two decks that happen to share a title stay apart.
public struct DeckKey: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The standardized absolute path the key stands for, with symbolic links resolved: a deck opened through
    /// a linked folder shares its history with the same deck opened directly.
    public let path: String
    /// The path as given, when links made it differ from `path`: where versions before links were resolved
    /// stored this deck's history, still read with it.
    public let unresolvedPath: String?

    /// The key of the deck at `path`; a relative path resolves against the current folder.
    public init(path: String) {
        self.init(url: URL(fileURLWithPath: path))
    }

    /// The key of the deck file or folder at `url`, with `.` and `..` components removed and links resolved.
    public init(url: URL) {
        let given = url.standardizedFileURL.path
        path = Self.resolvingLinks(in: given)
        unresolvedPath = given == path ? nil : given
    }

    /// The standardized absolute `path` with every link on it resolved, as `realpath` gives it; for a deck that
    /// is gone, its folder resolved and its name kept. Through ``FileNameEncoding``, so a name that isn't UTF-8
    /// resolves too.
    static func resolvingLinks(in path: String) -> String {
        if let resolved = realpath(FileNameEncoding.fileSystemRepresentation(of: path), nil) {
            defer { free(resolved) }
            return FileNameEncoding.text(fromCString: resolved)
        }
        guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return path }
        return resolvingLinks(in: String(path[..<slash])) + path[slash...]
    }

    /// The key of a deck piped in on standard input, whose SHA-256 is `digest` (hex): the same input opens on
    /// the same decisions. Not a path, so it can never be taken for a file's key.
    public init(standardInputDigest digest: String) {
        path = "standard-input:sha256:" + digest
        unresolvedPath = nil
    }

    /// A key exactly as stored, without standardizing it again.
    init(storedPath: String) {
        path = storedPath
        unresolvedPath = nil
    }

    public static func == (lhs: DeckKey, rhs: DeckKey) -> Bool { lhs.path == rhs.path }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(path)
    }

    /// The path, as shown to the user.
    public var description: String { path }

    /// Orders keys by path, for stable listings.
    public static func < (lhs: DeckKey, rhs: DeckKey) -> Bool { lhs.path < rhs.path }
}
