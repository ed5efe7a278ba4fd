// SPDX-License-Identifier: GPL-3.0-or-later
import CardStackCore
import Foundation
import Translation
#if canImport(Glibc)
import Glibc
#endif

/// The subfolder a file lies in under a deck's folder, kept when its files are copied or moved to another folder:
/// a roll opened with its subfolders sends "day1/IMG_1.JPG" to "Picks/day1/IMG_1.JPG", never flattening two
/// days' photos of one name into "IMG_1.JPG" and "IMG_1 (2).JPG".
public enum KeptSubfolder {
    /// The folders between `root` and the file at `path`, "day1/morning"; empty for a file right in `root`, and
    /// nil for one that is not under it (then it goes right into the destination).
    ///
    /// Both are absolute, standardized paths (the deck's own): a component "." or ".." in what lies between
    /// makes it nil rather than a way out of the destination.
    public static func of(_ path: String, under root: String) -> String? {
        let base = root.hasSuffix("/") ? root : root + "/"
        guard path.hasPrefix(base) else { return nil }
        let components = path.dropFirst(base.count).split(separator: "/", omittingEmptySubsequences: true).dropLast()
        guard !components.contains(where: { $0 == "." || $0 == ".." }) else { return nil }
        return components.joined(separator: "/")
    }

    /// The subfolder the file at `path` keeps under a destination: ``of(_:under:)`` for `root`, and empty (right in
    /// the destination) without a root or for a file not under it.
    public static func kept(by path: String, under root: String?) -> String {
        root.flatMap { of(path, under: $0) } ?? ""
    }

    /// Where `subfolder` lies under `destination`, made or not.
    public static func path(_ subfolder: String, in destination: String) -> String {
        subfolder.isEmpty ? destination : destination + "/" + subfolder
    }

    /// The folder `subfolder` under `destination`, made where it is missing (each level with the user's usual
    /// permissions); `destination` itself when `subfolder` is empty. Nothing there is ever replaced: a file where
    /// a folder should be is a failure.
    public static func folder(_ subfolder: String, in destination: String) -> Result<String, FileMove.Failure> {
        var folder = destination
        for component in subfolder.split(separator: "/") {
            folder += "/" + component
            let path = FileNameEncoding.fileSystemRepresentation(of: folder)
            if mkdir(path, 0o777) != 0 && errno != EEXIST {
                return .failure(FileMove.Failure(errno: errno, doing: tr("making its folder")))
            }
            guard FileStatus(path: folder)?.kind == .folder else {
                return .failure(FileMove.Failure(errno: ENOTDIR, doing: tr("making its folder")))
            }
        }
        return .success(folder)
    }
}
