// SPDX-License-Identifier: GPL-3.0-or-later
import CardStackCore
import Foundation

/// The thumbnails the desktop already made (Files, the file chooser, image viewers), as the freedesktop
/// Thumbnail Managing Standard keeps them: `$XDG_CACHE_HOME/thumbnails/<size>/<MD5 of the file's URI>.png`.
///
/// Only read, never written, and only a thumbnail that is still the file's: its `Thumb::MTime` must be the
/// file's modification time (whole seconds), as the standard asks, so an edited file never shows its old picture.
public struct DesktopThumbnails: Sendable {
    /// The size folders, largest first: a card is wider than the `normal` 128 px.
    static let sizes = ["xx-large", "x-large", "large", "normal"]
    /// How much of a thumbnail is read for its text chunks, which come before the picture.
    static let headerLimit = 16 * 1_024

    /// The cache's folder.
    let folder: URL

    /// The cache of the user the environment names (`XDG_CACHE_HOME`, else `~/.cache`).
    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") {
            folder = URL(fileURLWithPath: cache).appendingPathComponent("thumbnails")
        } else {
            let home = environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? FileManager.default.homeDirectoryForCurrentUser.path
            folder = URL(fileURLWithPath: home).appendingPathComponent(".cache/thumbnails")
        }
    }

    /// The path of a current thumbnail of the file at `path` (absolute, ``FileNameEncoding`` text) modified at
    /// `modified`, or nil.
    public func thumbnail(of path: String, modified: Date) -> String? {
        let name = MD5.hex(of: Array(Self.uri(of: path).utf8)) + ".png"
        for size in Self.sizes {
            let candidate = folder.appendingPathComponent(size).appendingPathComponent(name).path
            guard let head = FileHandle(forReadingAtPath: candidate).flatMap({ try? $0.read(upToCount: Self.headerLimit) }) else { continue }
            if Self.modificationTime(inPNG: head) == Int64(modified.timeIntervalSince1970.rounded(.down)) { return candidate }
        }
        return nil
    }

    /// The `file://` URI GLib makes of a path (`g_filename_to_uri`): each byte outside the unreserved characters,
    /// the sub-delimiters, `:`, `@` and `/` written as `%XX`.
    static func uri(of path: String) -> String {
        let bytes = FileNameEncoding.fileSystemRepresentation(of: path).dropLast().map { UInt8(bitPattern: $0) }
        let kept = Set(Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~!$&'()*+,;=:@/".utf8))
        let digits = Array("0123456789ABCDEF".utf8)
        var uri = Array("file://".utf8)
        for byte in bytes {
            if kept.contains(byte) {
                uri.append(byte)
            } else {
                uri.append(contentsOf: [UInt8(ascii: "%"), digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]])
            }
        }
        return String(decoding: uri, as: UTF8.self)
    }

    /// The `Thumb::MTime` text chunk of a PNG's first bytes, or nil when it has none (or is no PNG).
    static func modificationTime(inPNG data: Data) -> Int64? {
        let bytes = [UInt8](data)
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard bytes.starts(with: signature) else { return nil }
        var offset = signature.count
        let key = Array("Thumb::MTime".utf8) + [0]
        while offset + 8 <= bytes.count {
            let length = Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            let type = String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self)
            let body = offset + 8
            guard length >= 0, body + length <= bytes.count else { return nil }
            if type == "IDAT" || type == "IEND" { return nil }
            if type == "tEXt", bytes[body..<body + length].starts(with: key) {
                return Int64(String(decoding: bytes[(body + key.count)..<(body + length)], as: UTF8.self))
            }
            offset = body + length + 4
        }
        return nil
    }
}
