// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Permission checks on the database file and its folder, asked before SQLite is, because SQLite
/// silently opens a read-only file read-only and only fails at the first write.
enum FileAccess {
    /// The database file, or the folder it lives in, if that one can't be written to; nil when both can.
    ///
    /// The folder counts because SQLite creates its `-wal` and `-shm` files next to the database.
    /// A missing folder or file is judged by its nearest existing ancestor, which is where it
    /// would be created.
    static func readOnlyPart(of path: String) -> String? {
        let files = FileManager.default
        if files.fileExists(atPath: path), !files.isWritableFile(atPath: path) {
            return path
        }
        var folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        while !files.fileExists(atPath: folder.path), folder.path != "/" {
            folder.deleteLastPathComponent()
        }
        return files.isWritableFile(atPath: folder.path) ? nil : folder.path
    }

    /// Creates `folder` and its missing ancestors.
    static func createFolder(_ folder: URL) throws(DecisionStoreError) {
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            if let readOnly = readOnlyPart(of: folder.appendingPathComponent("probe").path) {
                throw .readOnly(path: readOnly)
            }
            throw .unavailable(path: folder.path, reason: error.localizedDescription)
        }
    }

    /// Whether the file system that holds `path` (or would, judged by its nearest existing ancestor) has no room
    /// left for this user: SQLite reports a full disk as SQLITE_FULL only while writing pages, and as a plain
    /// I/O error when it can't even make its `-shm` file.
    static func hasNoRoom(near path: String) -> Bool {
        var place = URL(fileURLWithPath: path)
        while !FileManager.default.fileExists(atPath: place.path), place.path != "/" {
            place.deleteLastPathComponent()
        }
        var status = statvfs()
        guard statvfs(place.path, &status) == 0 else { return false }
        return status.f_bavail == 0
    }
}
