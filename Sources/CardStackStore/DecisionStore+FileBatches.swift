// SPDX-License-Identifier: GPL-3.0-or-later
import CardStackCore
import Foundation
import GRDB

/// Files moved together as one undoable step (the files of the skipped photos, to the trash), as the store keeps
/// them: written before the first file moves, so the step can be taken back after a relaunch, even one after
/// the app was killed half-way through.
public struct FileBatch: Sendable, Equatable {
    /// Where the files went.
    public enum Destination: Sendable, Equatable {
        /// The desktop's trash.
        case trash
        /// A folder the user chose.
        case folder(String)
    }

    /// How one file of the batch stands.
    public enum State: String, Sendable {
        /// Not known to have moved: the batch was stopped before its outcome was written.
        case pending
        /// At the destination.
        case moved
        /// Still in its place, for `reason`.
        case failed
        /// Moved back by an undo (to `location` when its old name was taken meanwhile).
        case back
    }

    /// One file: where it was, how it stands, where it is when that is neither its old place nor the trash.
    public struct Item: Sendable, Equatable {
        public var path: String
        public var state: State
        public var location: String?
        public var reason: String?
        /// What told the file apart before it moved; nil in batches of earlier versions.
        public var identity: FileIdentity?

        public init(path: String, state: State, location: String? = nil, reason: String? = nil, identity: FileIdentity? = nil) {
            self.path = path
            self.state = state
            self.location = location
            self.reason = reason
            self.identity = identity
        }
    }

    /// A failed file's reason when its disk has no trash: the user may still delete it for good.
    public static let noTrashReason = "no trash"
    /// A failed file's reason once the user deleted it for good: nothing brings it back.
    public static let deletedReason = "deleted"

    /// The batch's number: what the step names.
    public var id: Int64
    public var destination: Destination
    /// When the first file was about to move; a trash entry older than this is not the batch's.
    public var startedAt: Date
    /// The folder whose subfolders a move to a folder keeps ("day1/IMG_1.JPG" under the destination); nil: the
    /// files go side by side.
    public var root: String?
    /// The files, in the order they were moved.
    public var items: [Item]
}

extension DecisionStore {
    /// Records that `paths` of deck `key` are about to move to `destination`, every file pending; answers the
    /// batch's number for the step.
    public func beginFileBatch(
        of paths: [String], identities: [FileIdentity?]? = nil, to destination: FileBatch.Destination, keepingSubfoldersOf root: String? = nil,
        key: DeckKey, at date: Date = Date()
    ) throws(DecisionStoreError) -> Int64 {
        var id: Int64 = 0
        try write { db in
            try db.execute(sql: "INSERT INTO deck (key) VALUES (?) ON CONFLICT (key) DO NOTHING", arguments: [key.path])
            try db.execute(
                sql: "INSERT INTO file_batch (deck_id, destination, started_at, root) VALUES ((SELECT id FROM deck WHERE key = ?), ?, ?, ?)",
                arguments: [key.path, destination.stored, date.timeIntervalSince1970, root]
            )
            id = db.lastInsertedRowID
            let insert = try db.makeStatement(sql: """
                INSERT INTO file_batch_item (batch_id, position, path, state, device, inode, size, modified_ns) VALUES (?, ?, ?, 'pending', ?, ?, ?, ?)
                """)
            for (position, path) in paths.enumerated() {
                let identity = identities?[position]
                // SQLite's integers are signed 64 bits: device and inode numbers are kept as their bit patterns.
                try insert.execute(arguments: [id, position, path, identity.map { Int64(bitPattern: $0.device) }, identity.map { Int64(bitPattern: $0.inode) },
                                               identity.map { Int64(bitPattern: $0.size) }, identity?.modifiedNanoseconds])
            }
        }
        return id
    }

    /// Batch `id` with its files, or nil when the store has no such batch.
    public func fileBatch(_ id: Int64) throws(DecisionStoreError) -> FileBatch? {
        try read { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT destination, started_at, root FROM file_batch WHERE id = ?", arguments: [id]),
                  let stored = String.fromDatabaseValue(row[0]), let started = Double.fromDatabaseValue(row[1])
            else { return nil }
            let items = try Row.fetchAll(db, sql: """
                SELECT path, state, location, reason, device, inode, size, modified_ns, fingerprint FROM file_batch_item WHERE batch_id = ? ORDER BY position
                """, arguments: [id]
            ).compactMap { row -> FileBatch.Item? in
                guard let path = String.fromDatabaseValue(row[0]),
                      let state = String.fromDatabaseValue(row[1]).flatMap(FileBatch.State.init(rawValue:))
                else { return nil }
                var identity: FileIdentity?
                if let device = Int64.fromDatabaseValue(row[4]), let inode = Int64.fromDatabaseValue(row[5]),
                   let size = Int64.fromDatabaseValue(row[6]), let modified = Int64.fromDatabaseValue(row[7]) {
                    identity = FileIdentity(device: UInt64(bitPattern: device), inode: UInt64(bitPattern: inode), size: UInt64(bitPattern: size),
                                            modifiedNanoseconds: modified, fingerprint: String.fromDatabaseValue(row[8]))
                }
                return FileBatch.Item(path: path, state: state, location: String.fromDatabaseValue(row[2]), reason: String.fromDatabaseValue(row[3]),
                                      identity: identity)
            }
            return FileBatch(id: id, destination: FileBatch.Destination(stored: stored), startedAt: Date(timeIntervalSince1970: started),
                             root: String.fromDatabaseValue(row[2]), items: items)
        }
    }

    /// Records the fingerprints of the files of batch `id` (``FileIdentity/fingerprint``), in one transaction.
    public func recordFingerprints(of id: Int64, items: [FileBatch.Item]) throws(DecisionStoreError) {
        try write { db in
            let update = try db.makeStatement(sql: "UPDATE file_batch_item SET fingerprint = ? WHERE batch_id = ? AND path = ?")
            for item in items {
                try update.execute(arguments: [item.identity?.fingerprint, id, item.path])
            }
        }
    }

    /// The batches of deck `key` with files whose outcome was never written: the app was stopped while they moved.
    public func fileBatchesLeftPending(of key: DeckKey) throws(DecisionStoreError) -> [Int64] {
        try read { db in
            try Int64.fetchAll(db, sql: """
                SELECT DISTINCT b.id FROM file_batch b JOIN file_batch_item i ON i.batch_id = b.id
                WHERE b.deck_id = (SELECT id FROM deck WHERE key = ?) AND i.state = 'pending' ORDER BY b.id
                """, arguments: [key.path])
        }
    }

    /// Records how the files of batch `id` stand now (matched by their old path), in one transaction.
    public func recordFileBatch(_ id: Int64, items: [FileBatch.Item]) throws(DecisionStoreError) {
        try write { db in
            let update = try db.makeStatement(sql: "UPDATE file_batch_item SET state = ?, location = ?, reason = ? WHERE batch_id = ? AND path = ?")
            for item in items {
                try update.execute(arguments: [item.state.rawValue, item.location, item.reason, id, item.path])
            }
        }
    }
}

extension FileBatch.Destination {
    /// The `file_batch.destination` column's value: "trash", or the folder's path (always absolute).
    var stored: String {
        switch self {
        case .trash: "trash"
        case .folder(let path): path
        }
    }

    init(stored: String) {
        self = stored == "trash" ? .trash : .folder(stored)
    }
}
