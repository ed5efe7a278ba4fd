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

    /// The camera body a burst is grouped by: the model, with the body's serial number where the camera writes one
    /// (exiftool writes both as a camera does, the model in IFD0 and the serial in the EXIF IFD).
    func testTheCameraIsItsModelAndItsBodysSerialNumber() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/exiftool"), FileManager.default.isExecutableFile(atPath: "/usr/bin/convert") else {
            throw XCTSkip("needs exiftool and ImageMagick (make check installs them)")
        }
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let photo = folder.url.appendingPathComponent("IMG_0001.jpg")
        XCTAssertEqual(Self.run("/usr/bin/convert", ["-size", "64x48", "gradient:red-blue", photo.path]), 0)
        XCTAssertEqual(Self.run("/usr/bin/exiftool", ["-q", "-overwrite_original", "-Model=Canon EOS R6 ", "-DateTimeOriginal=2024:07:01 10:00:00",
                                                      "-SubSecTimeOriginal=25", photo.path]), 0)
        XCTAssertEqual(PhotoCaptureDay.captureFacts(ofFileAt: photo.path),
                       CaptureFacts(time: CaptureTime(exif: "2024:07:01 10:00:00", subSeconds: "25"), camera: "Canon EOS R6"))
        XCTAssertEqual(Self.run("/usr/bin/exiftool", ["-q", "-overwrite_original", "-SerialNumber=032021001234", photo.path]), 0)
        XCTAssertEqual(PhotoCaptureDay.captureFacts(ofFileAt: photo.path)?.camera, "Canon EOS R6 #032021001234", "two bodies of one model are two cameras")
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
