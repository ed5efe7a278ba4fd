// SPDX-License-Identifier: GPL-3.0-or-later
import CardStackTestSupport
import Foundation
import XCTest
@testable import CardStackCore

/// A photo is dated by when it was taken (EXIF DateTimeOriginal), read safely from any bytes.
final class PhotoCaptureDayTests: XCTestCase {
    /// Start of image, the EXIF segment, start of scan and a little picture data.
    private func jpeg(_ segment: Data) -> Data {
        Data([0xFF, 0xD8]) + segment + Data([0xFF, 0xDA, 0x00, 0x02, 0x11, 0x22])
    }

    func testReadsDateTimeOriginalInEitherByteOrder() {
        for little in [true, false] {
            let data = jpeg(ExifSegment.app1(orientation: 6, dateTimeOriginal: "2019:06:15 14:22:03", littleEndian: little))
            XCTAssertEqual(PhotoCaptureDay.label(inHeader: data), "15 Jun 2019", little ? "II" : "MM")
        }
    }

    func testAJFIFSegmentFirstIsSkipped() {
        let jfif = Data([0xFF, 0xE0, 0x00, 0x10] + Array("JFIF".utf8) + [0, 1, 1, 0, 0, 1, 0, 1, 0, 0])
        let data = Data([0xFF, 0xD8]) + jfif + ExifSegment.app1(orientation: 1, dateTimeOriginal: "2001:12:31 23:59:59")
        XCTAssertEqual(PhotoCaptureDay.label(inHeader: data), "31 Dec 2001")
    }

    func testNothingOrNonsenseGivesNil() {
        XCTAssertNil(PhotoCaptureDay.label(inHeader: Data()))
        XCTAssertNil(PhotoCaptureDay.label(inHeader: Data([0xFF, 0xD8, 0xFF, 0xDA, 0, 2])), "no EXIF before the picture data")
        XCTAssertNil(PhotoCaptureDay.label(inHeader: Data("PNG not a jpeg".utf8)))
        XCTAssertNil(PhotoCaptureDay.label(inHeader: jpeg(ExifSegment.app1(orientation: 1, dateTimeOriginal: "0000:00:00 00:00:00"))),
                     "cameras without a clock write zeros")
        // Every truncation of a valid header, and every single corrupted byte, gives a day or nil, never a trap.
        let valid = jpeg(ExifSegment.app1(orientation: 1, dateTimeOriginal: "2019:06:15 14:22:03"))
        for length in 0..<valid.count { _ = PhotoCaptureDay.label(inHeader: valid.prefix(length)) }
        for index in valid.indices {
            for value: UInt8 in [0x00, 0x7F, 0xFF] {
                var corrupt = valid
                corrupt[index] = value
                _ = PhotoCaptureDay.label(inHeader: corrupt)
            }
        }
    }

    /// A camera model that is not UTF-8 (the fuzzer's find, kept as its seed): read as Latin-1, byte for byte,
    /// never as replacement characters, which made it longer than any camera name and the same as another's.
    func testACameraModelThatIsNotUTF8IsReadAsLatin1() throws {
        let seed = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Fuzz/exif/model-not-utf8.jpg")
        let camera = try XCTUnwrap(PhotoCaptureDay.captureFacts(inHeader: Data(contentsOf: seed))?.camera)
        XCTAssertFalse(camera.contains("\u{FFFD}"), camera)
        XCTAssertTrue(camera.hasPrefix("Ca\u{FF}\u{FF}"), camera)
        XCTAssertLessThanOrEqual(camera.utf8.count, 64 * 2 + 2)
    }
}
