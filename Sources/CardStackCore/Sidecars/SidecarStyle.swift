// SPDX-License-Identifier: GPL-3.0-or-later

/// Where a photo's XMP sidecar is, as the apps that read it name it.
///
/// darktable and digiKam write `IMG_0001.CR2.xmp` (the whole name, then `.xmp`); Lightroom, Capture One,
/// Bridge and Photo Mechanic write `IMG_0001.xmp` (the extension replaced). In that second style the two files
/// of a RAW+JPEG pair would share one sidecar, so the JPEG gets `IMG_0001.JPG.xmp`, as culling tools do.
public enum SidecarStyle: String, Sendable, CaseIterable, Codable {
    /// No sidecars are written.
    case off
    /// `IMG_0001.CR2.xmp`: darktable, digiKam.
    case darktable
    /// `IMG_0001.xmp`: Lightroom, Capture One, Bridge, Photo Mechanic.
    case lightroom

    /// The sidecar of each of `files` (a card's file and, for a pair, its RAW), in that order; none when off.
    public func sidecarPaths(for files: [String]) -> [String] {
        switch self {
        case .off:
            return []
        case .darktable:
            return files.map { $0 + ".xmp" }
        case .lightroom:
            let isPair = files.count > 1
            return files.enumerated().map { index, file in
                // The RAW of a pair (second) keeps the plain name; its JPEG (first) takes the whole-name form.
                isPair && index == 0 ? file + ".xmp" : Self.replacingExtension(of: file)
            }
        }
    }

    /// `/a/IMG_0001.CR2` as `/a/IMG_0001.xmp`; a name without an extension gets `.xmp` added.
    private static func replacingExtension(of path: String) -> String {
        let nameStart = path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex
        guard let dot = path[nameStart...].lastIndex(of: "."), dot != nameStart else { return path + ".xmp" }
        return path[..<dot] + ".xmp"
    }
}
