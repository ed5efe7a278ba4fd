// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// The day a photo was taken, from the EXIF `DateTimeOriginal` of a JPEG or TIFF file, as "15 Jun 2019".
///
/// A photo deck's cards are dated by the file's modification time until the picture is decoded; then this
/// takes over where the camera wrote it (copying or editing a file changes its modification time, not this).
/// The reader follows the TIFF structure EXIF uses (CIPA DC-008): the JPEG's APP1 `Exif` segment, IFD0, its
/// pointer to the EXIF IFD, tag 0x9003 (or 0x9004, digitized, when the original is missing). Every offset is
/// checked against the bytes read; anything unexpected gives nil, never a trap. Reading a file's first bytes is
/// `CardStackFiles`'s (`PhotoCaptureDay.label(ofFileAt:)`).
public enum PhotoCaptureDay {
    /// How much of a file is read to find its EXIF segment: it comes first in a JPEG, within 64 KB by the
    /// format's segment limit, after at most a JFIF segment.
    public static let headerLimit = 128 * 1_024

    static let exifIFDPointerTag: UInt16 = 0x8769
    static let dateTimeOriginalTag: UInt16 = 0x9003
    static let dateTimeDigitizedTag: UInt16 = 0x9004
    static let asciiType: UInt16 = 2

    /// The capture day in the first bytes of a JPEG or TIFF file (``headerLimit`` of them hold it).
    public static func label(inHeader data: Data) -> String? {
        let bytes = [UInt8](data)
        guard let tiff = tiffRange(in: bytes),
              let (year, month, day) = captureDay(inTIFF: Array(bytes[tiff]))
        else { return nil }
        return DayLabel.text(year: year, month: month, day: day)
    }

    /// Where the TIFF structure is: the whole file for a TIFF, the APP1 `Exif` segment's body for a JPEG.
    private static func tiffRange(in bytes: [UInt8]) -> Range<Int>? {
        if bytes.starts(with: [0x49, 0x49, 0x2A, 0x00]) || bytes.starts(with: [0x4D, 0x4D, 0x00, 0x2A]) {
            return bytes.indices
        }
        guard bytes.starts(with: [0xFF, 0xD8]) else { return nil }
        var offset = 2
        let exifSignature: [UInt8] = Array("Exif".utf8) + [0, 0]
        while offset + 4 <= bytes.count, bytes[offset] == 0xFF {
            let marker = bytes[offset + 1]
            // Start of scan: the picture data, after which no metadata comes.
            if marker == 0xDA { return nil }
            let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            guard length >= 2 else { return nil }
            let body = offset + 4
            let end = offset + 2 + length
            if marker == 0xE1, end <= bytes.count, bytes[body..<end].starts(with: exifSignature) {
                return (body + exifSignature.count)..<end
            }
            offset = end
        }
        return nil
    }

    /// When the photo whose EXIF is the TIFF structure `tiff` was taken, and by which camera body: its model
    /// (IFD0's 0x0110), with the body's serial number (0xA431) where the camera writes one.
    public static func captureFacts(inTIFF tiff: [UInt8]) -> CaptureFacts {
        let texts = exifTexts(inTIFF: tiff, tags: [dateTimeOriginalTag, subSecTimeOriginalTag, dateTimeDigitizedTag, bodySerialNumberTag],
                              ifd0Tags: [modelTag])
        let time = texts[dateTimeOriginalTag].flatMap { CaptureTime(exif: $0, subSeconds: texts[subSecTimeOriginalTag]) }
            ?? texts[dateTimeDigitizedTag].flatMap { CaptureTime(exif: $0) }
        return CaptureFacts(time: time, camera: CaptureFacts.camera(model: texts[modelTag], serialNumber: texts[bodySerialNumberTag]))
    }

    /// The capture facts in the first bytes of a JPEG or TIFF file, as ``captureFacts(inTIFF:)`` reads them; nil
    /// when the bytes hold no EXIF.
    public static func captureFacts(inHeader data: Data) -> CaptureFacts? {
        let bytes = [UInt8](data)
        guard let tiff = tiffRange(in: bytes) else { return nil }
        return captureFacts(inTIFF: Array(bytes[tiff]))
    }

    static let modelTag: UInt16 = 0x0110
    static let bodySerialNumberTag: UInt16 = 0xA431

    /// The capture day in a TIFF structure (a HEIF photo's EXIF item, after its offset), as "15 Jun 2019".
    public static func label(inTIFF tiff: [UInt8]) -> String? {
        captureDay(inTIFF: tiff).map { DayLabel.text(year: $0.0, month: $0.1, day: $0.2) }
    }

    /// When the photo whose EXIF is the TIFF structure `tiff` was taken, as ``captureTime(inHeader:)`` reads it.
    public static func captureTime(inTIFF tiff: [UInt8]) -> CaptureTime? {
        captureFacts(inTIFF: tiff).time
    }

    private static func captureDay(inTIFF tiff: [UInt8]) -> (Int, Int, Int)? {
        let texts = exifTexts(inTIFF: tiff, tags: [dateTimeOriginalTag, dateTimeDigitizedTag])
        for tag in [dateTimeOriginalTag, dateTimeDigitizedTag] {
            guard let text = texts[tag], let day = day(inDateTime: String(text.prefix(10))) else { continue }
            return day
        }
        return nil
    }

    /// When the photo whose first bytes (``headerLimit`` of a JPEG or TIFF file) are `data` was taken, to the
    /// fraction of a second (`SubSecTimeOriginal`, 0x9291), for ordering a deck by capture time.
    public static func captureTime(inHeader data: Data) -> CaptureTime? {
        captureFacts(inHeader: data)?.time
    }

    static let subSecTimeOriginalTag: UInt16 = 0x9291

    /// The ASCII values of `tags` in the EXIF IFD of `tiff`, as text without their NUL; a value of four bytes or
    /// fewer is stored in the entry itself, a longer one at an offset.
    private static func exifTexts(inTIFF tiff: [UInt8], tags: Set<UInt16>, ifd0Tags: Set<UInt16> = []) -> [UInt16: String] {
        guard tiff.count >= 8 else { return [:] }
        let little: Bool
        switch (tiff[0], tiff[1]) {
        case (0x49, 0x49): little = true
        case (0x4D, 0x4D): little = false
        default: return [:]
        }
        func u16(_ at: Int) -> UInt16? {
            guard at >= 0, at + 2 <= tiff.count else { return nil }
            return little ? UInt16(tiff[at]) | UInt16(tiff[at + 1]) << 8 : UInt16(tiff[at]) << 8 | UInt16(tiff[at + 1])
        }
        func u32(_ at: Int) -> UInt32? {
            guard let first = u16(at), let second = u16(at + 2) else { return nil }
            return little ? UInt32(first) | UInt32(second) << 16 : UInt32(first) << 16 | UInt32(second)
        }
        /// The entry for `tag` in the IFD at `ifd`: its type, count and value (or offset) field's position.
        func entry(_ tag: UInt16, inIFD ifd: Int) -> (type: UInt16, count: UInt32, field: Int)? {
            guard let count = u16(ifd) else { return nil }
            for index in 0..<Int(count) {
                let at = ifd + 2 + index * 12
                guard let entryTag = u16(at), let type = u16(at + 2), let values = u32(at + 4) else { return nil }
                if entryTag == tag { return (type, values, at + 8) }
            }
            return nil
        }
        guard let ifd0 = u32(4).map(Int.init),
              let pointer = entry(exifIFDPointerTag, inIFD: ifd0), let exifIFD = u32(pointer.field).map(Int.init)
        else { return [:] }
        var texts: [UInt16: String] = [:]
        for (tag, ifd) in tags.map({ ($0, exifIFD) }) + ifd0Tags.map({ ($0, ifd0) }) {
            // Dates are "YYYY:MM:DD HH:MM:SS" and a NUL, 20 bytes; no value read is longer than 64.
            guard let value = entry(tag, inIFD: ifd), value.type == asciiType, value.count >= 1, value.count <= 64 else { continue }
            let count = Int(value.count)
            let start = count <= 4 ? value.field : u32(value.field).map(Int.init) ?? -1
            guard start >= 0, start + count <= tiff.count else { continue }
            let bytes = tiff[start..<(start + count)].prefix { $0 != 0 }
            // ASCII by the standard; a camera that wrote other bytes wrote Latin-1, read byte for byte, so that two
            // bodies' names never both become replacement characters and compare the same.
            texts[tag] = ValidUTF8.string(Array(bytes)) ?? String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
        }
        return texts
    }

    /// The capture day of an EXIF date and time ("2021:05:12 12:21:21", as a RAW's metadata gives it), as
    /// "12 May 2021"; nil when it isn't one.
    public static func label(exifDateTime: String) -> String? {
        day(inDateTime: String(exifDateTime.prefix(10))).map { DayLabel.text(year: $0.0, month: $0.1, day: $0.2) }
    }

    /// Year, month and day of EXIF's "YYYY:MM:DD".
    private static func day(inDateTime text: String) -> (Int, Int, Int)? {
        let parts = text.split(separator: ":").compactMap { Int($0) }
        guard parts.count == 3, (1...9999).contains(parts[0]), (1...12).contains(parts[1]), (1...31).contains(parts[2]) else { return nil }
        return (parts[0], parts[1], parts[2])
    }
}
