// SPDX-License-Identifier: GPL-3.0-or-later
import CardStackTestSupport
import Foundation
import XCTest
import CardStackCore
@testable import CardStackFiles

/// A photo's capture day read from its file: only its first bytes, and nothing for a file that isn't there.
final class PhotoCaptureDayFileTests: XCTestCase {
    private func jpeg(_ segment: Data) -> Data {
        Data([0xFF, 0xD8]) + segment + Data([0xFF, 0xDA, 0x00, 0x02, 0x11, 0x22])
    }

    func testReadsAFile() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let file = try folder.write(jpeg(ExifSegment.app1(orientation: 1, dateTimeOriginal: "2020:02:29 08:00:00")), to: "leap.jpg")
        XCTAssertEqual(PhotoCaptureDay.label(ofFileAt: file.path), "29 Feb 2020")
        XCTAssertNil(PhotoCaptureDay.label(ofFileAt: folder.url.appendingPathComponent("missing.jpg").path))
    }

    /// A phone's HEIC is dated by its EXIF, as exiv2 and exiftool read it, not by the day the file was copied:
    /// the file is made as a phone would, by libheif's encoder from a JPEG with the date.
    func testAHEICIsDatedByItsExif() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/heif-enc"), FileManager.default.isExecutableFile(atPath: "/usr/bin/convert") else {
            throw XCTSkip("needs heif-enc and ImageMagick (make check installs them)")
        }
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let plain = folder.url.appendingPathComponent("plain.jpg")
        XCTAssertEqual(Self.run("/usr/bin/convert", ["-size", "64x48", "gradient:red-blue", plain.path]), 0)
        let dated = try folder.write(ExifSegment.inserting(ExifSegment.app1(orientation: 1, dateTimeOriginal: "2021:07:14 09:30:00"),
                                                           into: Data(contentsOf: plain)), to: "dated.jpg")
        let heic = folder.url.appendingPathComponent("IMG_0001.HEIC")
        XCTAssertEqual(Self.run("/usr/bin/heif-enc", ["-q", "50", "-o", heic.path, dated.path]), 0)
        XCTAssertEqual(PhotoCaptureDay.label(ofFileAt: heic.path), "14 Jul 2021")
        XCTAssertEqual(PhotoCaptureDay.captureTime(ofFileAt: heic.path)?.text, "14 Jul 2021, 09:30:00")
    }

    private static func run(_ tool: String, _ arguments: [String]) -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return -1 }
        process.waitUntilExit()
        return process.terminationStatus
    }
}
