// SPDX-License-Identifier: GPL-3.0-or-later
import CardStackCore
import Foundation
import Translation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What `stat` says of a path given as ``FileNameEncoding`` text (following links, as opening the path would).
///
/// `FileManager` reads the path back as UTF-8, so a name that isn't UTF-8 would seem not to exist.
public struct FileStatus: Sendable, Equatable {
    /// What kind of thing is at the path.
    public enum Kind: Sendable, Equatable, CustomStringConvertible {
        case regularFile
        case folder
        /// A pipe, a device, a socket: nothing the app reads.
        case other(mode: UInt32)

        /// The kind a `stat` mode gives.
        public init(mode: mode_t) {
            switch mode & S_IFMT {
            case S_IFREG: self = .regularFile
            case S_IFDIR: self = .folder
            default: self = .other(mode: UInt32(mode))
            }
        }

        /// What it is, in words for a message ("a pipe (FIFO)").
        public var description: String {
            switch self {
            case .regularFile: return tr("a regular file")
            case .folder: return tr("a folder")
            case .other(let mode):
                switch mode_t(mode) & S_IFMT {
                case S_IFIFO: return tr("a pipe (FIFO)")
                case S_IFCHR: return tr("a character device")
                case S_IFBLK: return tr("a block device")
                case S_IFSOCK: return tr("a socket")
                default: return tr("not a regular file")
                }
            }
        }
    }

    public var kind: Kind
    /// Bytes, for a regular file.
    public var size: UInt64
    public var modified: Date

    /// The status of what is at `path`, or nil when nothing can be found there (missing, a broken link, or a
    /// folder on the way that can't be searched); a link itself rather than what it points to when
    /// `followingLinks` is false.
    public init?(path: String, followingLinks: Bool = true) {
        var status = stat()
        let fileSystemPath = FileNameEncoding.fileSystemRepresentation(of: path)
        guard (followingLinks ? stat(fileSystemPath, &status) : lstat(fileSystemPath, &status)) == 0 else { return nil }
        self.init(status)
    }

    init(_ status: stat) {
        kind = Kind(mode: status.st_mode)
        size = UInt64(max(0, status.st_size))
        #if canImport(Darwin)
        let time = status.st_mtimespec
        #else
        let time = status.st_mtim
        #endif
        let nanosecondsPerSecond = 1e9
        modified = Date(timeIntervalSince1970: Double(time.tv_sec) + Double(time.tv_nsec) / nanosecondsPerSecond)
    }
}
