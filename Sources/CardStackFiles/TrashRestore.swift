// SPDX-License-Identifier: GPL-3.0-or-later
import CardStackCore
import Foundation
import Translation
#if canImport(Glibc)
import Glibc
#endif

/// Brings a file back from the desktop's trash to where it was, as the freedesktop.org trash specification lays
/// the trash out; GLib trashes files (`g_file_trash`) but has no call to restore one.
///
/// A file trashed from `/photos/IMG_1.JPG` is `files/IMG_1.JPG` (or a name made unique) in a trash folder, beside
/// `info/IMG_1.JPG.trashinfo`, whose `Path=` says where it came from. The home trash
/// (`$XDG_DATA_HOME/Trash`) takes files of the home's file system; a file on another one (a memory card) goes to
/// that volume's `.Trash-UID` (or `.Trash/UID`) at its top, where `Path=` may be relative to the top. The newest
/// entry for the path is restored, to its old name, or to "name (2).jpg" when the name was taken meanwhile.
public enum TrashRestore {
    /// Why a file could not be brought back.
    public enum Failure: Error, Sendable, Equatable, CustomStringConvertible {
        /// No trash entry names the path.
        case notInTrash
        /// Moving it back failed: what was being done, and the system's words.
        case moving(String)

        public var description: String {
            switch self {
            case .notInTrash: tr("it is no longer in the trash")
            case .moving(let reason): reason
            }
        }
    }

    /// Moves the newest trashed file that came from `originalPath` back there (or beside it under a free name);
    /// answers where it is now. With `deletedSince`, an entry trashed before then (a second early, as the trash
    /// notes the time to the second) is not the one meant. `environment` gives `XDG_DATA_HOME` and `HOME`.
    /// Bringing many files back, make one ``Index`` for them all instead: this reads every entry of the trash.
    public static func restore(
        _ originalPath: String, deletedSince: Date? = nil, environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> Result<String, Failure> {
        var index = Index(for: [originalPath], environment: environment)
        return index.restore(originalPath, deletedSince: deletedSince)
    }

    /// The entries of every trash the given files may have gone to, read once and looked up by the path each
    /// entry came from: bringing back n files of a trash holding m entries reads each entry once, O(n + m),
    /// where asking the trash for each file anew would read it n times.
    public struct Index {
        private var byOriginalPath: [String: [Entry]] = [:]

        /// Reads the trashes that files from `originalPaths` may be in: the home trash, and each volume's.
        public init(for originalPaths: some Sequence<String>, environment: [String: String] = ProcessInfo.processInfo.environment) {
            var read: Set<String> = []
            var folderTops: [String: String?] = [:]
            for path in originalPaths {
                let folder = (path as NSString).deletingLastPathComponent
                let top: String?
                if let known = folderTops[folder] {
                    top = known
                } else {
                    top = topDirectory(of: path)
                    folderTops[folder] = top
                }
                for trash in trashFolders(top: top, environment: environment) where read.insert(trash.folder).inserted {
                    for entry in entries(in: trash.folder, topDirectory: trash.topDirectory) {
                        byOriginalPath[entry.originalPath, default: []].append(entry)
                    }
                }
            }
        }

        /// Moves the newest trashed file that came from `originalPath`, and was trashed since `deletedSince` (a
        /// second early), back there or beside it under a free name; answers where it is now.
        public mutating func restore(_ originalPath: String, deletedSince: Date? = nil) -> Result<String, Failure> {
            let earliest = deletedSince.map { TrashInfo.dateText($0.addingTimeInterval(-1)) } ?? ""
            guard let candidates = byOriginalPath[originalPath],
                  let chosen = candidates.indices.filter({ candidates[$0].deletionDate >= earliest })
                      .max(by: { candidates[$0].deletionDate < candidates[$1].deletionDate })
            else { return .failure(.notInTrash) }
            let entry = candidates[chosen]
            let target = URL(fileURLWithPath: originalPath)
            switch FileMove.move(entry.trashedPath, into: target.deletingLastPathComponent().path, as: target.lastPathComponent) {
            case .success(let restored):
                unlink(FileNameEncoding.fileSystemRepresentation(of: entry.infoPath))
                byOriginalPath[originalPath]?.remove(at: chosen)
                return .success(restored)
            case .failure(let failure):
                return .failure(.moving(failure.description))
            }
        }
    }

    /// One trashed file.
    struct Entry {
        var trashedPath: String
        var infoPath: String
        var originalPath: String
        var deletionDate: String
    }

    /// The trash folders a file on the volume whose top is `top` may have gone to: the home trash, and the
    /// volume's at its top.
    static func trashFolders(top: String?, environment: [String: String]) -> [(folder: String, topDirectory: String?)] {
        var folders: [(String, String?)] = []
        let dataHome = environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? ((environment["HOME"] ?? NSHomeDirectory()) + "/.local/share")
        folders.append((dataHome + "/Trash", nil))
        if let top {
            let uid = getuid()
            folders.append((top + "/.Trash/\(uid)", top))
            folders.append((top + "/.Trash-\(uid)", top))
        }
        return folders
    }

    /// The top folder of the file system `path` is on: the highest ancestor on the same device.
    static func topDirectory(of path: String) -> String? {
        var info = stat()
        var current = URL(fileURLWithPath: path).deletingLastPathComponent().standardizedFileURL.path
        guard stat(FileNameEncoding.fileSystemRepresentation(of: current), &info) == 0 else { return nil }
        let device = info.st_dev
        while current != "/" {
            let parent = (current as NSString).deletingLastPathComponent
            guard stat(parent, &info) == 0, info.st_dev == device else { return current }
            current = parent
        }
        return "/"
    }

    /// The entries of the trash at `folder`.
    static func entries(in folder: String, topDirectory: String?) -> [Entry] {
        guard case .success(let names) = FolderListing.names(in: folder + "/info") else { return [] }
        return names.compactMap { name -> Entry? in
            guard name.hasSuffix(".trashinfo"), let bytes = smallFile(folder + "/info/" + name), let info = TrashInfo(bytes) else { return nil }
            let original = info.path.hasPrefix("/") ? info.path : (topDirectory.map { $0 == "/" ? "/" + info.path : $0 + "/" + info.path } ?? info.path)
            return Entry(trashedPath: folder + "/files/" + String(name.dropLast(".trashinfo".count)), infoPath: folder + "/info/" + name,
                         originalPath: original, deletionDate: info.deletionDate)
        }
    }

    /// The bytes of the small file at `path` (a `.trashinfo`), nil when it can't be read or is over 64 KB.
    static func smallFile(_ path: String) -> [UInt8]? {
        let descriptor = open(FileNameEncoding.fileSystemRepresentation(of: path), O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        let limit = 65_536
        var bytes = [UInt8](repeating: 0, count: limit + 1)
        var count = 0
        while count <= limit {
            let read = bytes.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress! + count, limit + 1 - count) }
            if read < 0 && errno == EINTR { continue }
            if read < 0 { return nil }
            if read == 0 { return Array(bytes[0..<count]) }
            count += read
        }
        return nil
    }
}

/// A `.trashinfo` file: `[Trash Info]`, then `Path=` (percent-encoded bytes, not necessarily UTF-8: a name in
/// Latin-1 is `old%E9cam.jpg`) and `DeletionDate=` (local time, `YYYY-MM-DDThh:mm:ss`).
struct TrashInfo: Equatable {
    /// The path, as the app holds file names (``FileNameEncoding``).
    var path: String
    var deletionDate: String

    init?(_ bytes: [UInt8]) {
        var inGroup = false
        var path: String?
        var date = ""
        for line in bytes.split(whereSeparator: { $0 == 0x0A || $0 == 0x0D }) {
            if line.first == UInt8(ascii: "[") { inGroup = line.elementsEqual("[Trash Info]".utf8); continue }
            guard inGroup, let equals = line.firstIndex(of: UInt8(ascii: "=")) else { continue }
            let key = line[..<equals]
            let value = line[(equals + 1)...]
            if key.elementsEqual("Path".utf8) { path = Self.percentDecoded(value).map { FileNameEncoding.text(fromBytes: $0) } }
            if key.elementsEqual("DeletionDate".utf8) { date = String(decoding: value, as: UTF8.self) }
        }
        guard let path, !path.isEmpty else { return nil }
        self.path = path
        deletionDate = date
    }

    /// The bytes `%XX` escapes stand for; nil for a broken escape or a NUL, which no path holds.
    static func percentDecoded(_ text: ArraySlice<UInt8>) -> [UInt8]? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.count)
        var index = text.startIndex
        while index < text.endIndex {
            let byte = text[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < text.endIndex, let high = hexValue(text[index + 1]), let low = hexValue(text[index + 2]) else { return nil }
                bytes.append(high << 4 | low)
                index += 3
            } else {
                bytes.append(byte)
                index += 1
            }
        }
        return bytes.contains(0) ? nil : bytes
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// `date` as `DeletionDate=` writes it: local time to the second, which sorts as text.
    static func dateText(_ date: Date) -> String {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var local = tm()
        localtime_r(&seconds, &local)
        return String(format: "%04d-%02d-%02dT%02d:%02d:%02d", Int(local.tm_year) + 1900, Int(local.tm_mon) + 1, Int(local.tm_mday),
                      Int(local.tm_hour), Int(local.tm_min), Int(local.tm_sec))
    }
}
