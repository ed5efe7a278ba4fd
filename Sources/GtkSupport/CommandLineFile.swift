// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk

/// A file named on the command line, read as GApplication reads the files it opens: a path (relative to the
/// current folder) or a URI, so `cardstack --export` accepts whatever `cardstack` does.
public enum CommandLineFile {
    /// The local path `argument` (the argument's bytes, NUL-terminated) names, as its bytes
    /// (``takingGLibPath(_:)``); otherwise (an `http://` address) the URI it reads as, to name in an error.
    public static func localPath(of argument: [CChar]) -> Result<[UInt8], RemoteURI> {
        let file = g_file_new_for_commandline_arg(argument)
        defer { g_object_unref(UnsafeMutableRawPointer(file)) }
        if let path = takingGLibPath(g_file_get_path(file)) { return .success(path) }
        return .failure(RemoteURI(uri: String(takingGLibString: g_file_get_uri(file)) ?? String(decoding: argument.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)))
    }

    /// A URI with no local path.
    public struct RemoteURI: Error, Equatable {
        public let uri: String
    }
}
