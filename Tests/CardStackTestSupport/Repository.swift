// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// The repository the tests run from, for files kept in it (sample decks, camera files), wherever a test's own
/// file sits.
public enum Repository {
    /// The folder that holds Package.swift: two folders up from this file, Tests/CardStackTestSupport.
    public static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// `path` inside the repository ("data/decks").
    public static func file(_ path: String) -> URL {
        root.appendingPathComponent(path)
    }
}
