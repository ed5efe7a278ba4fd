// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import GRDB

/// Checks, without writing a byte, that an existing file is an SQLite database we can read.
///
/// Opening a file read-write lets SQLite switch it to WAL mode and run migrations, both of which
/// write; on a damaged file that would destroy what a recovery tool could still save. So the file
/// is first inspected read-only, and anything doubtful is reported instead of "repaired".
enum DatabaseFileValidation {
    /// Every SQLite 3 database file starts with these 16 bytes ("SQLite format 3" and a NUL).
    static let magic = Array("SQLite format 3\u{0}".utf8)
    /// Length of the database header in bytes; a non-empty file shorter than that is not a database.
    static let headerLength = 100
    /// A write-ahead log starts with one of these big-endian magic numbers (SQLite's file format, section 4.1);
    /// SQLite silently ignores a log whose header is damaged, losing every commit in it.
    static let walMagics: Set<UInt32> = [0x377F_0682, 0x377F_0683]
    /// Length of a write-ahead log's header in bytes.
    static let walHeaderLength = 32

    /// Throws `.corrupt` unless the file at `path` is missing, empty (SQLite's empty database) or a
    /// readable database that passes `PRAGMA quick_check`. The check leaves no file behind.
    static func validate(path: String, busyTimeout: TimeInterval) throws(DecisionStoreError) {
        guard try checkFiles(path: path) == .database else { return }

        // Even a read-only connection creates the `-wal` and `-shm` files of a WAL database: the ones the check
        // makes go again after it, whatever it finds.
        let sidecars = [path + "-wal", path + "-shm"]
        let existingSidecars = Set(sidecars.filter { FileManager.default.fileExists(atPath: $0) })
        defer { removeCreatedSidecars(sidecars.filter { !existingSidecars.contains($0) }) }
        var configuration = Configuration()
        configuration.readonly = true
        configuration.busyMode = .timeout(busyTimeout)
        configuration.label = "CardStack decisions check"
        do {
            let queue = try DatabaseQueue(path: path, configuration: configuration)
            defer { try? queue.close() }
            // quick_check reads every page (but skips the slower index cross-checks), so damage
            // anywhere is found now rather than at some later write.
            let verdict = try queue.read { db in try String.fetchAll(db, sql: "PRAGMA quick_check") }
            guard verdict == ["ok"] else { throw DecisionStoreError.corrupt(path: path) }
        } catch {
            throw DecisionStoreError(classifying: error, path: path)
        }
    }

    /// What is at a database's path, judged from its bytes alone, before SQLite is let near it.
    enum Found: Equatable {
        /// No file: a new database.
        case nothing
        /// An empty file and no log: SQLite's empty database (a crash between creating the file and the first
        /// commit leaves one).
        case empty
        /// A file with a database's header, and a log that is missing, empty or has a log's header.
        case database
    }

    /// Reads the file at `path` and its log without opening them as a database; throws `.corrupt` for what
    /// SQLite would misread and lose: a file that is not a database, a damaged log, or an empty file beside a log
    /// with content (SQLite deletes such a log as a leftover, and the steps in it with it).
    static func checkFiles(path: String) throws(DecisionStoreError) -> Found {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { return .nothing }
        guard !isFolder.boolValue else { throw .unavailable(path: path, reason: "it is a folder") }

        let header: Data
        do {
            let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
            defer { try? handle.close() }
            header = try handle.read(upToCount: headerLength) ?? Data()
        } catch {
            throw .unavailable(path: path, reason: "it can't be read")
        }
        guard !header.isEmpty else {
            let logSize = (try? FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int) ?? 0
            if logSize > 0 { throw .corrupt(path: path) }
            return .empty
        }
        guard header.count == headerLength, header.prefix(magic.count).elementsEqual(magic) else {
            throw .corrupt(path: path)
        }
        try validateLog(path: path + "-wal")
        return .database
    }

    /// Throws `.corrupt` for a write-ahead log with content but a damaged header: its commits would be dropped
    /// without a word. A missing or empty log (a clean shutdown) is fine.
    static func validateLog(path: String) throws(DecisionStoreError) {
        guard let handle = FileHandle(forReadingAtPath: path) else { return }
        defer { try? handle.close() }
        guard let header = try? handle.read(upToCount: walHeaderLength), !header.isEmpty else { return }
        let magic = header.prefix(4).reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        guard header.count == walHeaderLength, walMagics.contains(magic) else { throw .corrupt(path: path) }
    }

    /// Removes the sidecar files the check created; a `-wal` that has content meanwhile belongs
    /// to another connection and stays.
    static func removeCreatedSidecars(_ paths: [String]) {
        for path in paths {
            let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? nil
            guard !path.hasSuffix("-wal") || size == 0 else { continue }
            try? FileManager.default.removeItem(atPath: path)
        }
    }
}
