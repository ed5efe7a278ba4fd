// SPDX-License-Identifier: GPL-3.0-or-later
import CardStackCore
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Writes an export in place of the file at a path, all or nothing, and never leaves a temporary file behind.
///
/// Foundation's atomic write goes through a hidden temporary file beside the target, which a process killed
/// mid-write leaves there. Here the data goes to an unnamed file in the target's folder
/// (`O_TMPFILE`), which the kernel discards if the process dies, and gets its name only once it is complete;
/// where the file system can't make unnamed files, Foundation's atomic write is used.
public enum ExportFile {
    /// Linux's `O_TMPFILE` (with `O_DIRECTORY`, as the kernel defines it), which Glibc's module doesn't export.
    static let temporaryFileFlag: Int32 = 0o20_000_000 | O_DIRECTORY

    public static func write(_ data: Data, to url: URL) throws {
        // Paths go to the file system as their bytes: a folder named in Latin-1 is written to like any other.
        let folder = url.deletingLastPathComponent().path
        let descriptor = open(FileNameEncoding.fileSystemRepresentation(of: folder), temporaryFileFlag | O_WRONLY | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            try data.write(to: url, options: .atomic)
            return
        }
        defer { close(descriptor) }
        try data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(descriptor, buffer.baseAddress?.advanced(by: offset), buffer.count - offset)
                guard written > 0 else { throw Self.error(errno, writing: url) }
                offset += written
            }
        }
        guard fsync(descriptor) == 0 else { throw Self.error(errno, writing: url) }
        // A name for the finished file, then the target's name in one step: the temporary name exists only
        // between these two calls.
        let staging = FileNameEncoding.fileSystemRepresentation(of: folder + "/.\(url.lastPathComponent).\(getpid()).export")
        unlink(staging)
        guard linkat(AT_FDCWD, "/proc/self/fd/\(descriptor)", AT_FDCWD, staging, AT_SYMLINK_FOLLOW) == 0 else {
            throw Self.error(errno, writing: url)
        }
        guard rename(staging, FileNameEncoding.fileSystemRepresentation(of: url.path)) == 0 else {
            let failure = errno
            unlink(staging)
            throw Self.error(failure, writing: url)
        }
    }

    /// Why the file couldn't be written, in the system's words ("No space left on device").
    public struct Failure: LocalizedError, Equatable {
        public let reason: String
        public var errorDescription: String? { reason }
    }

    private static func error(_ code: Int32, writing url: URL) -> Failure {
        Failure(reason: String(cString: strerror(code)))
    }
}
