// SPDX-License-Identifier: GPL-3.0-or-later
import CardStackCore
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The regular files of a folder, and optionally of the folders inside it (a camera card's `DCIM/100CANON`, a
/// phone import sorted by year and month), each named by its path relative to the folder.
///
/// Hidden files and folders are skipped, as file managers hide them. A folder reached again through a link (a
/// loop, or two links to one place) is listed once; a subfolder that can't be read is skipped. Both are counted,
/// never an error: one unreadable folder of two hundred must not keep the rest from opening. Only names and one
/// `stat` per entry are read.
public struct FolderWalk: Sendable {
    /// One regular file found.
    public struct File: Sendable {
        /// Its path from the folder walked ("DCIM/100CANON/IMG_0001.CR2"), "/"-separated.
        public var relativePath: String
        public var size: UInt64
        public var modified: Date
    }

    /// The files found, in the order folders listed them (a folder's own files before its subfolders').
    public private(set) var files: [File] = []
    /// Subfolders not listed: unreadable, or a place already listed (a link loop).
    public private(set) var skippedFolders = 0
    /// Names looked at so far, for progress.
    private var examined = 0

    /// Folders deeper than this are not entered: no real photo library nests 64 levels, and a chain of links
    /// that does not loop back could otherwise nest without end.
    public static let depthLimit = 64

    /// Lists `path`; its subfolders too when `includesSubfolders`. Fails only when `path` itself can't be
    /// listed; `progress` hears each name looked at (of a known total when subfolders are not listed), and stops
    /// the walk when cancelled.
    public static func walk(
        _ path: String,
        includesSubfolders: Bool,
        progress: DeckLoadProgress? = nil
    ) throws(DeckLoadError) -> FolderWalk {
        var walk = FolderWalk()
        var visited: Set<FolderIdentity> = []
        if let root = FolderIdentity(path: path) { visited.insert(root) }
        let rootNames: [String]
        switch FolderListing.names(in: path) {
        case .success(let names): rootNames = names
        case .failure(let failure): throw DeckLoadError.fileSystem(failure.code, path: path)
        }
        try progress?.begin(.readingFiles, total: includesSubfolders ? 0 : rootNames.count)
        try walk.list(path, names: rootNames, relative: "", depth: 0, includesSubfolders: includesSubfolders,
                      visited: &visited, progress: progress)
        return walk
    }

    private mutating func list(
        _ path: String,
        names: [String],
        relative: String,
        depth: Int,
        includesSubfolders: Bool,
        visited: inout Set<FolderIdentity>,
        progress: DeckLoadProgress?
    ) throws(DeckLoadError) {
        let base = path.hasSuffix("/") ? path : path + "/"
        var subfolders: [String] = []
        for name in names {
            examined += 1
            try progress?.advance(to: examined)
            if name.hasPrefix(".") { continue }
            // `stat` rather than `lstat`: a link to a file is that file, a link to a folder that folder.
            guard let status = FileStatus(path: base + name) else { continue }
            switch status.kind {
            case .regularFile:
                files.append(File(relativePath: relative + name, size: status.size, modified: status.modified))
            case .folder where includesSubfolders:
                subfolders.append(name)
            default:
                break
            }
        }
        for name in subfolders {
            let folder = base + name
            guard depth < Self.depthLimit, let identity = FolderIdentity(path: folder), visited.insert(identity).inserted,
                  case .success(let inner) = FolderListing.names(in: folder)
            else {
                skippedFolders += 1
                continue
            }
            try list(folder, names: inner, relative: relative + name + "/", depth: depth + 1,
                     includesSubfolders: true, visited: &visited, progress: progress)
        }
    }
}

/// A folder as the file system knows it (device and inode), whatever path or link leads to it.
private struct FolderIdentity: Hashable {
    let device: UInt64
    let inode: UInt64

    init?(path: String) {
        var status = stat()
        guard stat(FileNameEncoding.fileSystemRepresentation(of: path), &status) == 0 else { return nil }
        device = UInt64(status.st_dev)
        inode = UInt64(status.st_ino)
    }
}
