// SPDX-License-Identifier: GPL-3.0-or-later
import CardStackCore

extension SidecarStyle {
    /// The XMP sidecars that are there beside `files`, in either app's naming (darktable's `IMG_0001.CR2.xmp`,
    /// Lightroom's `IMG_0001.xmp`), once each and as plain files: what travels with a photo when it moves, and
    /// what may say how it was rated before.
    public static func existingSidecars(of files: [String]) -> [String] {
        var seen: Set<String> = []
        return (darktable.sidecarPaths(for: files) + lightroom.sidecarPaths(for: files))
            .filter { seen.insert($0).inserted && FileStatus(path: $0, followingLinks: false)?.kind == .regularFile }
    }
}
