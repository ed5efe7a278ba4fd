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
/// FAT memory card) takes a rename to the name just found free. Across file systems the file is copied, the
/// copy flushed to the disk, and only then the source removed: a crash leaves two copies, never none.
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
                switch PhotoCopy.copy(source, to: target, syncing: true) {
                case .success:
                    guard unlink(sourcePath) == 0 else { return .failure(Failure(errno: errno, doing: tr("removing the original after copying it"))) }
                    return .success(target)
                case .failure(let failure) where failure.reason == String(cString: strerror(EEXIST)):
                    continue
                case .failure(let failure):
                    return .failure(Failure(description: failure.reason))
                }
            case EPERM, ENOTSUP, EOPNOTSUPP, EMLINK:
                guard rename(sourcePath, targetPath) == 0 else { return .failure(Failure(errno: errno, doing: tr("moving it"))) }
                return .success(target)
            default:
                return .failure(Failure(errno: errno, doing: tr("moving it")))
            }
        }
        return .failure(Failure(errno: EEXIST, doing: tr("finding a free name")))
    }
}

extension FileMove.Failure {
    init(errno code: Int32, doing what: String) {
        description = String(format: tr("%1$@: %2$@"), what, String(cString: strerror(code)))
    }
}
