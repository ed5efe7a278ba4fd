// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// The real camera files kept in `Tests/CameraFiles` (their origin and licence are in its README).
public enum CameraFiles {
    /// The folder, in the repository's Tests/.
    public static let folder = Repository.file("Tests/CameraFiles")

    /// A Canon EOS R6 CR3 (taken 2021-05-12), its sensor data pruned; its largest preview is a 1620 × 1080 JPEG.
    public static let canonR6 = folder.appendingPathComponent("Canon-R6-pruned.CR3")
    /// A Canon PowerShot S40 CRW (2005-04-23) with a 160 × 120 JPEG thumbnail.
    public static let canonS40 = folder.appendingPathComponent("exiv2-canon-powershot-s40.crw")
    /// An iPhone 12 Pro DNG with its picture data pruned: metadata and no JPEG preview.
    public static let iPhoneDNGWithoutPreview = folder.appendingPathComponent("IMG_1361.dng")
}

/// The real darktable sidecars kept in `Tests/SidecarFiles` (origin and licence in its README).
public enum SidecarFiles {
    public static let folder = CameraFiles.folder.deletingLastPathComponent().appendingPathComponent("SidecarFiles")
    /// darktable's "almost all modules" test: 895 properties, a long history, rated one star.
    public static let almostAll = folder.appendingPathComponent("almost-all.xmp")
    /// A color balance rgb history, rated −1 (rejected) by darktable.
    public static let colorBalance = folder.appendingPathComponent("colorbalancergb.xmp")

    /// Every property of the sidecar at `path` as `exiv2 -PXkv` prints them, one "key value" line each, sorted;
    /// nil when exiv2 (make check installs it) is missing.
    public static func properties(of path: String) -> [String]? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/exiv2")
        process.arguments = ["-PXkv", path]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).split(separator: "\n")
            .map { $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ") }.sorted()
    }
}
