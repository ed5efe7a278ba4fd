// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// The real camera files kept in `Tests/CameraFiles` (their origin and licence are in its README).
public enum CameraFiles {
    /// The folder, found from this source file's place in the tree.
    public static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("CameraFiles")

    /// A Canon EOS R6 CR3 (taken 2021-05-12), its sensor data pruned; its largest preview is a 1620 × 1080 JPEG.
    public static let canonR6 = folder.appendingPathComponent("Canon-R6-pruned.CR3")
    /// A Canon PowerShot S40 CRW (2005-04-23) with a 160 × 120 JPEG thumbnail.
    public static let canonS40 = folder.appendingPathComponent("exiv2-canon-powershot-s40.crw")
    /// An iPhone 12 Pro DNG with its picture data pruned: metadata and no JPEG preview.
    public static let iPhoneDNGWithoutPreview = folder.appendingPathComponent("IMG_1361.dng")
}
