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
    public static func restore(
        _ originalPath: String, deletedSince: Date? = nil, environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> Result<String, Failure> {
        let earliest = deletedSince.map { TrashInfo.dateText($0.addingTimeInterval(-1)) } ?? ""
        var newest: (entry: Entry, date: String)?
        for trash in trashFolders(for: originalPath, environment: environment) {
            for entry in entries(in: trash.folder, topDirectory: trash.topDirectory)
            where entry.originalPath == originalPath && entry.deletionDate >= earliest {
                if newest.map({ entry.deletionDate > $0.date }) ?? true { newest = (entry, entry.deletionDate) }
            }
        }
        guard let entry = newest?.entry else { return .failure(.notInTrash) }
        let target = URL(fileURLWithPath: originalPath)
        switch FileMove.move(entry.trashedPath, into: target.deletingLastPathComponent().path, as: target.lastPathComponent) {
        case .success(let restored):
            unlink(entry.infoPath)
            return .success(restored)
        case .failure(let failure):
            return .failure(.moving(failure.description))
        }
    }

    /// One trashed file.
    struct Entry {
        var trashedPath: String
        var infoPath: String
        var originalPath: String
        var deletionDate: String
    }

    /// The trash folders a file at `path` may have gone to: the home trash, and its volume's at the volume's top.
    static func trashFolders(for path: String, environment: [String: String]) -> [(folder: String, topDirectory: String?)] {
        var folders: [(String, String?)] = []
        let dataHome = environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? ((environment["HOME"] ?? NSHomeDirectory()) + "/.local/share")
        folders.append((dataHome + "/Trash", nil))
        if let top = topDirectory(of: path) {
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
        guard stat(current, &info) == 0 else { return nil }
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
            guard name.hasSuffix(".trashinfo"),
                  let text = try? String(contentsOfFile: folder + "/info/" + name, encoding: .utf8),
                  let info = TrashInfo(text)
            else { return nil }
            let original = info.path.hasPrefix("/") ? info.path : (topDirectory.map { $0 == "/" ? "/" + info.path : $0 + "/" + info.path } ?? info.path)
            return Entry(trashedPath: folder + "/files/" + String(name.dropLast(".trashinfo".count)), infoPath: folder + "/info/" + name,
                         originalPath: original, deletionDate: info.deletionDate)
        }
    }
}

/// A `.trashinfo` file: `[Trash Info]`, then `Path=` (percent-encoded) and `DeletionDate=` (local time,
/// `YYYY-MM-DDThh:mm:ss`).
struct TrashInfo: Equatable {
    var path: String
    var deletionDate: String

    init?(_ text: String) {
        var inGroup = false
        var path: String?
        var date = ""
        for line in text.split(whereSeparator: \.isNewline) {
            if line.hasPrefix("[") { inGroup = line == "[Trash Info]"; continue }
            guard inGroup, let equals = line.firstIndex(of: "=") else { continue }
            let key = line[..<equals]
            let value = String(line[line.index(after: equals)...])
            if key == "Path" { path = value.removingPercentEncoding }
            if key == "DeletionDate" { date = value }
        }
        guard let path, !path.isEmpty else { return nil }
        self.path = path
        deletionDate = date
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
