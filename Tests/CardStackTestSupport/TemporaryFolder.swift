// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// A fresh folder under the system's temporary directory, for tests that need real files.
public struct TemporaryFolder: Sendable {
    public let url: URL

    /// Creates the folder, optionally with a meaningful last path component (the deck title of a photo deck).
    public init(named name: String? = nil, in base: URL = FileManager.default.temporaryDirectory) throws {
        let parent = base.appendingPathComponent("cardstack-tests-\(UUID().uuidString)")
        url = name.map { parent.appendingPathComponent($0) } ?? parent
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        root = parent
    }

    /// The folder `remove()` deletes: the parent when the test asked for a named folder.
    private let root: URL

    /// Writes `contents` to `name` inside the folder and returns its URL.
    @discardableResult
    public func write(_ contents: Data, to name: String) throws -> URL {
        let file = url.appendingPathComponent(name)
        try contents.write(to: file)
        return file
    }

    @discardableResult
    public func write(_ text: String, to name: String) throws -> URL {
        try write(Data(text.utf8), to: name)
    }

    /// Writes `contents` to a file whose name is `nameBytes` exactly (they need not be UTF-8, which a `String`
    /// path can't say), returning the file's whole path as bytes, NUL-terminated.
    @discardableResult
    public func write(_ contents: Data, toNameBytes nameBytes: [UInt8]) throws -> [CChar] {
        let path = Array(url.path.utf8CString.dropLast()) + [CChar(UInt8(ascii: "/"))] + nameBytes.map { CChar(bitPattern: $0) } + [0]
        let descriptor = open(path, O_CREAT | O_WRONLY | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw CocoaError(.fileWriteUnknown) }
        defer { close(descriptor) }
        let written = contents.withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) }
        guard written == contents.count else { throw CocoaError(.fileWriteUnknown) }
        return path
    }

    /// Deletes the folder and everything in it, made writable first.
    public func remove() {
        try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: root.path)
        try? FileManager.default.removeItem(at: root)
    }
}
