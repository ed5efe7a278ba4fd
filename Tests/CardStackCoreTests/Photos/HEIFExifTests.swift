// SPDX-License-Identifier: GPL-3.0-or-later

import CardStackTestSupport
import Foundation
import XCTest
@testable import CardStackCore

/// A HEIF photo's EXIF found through its boxes, as iPhones and `heif-enc` lay them out, and hostile boxes refused.
final class HEIFExifTests: XCTestCase {
    private func u16(_ value: Int) -> [UInt8] { [UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }
    private func u32(_ value: Int) -> [UInt8] { [24, 16, 8, 0].map { UInt8(value >> $0 & 0xFF) } }

    private func box(_ type: String, _ body: [UInt8]) -> [UInt8] {
        u32(8 + body.count) + Array(type.utf8) + body
    }

    /// The EXIF item's bytes: the offset of the TIFF header after the first four, then "Exif", then the TIFF.
    private func exifItem(_ date: String) -> [UInt8] {
        u32(6) + Array(ExifSegment.app1(orientation: 1, dateTimeOriginal: date).dropFirst(4))
    }

    /// A HEIF file: `ftyp` with `brand`, a `meta` box listing a picture and an EXIF item and where they are (an
    /// `iloc` of `version`), and the items in `mdat` after it.
    private func heif(brand: String = "heic", compatible: String = "mif1", ilocVersion: Int = 1, date: String = "2021:07:14 09:30:00",
                      extents: Int = 1) -> [UInt8] {
        let ftyp = box("ftyp", Array(brand.utf8) + u32(0) + Array(compatible.utf8) + Array(brand.utf8))
        let infe = { (id: Int, type: String) in self.box("infe", [2, 0, 0, 0] + self.u16(id) + self.u16(0) + Array(type.utf8) + [0]) }
        let iinf = box("iinf", [0, 0, 0, 0] + u16(2) + infe(1, "hvc1") + infe(2, "Exif"))
        let picture: [UInt8] = Array(repeating: 0xAB, count: 40)
        let exif = exifItem(date)
        // iloc's size depends only on the counts: lay it out once to learn where mdat's data starts.
        func iloc(pictureAt: Int, exifAt: Int) -> [UInt8] {
            var body: [UInt8] = [UInt8(ilocVersion), 0, 0, 0, 0x44, 0x00]
            body += ilocVersion < 2 ? u16(2) : u32(2)
            for (id, offset, length) in [(1, pictureAt, picture.count), (2, exifAt, exif.count)] {
                body += ilocVersion < 2 ? u16(id) : u32(id)
                if ilocVersion >= 1 { body += u16(0) }
                body += u16(0) + u16(id == 2 ? extents : 1)
                for _ in 0..<(id == 2 ? extents : 1) { body += u32(offset) + u32(length) }
            }
            return box("iloc", body)
        }
        let hdlr = box("hdlr", [0, 0, 0, 0] + u32(0) + Array("pict".utf8) + [UInt8](repeating: 0, count: 13))
        let metaSize = 8 + 4 + hdlr.count + iinf.count + iloc(pictureAt: 0, exifAt: 0).count
        let mdatData = ftyp.count + metaSize + 8
        let meta = box("meta", [0, 0, 0, 0] + hdlr + iinf + iloc(pictureAt: mdatData, exifAt: mdatData + picture.count))
        return ftyp + meta + box("mdat", picture + exif)
    }

    private func captureTime(in file: [UInt8]) -> CaptureTime? {
        guard let range = HEIFExif.exifItemRange(inHeader: file), range.upperBound <= file.count,
              let tiff = HEIFExif.tiff(inExifItem: Array(file[range]))
        else { return nil }
        return PhotoCaptureDay.captureTime(inTIFF: Array(tiff))
    }

    func testTheExifItemIsFoundThroughTheBoxesAndItsDateRead() throws {
        for version in 0...2 {
            let file = heif(ilocVersion: version)
            let time = try XCTUnwrap(captureTime(in: file), "iloc version \(version)")
            XCTAssertEqual(time.text, "14 Jul 2021, 09:30:00")
            let range = try XCTUnwrap(HEIFExif.exifItemRange(inHeader: file))
            XCTAssertEqual(PhotoCaptureDay.label(inTIFF: Array(try XCTUnwrap(HEIFExif.tiff(inExifItem: Array(file[range]))))), "14 Jul 2021")
        }
        XCTAssertNotNil(captureTime(in: heif(brand: "mif1")), "any HEIF still brand")
    }

    func testOtherFilesAndItemsThatCantBeReadInOnePieceGiveNothing() {
        XCTAssertNil(HEIFExif.exifItemRange(inHeader: heif(brand: "isom", compatible: "mp41")), "an MP4 is no HEIF photo")
        XCTAssertNil(HEIFExif.exifItemRange(inHeader: heif(extents: 2)), "an item in two pieces")
        XCTAssertNil(HEIFExif.exifItemRange(inHeader: [UInt8](ExifSegment.app1(orientation: 1, dateTimeOriginal: "2021:07:14 09:30:00"))))
        XCTAssertNil(HEIFExif.exifItemRange(inHeader: []))
        XCTAssertNil(HEIFExif.tiff(inExifItem: [0, 0, 0]))
        XCTAssertNil(HEIFExif.tiff(inExifItem: [0xFF, 0xFF, 0xFF, 0xFF, 1, 2]), "an offset past the item")
    }

    /// Every prefix of a file, and the file with bytes changed at random, is read or refused: never a trap.
    func testTruncatedAndDamagedBoxesAreRefusedWithoutATrap() {
        let file = heif()
        for length in 0..<file.count {
            if let range = HEIFExif.exifItemRange(inHeader: Array(file.prefix(length))) {
                XCTAssertGreaterThanOrEqual(range.lowerBound, 0)
            }
        }
        var random = SeededGenerator(seed: 57)
        for _ in 0..<3_000 {
            var damaged = file
            for _ in 0..<Int.random(in: 1...6, using: &random) {
                damaged[Int.random(in: 0..<damaged.count, using: &random)] = [0x00, 0xFF, 0x01, 0x7F, UInt8.random(in: 0...255, using: &random)].randomElement(using: &random)!
            }
            if let range = HEIFExif.exifItemRange(inHeader: damaged), range.upperBound <= damaged.count,
               let tiff = HEIFExif.tiff(inExifItem: Array(damaged[range])) {
                _ = PhotoCaptureDay.captureTime(inTIFF: Array(tiff))
            }
        }
        // A 64-bit offset at the edge of what a file can hold.
        var huge = file
        if let range = HEIFExif.exifItemRange(inHeader: file) {
            let at = huge.indices.dropLast(8).first { Array(huge[$0..<($0 + 4)]) == u32(range.lowerBound) && Array(huge[($0 + 4)..<($0 + 8)]) == u32(range.count) }
            if let at { huge.replaceSubrange(at..<(at + 4), with: [0xFF, 0xFF, 0xFF, 0xF0]) }
            XCTAssertNotEqual(HEIFExif.exifItemRange(inHeader: huge), range)
        }
    }
}
