// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// A JPEG APP1 `Exif` segment as a camera writes it, for tests: an orientation in IFD0 and a
/// `DateTimeOriginal` ("2019:06:15 14:22:03") in the EXIF IFD, little- or big-endian.
public enum ExifSegment {
    public static func app1(orientation: UInt16, dateTimeOriginal: String, littleEndian: Bool = true) -> Data {
        var tiff: [UInt8] = []
        func u16(_ value: UInt16) { tiff += littleEndian ? [UInt8(value & 0xFF), UInt8(value >> 8)] : [UInt8(value >> 8), UInt8(value & 0xFF)] }
        func u32(_ value: UInt32) {
            littleEndian ? (u16(UInt16(value & 0xFFFF)), u16(UInt16(value >> 16))) : (u16(UInt16(value >> 16)), u16(UInt16(value & 0xFFFF)))
        }
        tiff += littleEndian ? Array("II".utf8) : Array("MM".utf8)
        u16(42)
        u32(8)  // IFD0 right after the header
        let exifIFD: UInt32 = 8 + 2 + 2 * 12 + 4
        let dateOffset: UInt32 = exifIFD + 2 + 12 + 4
        // IFD0: orientation (SHORT), the EXIF IFD pointer (LONG).
        u16(2)
        u16(0x0112); u16(3); u32(1); u16(orientation); u16(0)
        u16(0x8769); u16(4); u32(1); u32(exifIFD)
        u32(0)
        // EXIF IFD: DateTimeOriginal (ASCII, 20 bytes with the NUL, stored at an offset).
        u16(1)
        u16(0x9003); u16(2); u32(20); u32(dateOffset)
        u32(0)
        tiff += Array(dateTimeOriginal.utf8.prefix(19)) + [0]
        let body = Array("Exif".utf8) + [0, 0] + tiff
        let length = UInt16(body.count + 2)
        return Data([0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + body)
    }

    /// `jpeg` with `segment` inserted right after its start-of-image marker.
    public static func inserting(_ segment: Data, into jpeg: Data) -> Data {
        jpeg.prefix(2) + segment + jpeg.dropFirst(2)
    }
}
