// SPDX-License-Identifier: GPL-3.0-or-later
import CardStackCore
import Foundation
import Translation
#if canImport(Glibc)
import Glibc
#endif

/// Moves one file into a folder without ever replacing a file there: under its name, or "name (2).jpg" when that
/// is taken, as file managers do.
///
/// On one file system the file gets a second name (a hard link) and then loses its first, so a file that
/// appears at the destination meanwhile is never replaced, as a rename would; a file system without links (a
/// FAT memory card) takes a rename to the name just found free. Across file systems the file is copied under a
/// hidden partial name (``partialName(of:)``), the copy flushed to the disk and only then given its name, and
/// only then the source removed: a crash leaves a partial copy that says what it is, or two whole copies, never
/// none and never a cut-short file under a real name.
public enum FileMove {
    /// Why a file was not moved, in the system's words.
    public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        public let description: String
    }

    /// Free names tried when others keep appearing meanwhile.
    static let attempts = 10

    /// Moves the file at `source` into `folder` as `name` (or a free variant of it); answers where it is now.
    public static func move(_ source: String, into folder: String, as name: String) -> Result<String, Failure> {
        let sourcePath = FileNameEncoding.fileSystemRepresentation(of: source)
        for _ in 0..<attempts {
            let target = PhotoCopy.freeName(for: name, in: URL(fileURLWithPath: folder)) { FileStatus(path: $0.path, followingLinks: false) != nil }.path
            let targetPath = FileNameEncoding.fileSystemRepresentation(of: target)
            if link(sourcePath, targetPath) == 0 {
                unlink(sourcePath)
                return .success(target)
            }
            switch errno {
            case EEXIST:
                continue
            case EXDEV:
                return moveAcross(source, into: folder, as: name)
            case EPERM, ENOTSUP, EOPNOTSUPP, EMLINK:
                guard rename(sourcePath, targetPath) == 0 else { return .failure(Failure(errno: errno, doing: tr("moving it"))) }
                return .success(target)
            default:
                return .failure(Failure(errno: errno, doing: tr("moving it")))
            }
        }
        return .failure(Failure(errno: EEXIST, doing: tr("finding a free name")))
    }

    /// The hidden name a file copied into a folder as `name` has until the copy is whole: `.name.cardstack-partial`
    /// and the process's id.
    public static func partialName(of name: String) -> String {
        ".\(name)\(partialMark)\(getpid())"
    }

    /// What every partial name holds, before the process's id.
    public static let partialMark = ".cardstack-partial-"

    /// Moves `source` to another file system: copied under a partial name, flushed, given a free name, and only
    /// then the source removed.
    private static func moveAcross(_ source: String, into folder: String, as name: String) -> Result<String, Failure> {
        let partial = folder + "/" + partialName(of: name)
        let partialPath = FileNameEncoding.fileSystemRepresentation(of: partial)
        unlink(partialPath)
        if case .failure(let failure) = PhotoCopy.copy(source, to: partial, syncing: true) { return .failure(Failure(description: failure.reason)) }
        defer { unlink(partialPath) }
        for _ in 0..<attempts {
            let target = PhotoCopy.freeName(for: name, in: URL(fileURLWithPath: folder)) { FileStatus(path: $0.path, followingLinks: false) != nil }.path
            let targetPath = FileNameEncoding.fileSystemRepresentation(of: target)
            if link(partialPath, targetPath) != 0 {
                if errno == EEXIST { continue }
                guard [EPERM, ENOTSUP, EOPNOTSUPP, EMLINK].contains(errno), rename(partialPath, targetPath) == 0 else {
                    return .failure(Failure(errno: errno, doing: tr("moving it")))
                }
            }
            guard unlink(FileNameEncoding.fileSystemRepresentation(of: source)) == 0 else {
                return .failure(Failure(errno: errno, doing: tr("removing the original after copying it")))
            }
            return .success(target)
        }
        return .failure(Failure(errno: EEXIST, doing: tr("finding a free name")))
    }
}

extension FileMove.Failure {
    init(errno code: Int32, doing what: String) {
        description = String(format: tr("%1$@: %2$@"), what, String(cString: strerror(code)))
    }
}
