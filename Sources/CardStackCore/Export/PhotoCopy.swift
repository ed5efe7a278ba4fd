// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Copies chosen photos into a folder without ever moving, deleting or overwriting a file.
///
/// A name already taken in the destination gets a numbered variant ("IMG_1 (2).jpg"), as file managers do.
public struct PhotoCopy: Sendable {
    /// The files to copy, in order.
    public let sources: [URL]
    /// The folder they are copied into.
    public let destination: URL

    public init(sources: [URL], destination: URL) {
        self.sources = sources
        self.destination = destination
    }

    /// What a copy run did.
    public struct Outcome: Sendable, Equatable {
        public var copied: [URL] = []
        /// Source files that could not be copied, with the reason.
        public var failed: [(source: URL, reason: String)] = []

        public static func == (lhs: Outcome, rhs: Outcome) -> Bool {
            lhs.copied == rhs.copied && lhs.failed.map(\.source) == rhs.failed.map(\.source)
        }
    }

    /// Copies every source, calling `progress(done, total)` after each; stops early when `isCancelled` says so.
    public func run(
        progress: (Int, Int) -> Void = { _, _ in },
        isCancelled: () -> Bool = { false }
    ) -> Outcome {
        var outcome = Outcome()
        let files = FileManager.default
        for (index, source) in sources.enumerated() {
            if isCancelled() { break }
            let target = Self.freeName(for: source.lastPathComponent, in: destination) { files.fileExists(atPath: $0.path) }
            do {
                // copyItem refuses to replace an existing file, so even a race cannot overwrite one.
                try files.copyItem(at: source, to: target)
                outcome.copied.append(target)
            } catch {
                outcome.failed.append((source, error.localizedDescription))
            }
            progress(index + 1, sources.count)
        }
        return outcome
    }

    /// The first of `name`, `name (2)`, `name (3)`, … that does not exist in `folder`.
    public static func freeName(for name: String, in folder: URL, exists: (URL) -> Bool) -> URL {
        let candidate = folder.appendingPathComponent(name)
        guard exists(candidate) else { return candidate }
        let base = (name as NSString).deletingPathExtension
        let pathExtension = (name as NSString).pathExtension
        var number = 2
        while true {
            let numbered = pathExtension.isEmpty ? "\(base) (\(number))" : "\(base) (\(number)).\(pathExtension)"
            let url = folder.appendingPathComponent(numbered)
            if !exists(url) { return url }
            number += 1
        }
    }
}
