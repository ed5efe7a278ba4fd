// SPDX-License-Identifier: GPL-3.0-or-later
import CardStackCore
#if canImport(Glibc)
import Glibc
#endif

extension FileIdentity {
    /// Bytes read from each end of a file for its fingerprint.
    static let fingerprintSpan = 65_536

    /// The fingerprint of the file at `path` (``FileIdentity/fingerprint``): MD5 of its first and last 64 KB and
    /// its size, which tells apart files of one size made at one moment; nil when it can't be read.
    public static func fingerprint(ofFileAt path: String) -> String? {
        let descriptor = open(FileNameEncoding.fileSystemRepresentation(of: path), O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        let size = Int(status.st_size)
        var bytes = Array("\(size):".utf8)
        // Both ends of a large file; a small one whole.
        let spans = size > 2 * fingerprintSpan ? [(0, fingerprintSpan), (size - fingerprintSpan, fingerprintSpan)] : [(0, size)]
        for (offset, length) in spans {
            let chunk = FileBytes.read(descriptor, at: offset, count: length)
            guard chunk.count == length else { return nil }
            bytes += chunk
        }
        return MD5.hex(of: bytes)
    }

    /// The identity of the file at `path` (not of what a link there points to), nil when there is none.
    public init?(path: String) {
        var status = stat()
        guard lstat(FileNameEncoding.fileSystemRepresentation(of: path), &status) == 0 else { return nil }
        self.init(status: status)
    }

    /// The identity of the file `status` describes (from `stat`, `lstat` or `fstat`).
    init(status: stat) {
        self.init(device: UInt64(status.st_dev), inode: UInt64(status.st_ino), size: UInt64(max(0, status.st_size)),
                  modifiedNanoseconds: Int64(status.st_mtim.tv_sec) * 1_000_000_000 + Int64(status.st_mtim.tv_nsec))
    }

    /// Whether the file at `path` is this file, moved or copied there (``isMoved(_:fingerprint:)``).
    public func isMoved(toFileAt path: String) -> Bool {
        guard let found = FileIdentity(path: path) else { return false }
        return isMoved(found, fingerprint: { FileIdentity.fingerprint(ofFileAt: path) })
    }
}
