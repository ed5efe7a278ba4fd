// SPDX-License-Identifier: GPL-3.0-or-later
import CardStackCore
import Foundation
import Glibc

/// A Motion Photo's video (``MotionPhoto``), copied out of the photo into the user's cache so a player can open
/// it as a file; the photo itself is only read.
public enum MotionPhotoVideo {
    /// The longest video taken out of a photo: a phone's few seconds are a few megabytes.
    public static let largestVideo = 200 * 1_000_000

    /// The cache's folder: `$XDG_CACHE_HOME/cardstack/motion-photos` (else `~/.cache/…`).
    static func folder(environment: [String: String]) -> URL {
        let cache = environment["XDG_CACHE_HOME"].flatMap { $0.hasPrefix("/") ? URL(fileURLWithPath: $0) : nil }
            ?? URL(fileURLWithPath: environment["HOME"] ?? NSHomeDirectory()).appendingPathComponent(".cache")
        return cache.appendingPathComponent("cardstack/motion-photos")
    }

    /// The path of the video inside the photo at `path` (``FileNameEncoding`` text), copied to the cache once
    /// for the photo as it is now; nil when the photo holds none, or it can't be read.
    public static func extract(from path: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        // A regular file only: opening a pipe would wait for a writer.
        guard let status = FileStatus(path: path), status.kind == .regularFile, status.size < UInt64(Int.max) else { return nil }
        let descriptor = open(FileNameEncoding.fileSystemRepresentation(of: path), O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        let fileSize = Int(status.size)
        let header = FileBytes.read(descriptor, at: 0, count: min(MotionPhoto.headerLength, fileSize))
        guard let length = MotionPhoto.videoLength(inHeader: header), length <= largestVideo, length < fileSize,
              let range = MotionPhoto.videoRange(length: length, fileSize: fileSize, videoStart: FileBytes.read(descriptor, at: fileSize - length, count: 8))
        else { return nil }
        // Named by the photo's path, size and time: a changed photo is copied again.
        let key = MD5.hex(of: Array("\(path)\u{0}\(status.size)\u{0}\(status.modified.timeIntervalSince1970)".utf8))
        let folder = folder(environment: environment)
        let target = folder.appendingPathComponent("\(key).mp4")
        if FileStatus(path: target.path)?.size == UInt64(range.count) { return target.path }
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let video = FileBytes.read(descriptor, at: range.lowerBound, count: range.count)
        guard video.count == range.count else { return nil }
        let partial = target.appendingPathExtension("part")
        guard (try? Data(video).write(to: partial)) != nil, rename(partial.path, target.path) == 0 else {
            try? FileManager.default.removeItem(at: partial)
            return nil
        }
        return target.path
    }
}
