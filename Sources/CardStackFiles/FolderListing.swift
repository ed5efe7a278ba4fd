// SPDX-License-Identifier: GPL-3.0-or-later
#if canImport(Glibc)
import CardStackCore
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The names in a folder, read with `readdir` so a name that isn't UTF-8 keeps its bytes (``FileNameEncoding``)
/// where `FileManager.contentsOfDirectory` would give it U+FFFD, the name of no file.
public enum FolderListing {
    /// Why a folder could not be listed: `errno` from `opendir`.
    public struct Failure: Error, Sendable, Equatable {
        public let code: Int32
    }

    /// The names of everything directly in the folder at `path`, except "." and "..", in the order the file
    /// system lists them.
    public static func names(in path: String) -> Result<[String], Failure> {
        guard let folder = opendir(FileNameEncoding.fileSystemRepresentation(of: path)) else {
            return .failure(Failure(code: errno))
        }
        defer { closedir(folder) }
        var names: [String] = []
        while let entry = readdir(folder) {
            let name = withUnsafePointer(to: entry.pointee.d_name) { field in
                field.withMemoryRebound(to: CChar.self, capacity: MemoryLayout.size(ofValue: field.pointee)) {
                    FileNameEncoding.text(fromCString: $0)
                }
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return .success(names)
    }
}
