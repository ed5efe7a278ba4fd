// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// The bench's photos as a camera's bursts: each a copy of a made photo with an EXIF segment saying which camera
/// took it and when, to the hundredth of a second.
extension BenchPhotos {
    /// The camera every burst photo names.
    static let burstCamera = "CardStack Bench"

    /// `count` copies of the photos in `source` (`sources` of them, taken in turn) in `folder`, named as the made
    /// photos are (`photo-007.jpg`), in bursts of `burstLength` frames a fifth of a second apart with half a minute
    /// between bursts, so they group as a camera's bursts do; or why not.
    static func burstFolder(from source: URL, sources: Int, count: Int, burstLength: Int, to folder: URL) -> Result<URL, Orchestrator.ChildFailure> {
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for index in 0..<count {
            let target = folder.appendingPathComponent(String(format: "photo-%03d-%05d.jpg", index % sources, index))
            if FileManager.default.fileExists(atPath: target.path) { continue }
            guard let jpeg = try? Data(contentsOf: source.appendingPathComponent(name(index % sources))), jpeg.starts(with: [0xFF, 0xD8]) else {
                return .failure(.init(description: "bursts: no photo \(name(index % sources)) to copy"))
            }
            // Bursts half a minute apart, their frames a fifth of a second apart.
            let burst = index / burstLength
            let hundredths = burst * 3_000 + (index % burstLength) * 20
            let seconds = hundredths / 100
            let time = String(format: "2024:07:01 %02d:%02d:%02d", 8 + seconds / 3_600, seconds / 60 % 60, seconds % 60)
            let exif = exifSegment(model: burstCamera, dateTimeOriginal: time, subSeconds: String(format: "%02d", hundredths % 100))
            guard (try? (jpeg.prefix(2) + exif + jpeg.dropFirst(2)).write(to: target)) != nil else {
                return .failure(.init(description: "bursts: cannot write \(target.path)"))
            }
        }
        return .success(folder)
    }

    /// A JPEG APP1 segment holding a little-endian TIFF: IFD0 with Model and the pointer to the EXIF IFD, which
    /// holds DateTimeOriginal (0x9003) and SubSecTimeOriginal (0x9291).
    static func exifSegment(model: String, dateTimeOriginal: String, subSeconds: String) -> Data {
        let modelBytes = Array(model.utf8) + [0]
        let timeBytes = Array(dateTimeOriginal.utf8) + [0]
        let subBytes = Array(subSeconds.utf8) + [0]
        let ifd0 = 8
        let ifd0Size = 2 + 2 * 12 + 4
        let exifIFD = ifd0 + ifd0Size
        let exifSize = 2 + 2 * 12 + 4
        let modelOffset = exifIFD + exifSize
        let timeOffset = modelOffset + modelBytes.count
        var tiff: [UInt8] = Array("II".utf8) + [0x2A, 0x00] + le32(UInt32(ifd0))
        tiff += le16(2)
        tiff += le16(0x0110) + le16(2) + le32(UInt32(modelBytes.count)) + le32(UInt32(modelOffset))
        tiff += le16(0x8769) + le16(4) + le32(1) + le32(UInt32(exifIFD))
        tiff += le32(0)
        tiff += le16(2)
        tiff += le16(0x9003) + le16(2) + le32(UInt32(timeBytes.count)) + le32(UInt32(timeOffset))
        // Three bytes and a NUL fit in the entry itself.
        tiff += le16(0x9291) + le16(2) + le32(UInt32(subBytes.count)) + Array((subBytes + [0, 0, 0, 0]).prefix(4))
        tiff += le32(0)
        tiff += modelBytes + timeBytes
        let body = Array("Exif".utf8) + [0, 0] + tiff
        return Data([0xFF, 0xE1] + [UInt8((body.count + 2) >> 8), UInt8((body.count + 2) & 0xFF)] + body)
    }
}
