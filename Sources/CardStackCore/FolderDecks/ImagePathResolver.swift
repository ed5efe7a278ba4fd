// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Makes a deck file's image paths absolute.
struct ImagePathResolver: Sendable {
    /// The deck file's folder, ending in "/"; nil leaves relative paths as they are.
    private let basePath: String?

    init(baseDirectory: URL?) {
        basePath = baseDirectory.map { directory in
            let path = directory.standardizedFileURL.path
            return path.hasSuffix("/") ? path : path + "/"
        }
    }

    /// `path` if absolute, else joined to the deck's folder, with `.` and `..` segments resolved.
    func resolve(_ path: String) -> String {
        guard let basePath, !path.hasPrefix("/") else { return path }
        let joined = basePath + path
        // Plain relative paths are by far the common case; `URL` standardizing costs microseconds a card.
        let needsStandardizing = zip(joined.utf8, joined.utf8.dropFirst()).contains { pair in
            pair.0 == ASCII.slash && (pair.1 == ASCII.period || pair.1 == ASCII.slash)
        }
        guard needsStandardizing else { return joined }
        return URL(fileURLWithPath: joined).standardizedFileURL.path
    }
}
