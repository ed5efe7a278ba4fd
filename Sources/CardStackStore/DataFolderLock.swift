// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Proof that this process is the one CardStack saving decisions to a database: an exclusive `flock` on a lock
/// file beside it, held until the process ends.
///
/// Two CardStacks on the same data (two desktop sessions, or two D-Bus buses, where GApplication can't hand the
/// second over to the first) would write conflicting histories, and one's undo would take back the other's
/// decision. The second finds the lock taken and opens the decisions read-only instead. The kernel
/// drops the lock when the process ends however it ends, so a crash never leaves it stuck.
public final class DataFolderLock: Sendable {
    private let descriptor: Int32

    /// The lock file beside the database at `database`.
    public static func lockFile(for database: URL) -> URL {
        database.standardizedFileURL.appendingPathExtension("lock")
    }

    /// Takes the lock for the database at `database` without waiting; throws `.inUseElsewhere` when another
    /// process holds it, or the store error that stopped the lock file from being made.
    public init(for database: URL) throws(DecisionStoreError) {
        let file = Self.lockFile(for: database)
        try FileAccess.createFolder(file.deletingLastPathComponent())
        let descriptor = open(file.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw FileAccess.readOnlyPart(of: file.path).map { .readOnly(path: $0) }
                ?? .unavailable(path: file.path, reason: String(cString: strerror(errno)))
        }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let failure = errno
            close(descriptor)
            throw failure == EWOULDBLOCK ? .inUseElsewhere(path: database.standardizedFileURL.path)
                : .unavailable(path: file.path, reason: String(cString: strerror(failure)))
        }
        self.descriptor = descriptor
    }

    deinit {
        close(descriptor)
    }
}
