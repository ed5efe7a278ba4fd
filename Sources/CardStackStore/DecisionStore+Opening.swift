// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import GRDB

/// Where the store lives, and the stores the app falls back on when that file can't be written: a read-only
/// snapshot of it, or one in memory.
extension DecisionStore {
    /// Where decisions are saved by default: `$XDG_DATA_HOME/io.github.cardstack.CardStack/decisions.sqlite`.
    ///
    /// As the XDG Base Directory spec says, an unset, empty or relative `XDG_DATA_HOME` is ignored
    /// in favour of `$HOME/.local/share`.
    public static func defaultURL(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        let dataHome: URL
        if let configured = environment["XDG_DATA_HOME"], configured.hasPrefix("/") {
            dataHome = URL(fileURLWithPath: configured, isDirectory: true)
        } else {
            let home = environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
                ?? FileManager.default.homeDirectoryForCurrentUser.path
            dataHome = URL(fileURLWithPath: home, isDirectory: true)
                .appendingPathComponent(".local", isDirectory: true)
                .appendingPathComponent("share", isDirectory: true)
        }
        return dataHome
            .appendingPathComponent(applicationID, isDirectory: true)
            .appendingPathComponent(fileName, isDirectory: false)
    }

    /// An in-memory copy of the database at `url`, read without writing anything there (no migration, no `-wal`
    /// left behind on a clean file): what the app shows and exports when it can't save to the file (it is
    /// damaged for writing, read-only, or another CardStack holds it), and what `--export` reads.
    public static func snapshot(of url: URL) throws(DecisionStoreError) -> DecisionStore {
        let path = url.standardizedFileURL.path
        guard try DatabaseFileValidation.checkFiles(path: path) != .nothing else { return inMemory() }
        // SQLite can't read a WAL database whose folder it can't write its `-shm` file in (read-only, or a full
        // disk): read a private copy of the file and its log instead. Nothing can be writing to such a folder.
        if FileAccess.readOnlyPart(of: path) != nil { return try snapshotOfCopy(of: path) }
        do {
            return try backupIntoMemory(path)
        } catch {
            if case .corrupt = error { throw error }
            return try snapshotOfCopy(of: path)
        }
    }

    /// Copies the database at `path` into memory through SQLite's backup API, which is safe while another
    /// process writes to it.
    private static func backupIntoMemory(_ path: String) throws(DecisionStoreError) -> DecisionStore {
        // Even a read-only connection creates the `-wal` and `-shm` files of a WAL database: the ones this
        // makes go again after the copy.
        let sidecars = [path + "-wal", path + "-shm"]
        let existingSidecars = Set(sidecars.filter { FileManager.default.fileExists(atPath: $0) })
        defer { DatabaseFileValidation.removeCreatedSidecars(sidecars.filter { !existingSidecars.contains($0) }) }
        do {
            var configuration = Configuration()
            configuration.readonly = true
            configuration.busyMode = .timeout(busyTimeout)
            let source = try DatabaseQueue(path: path, configuration: configuration)
            let copy = try DatabaseQueue()
            try source.backup(to: copy)
            try source.close()
            // An older file is brought up to date in the copy only.
            try DecisionSchema.migrator.migrate(copy)
            return DecisionStore(inMemory: copy)
        } catch {
            throw DecisionStoreError(classifying: error, path: path)
        }
    }

    /// The snapshot of a database in a folder that can't be written: its file and log copied to a private
    /// temporary folder and read there, then removed. The copy goes to memory first (the user's runtime folder,
    /// then `/dev/shm`), as the disk with the temporary folder may be the full one.
    private static func snapshotOfCopy(of path: String) throws(DecisionStoreError) -> DecisionStore {
        let files = FileManager.default
        var places = [ProcessInfo.processInfo.environment["XDG_RUNTIME_DIR"], "/dev/shm"].compactMap { $0 }
            .filter { $0.hasPrefix("/") && files.isWritableFile(atPath: $0) }.map { URL(fileURLWithPath: $0, isDirectory: true) }
        places.append(files.temporaryDirectory)
        var copy: String?
        var failure: (any Error)?
        for place in places {
            let folder = place.appendingPathComponent("cardstack-snapshot-\(UUID().uuidString)", isDirectory: true)
            let file = folder.appendingPathComponent(URL(fileURLWithPath: path).lastPathComponent).path
            do {
                try files.createDirectory(at: folder, withIntermediateDirectories: true)
                try files.copyItem(atPath: path, toPath: file)
                if files.fileExists(atPath: path + "-wal") { try files.copyItem(atPath: path + "-wal", toPath: file + "-wal") }
                // A copy of a read-only file is read-only too; SQLite needs to write the copy's log to read it.
                try files.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file)
                copy = file
                break
            } catch {
                failure = error
                try? files.removeItem(at: folder)
            }
        }
        guard let copy else {
            throw .unavailable(path: path, reason: "it can't be copied to be read (\(failure?.localizedDescription ?? "no room"))")
        }
        defer { try? files.removeItem(atPath: URL(fileURLWithPath: copy).deletingLastPathComponent().path) }
        do {
            return try backupIntoMemory(copy)
        } catch {
            // Name the user's file, not the private copy.
            throw error.about(path)
        }
    }

    /// A store that keeps everything in memory until the app quits, for when the file can't be used.
    public static func inMemory() -> DecisionStore {
        do {
            let database = try DatabaseQueue()
            try DecisionSchema.migrator.migrate(database)
            return DecisionStore(inMemory: database)
        } catch {
            // Only running out of memory, or a broken v1 migration that every test would catch, gets here.
            preconditionFailure("An in-memory decisions database can't be created: \(error)")
        }
    }
}
