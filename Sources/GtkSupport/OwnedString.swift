// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Glibc

extension String {
    /// Copies a string GLib hands over with "transfer full", then frees it with `g_free`.
    public init?(takingGLibString pointer: UnsafeMutablePointer<CChar>?) {
        guard let pointer else { return nil }
        defer { g_free(pointer) }
        self = String(cString: pointer)
    }

    /// Copies a string GLib lends with "transfer none"; the caller keeps ownership.
    public init?(borrowingGLibString pointer: UnsafePointer<CChar>?) {
        guard let pointer else { return nil }
        self = String(cString: pointer)
    }
}

/// The bytes of a file path GLib hands over with "transfer full" (`g_file_get_path`), then frees it.
///
/// Bytes, not `String`: Linux file names need not be UTF-8, and `String(cString:)` would turn such bytes into
/// U+FFFD, the name of no file. The caller reads them as its own text for paths.
public func takingGLibPath(_ pointer: UnsafeMutablePointer<CChar>?) -> [UInt8]? {
    guard let pointer else { return nil }
    defer { g_free(pointer) }
    return Array(UnsafeRawBufferPointer(start: pointer, count: strlen(pointer)))
}

/// Calls `body` with a `NULL`-terminated C array of the strings (a `const char * const *`), valid only inside it.
public func withNullTerminatedCStrings<Result>(
    _ strings: [String],
    _ body: (UnsafeMutablePointer<UnsafePointer<CChar>?>) -> Result
) -> Result {
    let copies = strings.map { strdup($0) }
    defer { copies.forEach { free($0) } }
    var array: [UnsafePointer<CChar>?] = copies.map { $0.map { UnsafePointer($0) } } + [nil]
    return array.withUnsafeMutableBufferPointer { buffer in
        // The array has at least its NULL terminator, so the base address exists.
        body(buffer.baseAddress!)
    }
}
