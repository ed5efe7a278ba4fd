// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// A fresh folder under the system's temporary directory, for tests that need real files.
public struct TemporaryFolder: Sendable {
    public let url: URL

    /// Creates the folder, optionally with a meaningful last path component (the deck title of a photo deck).
    public init(named name: String? = nil) throws {
        let parent = FileManager.default.temporaryDirectory.appendingPathComponent("cardstack-tests-\(UUID().uuidString)")
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

    /// Deletes the folder and everything in it, made writable first.
    public func remove() {
        try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: root.path)
        try? FileManager.default.removeItem(at: root)
    }
}
