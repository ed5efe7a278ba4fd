// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk

/// The desktop's trash, through GIO: where a file goes when the user asks for it to go, never deleted.
public enum Trash {
    /// Why a file was not moved to the trash.
    public enum Failure: Error, Sendable, Equatable, CustomStringConvertible {
        /// The file's file system has no trash (a read-only or network volume): GIO's message.
        case noTrash(String)
        /// Anything else GIO reports (the file is gone, permission): its message.
        case failed(String)

        public var description: String {
            switch self {
            case .noTrash(let message), .failed(let message): message
            }
        }
    }

    /// Moves the file at `path` (bytes, NUL-terminated: a name need not be UTF-8) to the trash, on the calling
    /// thread (any: GIO's file operations are thread-safe).
    public static func move(fileSystemPath path: [CChar]) -> Result<Void, Failure> {
        let file = ObjectReference(adopting: g_file_new_for_path(path))
        var error: UnsafeMutablePointer<GError>?
        defer { g_clear_error(&error) }
        if g_file_trash(file.pointer, nil, &error) != 0 { return .success(()) }
        let message = error.map { String(cString: $0.pointee.message) } ?? "unknown error"
        let unsupported = error.map { $0.pointee.domain == g_io_error_quark() && $0.pointee.code == G_IO_ERROR_NOT_SUPPORTED.rawValue } ?? false
        return .failure(unsupported ? .noTrash(message) : .failed(message))
    }

    /// Deletes the file at `path` for good, for a file whose disk has no trash and only after the user confirmed
    /// that it can't come back; on the calling thread.
    public static func deletePermanently(fileSystemPath path: [CChar]) -> Result<Void, Failure> {
        let file = ObjectReference(adopting: g_file_new_for_path(path))
        var error: UnsafeMutablePointer<GError>?
        defer { g_clear_error(&error) }
        if g_file_delete(file.pointer, nil, &error) != 0 { return .success(()) }
        return .failure(.failed(error.map { String(cString: $0.pointee.message) } ?? "unknown error"))
    }
}
