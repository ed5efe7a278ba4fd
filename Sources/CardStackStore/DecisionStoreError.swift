// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import GRDB

/// Why decisions can't be saved, worded for a toast; the app keeps working in memory meanwhile.
public enum DecisionStoreError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file is not an SQLite database, or a damaged one; it is left exactly as it is.
    case corrupt(path: String)
    /// The file, or the folder it would go in, can't be written to.
    case readOnly(path: String)
    /// Another connection held the database longer than `DecisionStore.busyTimeout`.
    case locked(path: String)
    /// Anything else: disk full, an I/O error, a folder where the file should be…
    case unavailable(path: String, reason: String)
    /// Another CardStack process saves to this database (another desktop session): this one only reads it.
    case inUseElsewhere(path: String)

    /// A message for a toast: the reason and what the app does first, the file last, so a toast too narrow for
    /// a long path still says what happened.
    public var description: String {
        switch self {
        case .corrupt(let path):
            "Decisions can't be saved: the database is damaged. CardStack keeps working without saving and leaves "
                + "the file as it is: “\(path)”"
        case .readOnly(let path):
            "Decisions can't be saved: the file or its folder is read-only. CardStack keeps working without saving: “\(path)”"
        case .locked(let path):
            "Decisions can't be saved: another program is holding the database. CardStack keeps working without "
                + "saving: “\(path)”"
        case .unavailable(let path, let reason):
            "Decisions can't be saved: \(reason). CardStack keeps working without saving: “\(path)”"
        case .inUseElsewhere(let path):
            "Decisions can't be saved here: CardStack is open in another session and saves them there. This window "
                + "shows what was saved and keeps its own decisions until it closes: “\(path)”"
        }
    }

    /// The reason a full disk is given.
    static let diskFull = "the disk is full"

    /// A message for when decisions are only read (`--export`): why they can't be, the file last.
    public var readingDescription: String {
        let reason = switch self {
        case .corrupt: "the database is damaged"
        case .readOnly: "the file or its folder can't be read"
        case .locked: "another program is holding the database"
        case .unavailable(_, let reason): reason
        case .inUseElsewhere: "another CardStack is holding the database"
        }
        return "Decisions can't be read: \(reason): “\(path)”"
    }

    /// The path the error is about.
    public var path: String {
        switch self {
        case .corrupt(let path), .readOnly(let path), .locked(let path), .unavailable(let path, _), .inUseElsewhere(let path): path
        }
    }

    /// The same error about the file at `path`: for an error met on a private copy of that file.
    func about(_ path: String) -> DecisionStoreError {
        switch self {
        case .corrupt: .corrupt(path: path)
        case .readOnly: .readOnly(path: path)
        case .locked: .locked(path: path)
        case .unavailable(_, let reason): .unavailable(path: path, reason: reason)
        case .inUseElsewhere: .inUseElsewhere(path: path)
        }
    }

    /// Sorts any error met while using the database at `path` into one of the cases.
    init(classifying error: any Error, path: String) {
        if let error = error as? DecisionStoreError {
            self = error
        } else if let error = error as? DatabaseError {
            self.init(sqliteCode: error.resultCode.rawValue, message: error.message, path: path)
        } else {
            self = .unavailable(path: path, reason: error.localizedDescription)
        }
    }

    /// Sorts an SQLite result code (primary or extended) met while using the database at `path`.
    init(sqliteCode: Int32, message: String?, path: String) {
        // Extended codes keep the primary code in their low byte.
        let primary = ResultCode(rawValue: sqliteCode & 0xFF)
        switch primary {
        case .SQLITE_BUSY, .SQLITE_LOCKED:
            self = .locked(path: path)
        case .SQLITE_READONLY:
            self = .readOnly(path: FileAccess.readOnlyPart(of: path) ?? path)
        case .SQLITE_CORRUPT, .SQLITE_NOTADB:
            self = .corrupt(path: path)
        case .SQLITE_CANTOPEN, .SQLITE_PERM, .SQLITE_AUTH:
            // SQLite says only that it couldn't open a file; permissions are the usual reason.
            if let readOnly = FileAccess.readOnlyPart(of: path) {
                self = .readOnly(path: readOnly)
            } else {
                self = .unavailable(path: path, reason: message ?? "it can't be opened")
            }
        case .SQLITE_FULL:
            self = .unavailable(path: path, reason: Self.diskFull)
        case .SQLITE_IOERR where FileAccess.hasNoRoom(near: path):
            self = .unavailable(path: path, reason: Self.diskFull)
        default:
            self = .unavailable(path: path, reason: message ?? "SQLite error \(sqliteCode)")
        }
    }
}
