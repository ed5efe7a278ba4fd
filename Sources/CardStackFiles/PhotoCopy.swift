// SPDX-License-Identifier: GPL-3.0-or-later
import CardStackCore
import Foundation
import Translation

/// Copies chosen photos into a folder without ever moving, deleting or overwriting a file.
///
/// A name already taken in the destination gets a numbered variant ("IMG_1 (2).jpg"), as file managers do; a
/// file's subfolder under `root` is kept under the destination (``KeptSubfolder``).
public struct PhotoCopy: Sendable {
    /// The files to copy, in order.
    public let sources: [URL]
    /// The folder they are copied into.
    public let destination: URL
    /// The folder whose subfolders are kept under `destination`; nil: every file goes right into it.
    public let root: String?

    public init(sources: [URL], destination: URL, keepingSubfoldersOf root: String? = nil) {
        self.sources = sources
        self.destination = destination
        self.root = root
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
        for (index, source) in sources.enumerated() {
            if isCancelled() { break }
            switch KeptSubfolder.folder(KeptSubfolder.kept(by: source.path, under: root), in: destination.path) {
            case .success(let folder):
                let target = Self.freeName(for: source.lastPathComponent, in: URL(fileURLWithPath: folder)) { FileStatus(path: $0.path, followingLinks: false) != nil }
                switch Self.copy(source.path, to: target.path) {
                case .success: outcome.copied.append(target)
                case .failure(let failure): outcome.failed.append((source, failure.reason))
                }
            case .failure(let failure):
                outcome.failed.append((source, failure.description))
            }
            progress(index + 1, sources.count)
        }
        return outcome
    }

    /// Why one file was not copied, in the system's words.
    struct Failure: Error {
        let reason: String
        init(_ code: Int32) { reason = String(cString: strerror(code)) }
        init(reason: String) { self.reason = reason }
    }

    /// Bytes read and written at a time.
    static let chunkSize = 1 << 20

    /// Copies the regular file at `source` to a new file at `target` with the source's permissions and
    /// modification time (a photo deck dates its cards by it), removing the target again if the copy fails.
    ///
    /// Both paths go to the file system as their bytes (``FileNameEncoding``), so names that aren't UTF-8 copy
    /// too. `O_EXCL` refuses to replace a file, so even a race cannot overwrite one; `O_NONBLOCK` keeps a FIFO
    /// standing where a photo was from blocking the copy.
    /// With `syncing`, the copy is on the disk before this returns: a move deletes the source next.
    static func copy(_ source: String, to target: String, syncing: Bool = false) -> Result<Void, Failure> {
        let input = open(FileNameEncoding.fileSystemRepresentation(of: source), O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard input >= 0 else { return .failure(Failure(errno)) }
        defer { close(input) }
        var status = stat()
        guard fstat(input, &status) == 0 else { return .failure(Failure(errno)) }
        guard FileStatus.Kind(mode: status.st_mode) == .regularFile else { return .failure(Failure(reason: tr("not a regular file"))) }
        let targetPath = FileNameEncoding.fileSystemRepresentation(of: target)
        let output = open(targetPath, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, status.st_mode & 0o777)
        guard output >= 0 else { return .failure(Failure(errno)) }
        var succeeded = true
        var failure: Int32 = 0
        var buffer = [UInt8](repeating: 0, count: chunkSize)
        copying: while true {
            let count = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if count == 0 { break }
            if count < 0 {
                if errno == EINTR { continue }
                (succeeded, failure) = (false, errno)
                break
            }
            var offset = 0
            while offset < count {
                let step = buffer.withUnsafeBytes { write(output, $0.baseAddress?.advanced(by: offset), count - offset) }
                if step < 0 && errno == EINTR { continue }
                guard step > 0 else {
                    (succeeded, failure) = (false, errno)
                    break copying
                }
                offset += step
            }
        }
        if succeeded {
            // Both times, as `cp -p` keeps them.
            #if canImport(Darwin)
            let times = [status.st_atimespec, status.st_mtimespec]
            #else
            let times = [status.st_atim, status.st_mtim]
            #endif
            _ = futimens(output, times)
            if syncing, fsync(output) != 0 { (succeeded, failure) = (false, errno) }
        }
        if close(output) != 0 && succeeded { (succeeded, failure) = (false, errno) }
        guard succeeded else {
            unlink(targetPath)
            return .failure(Failure(failure))
        }
        return .success(())
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
