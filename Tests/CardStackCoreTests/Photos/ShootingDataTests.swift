// SPDX-License-Identifier: GPL-3.0-or-later
import XCTest
@testable import CardStackCore

/// The shooting data photographers read: parsed from EXIF's text as exiv2 gives it, garbage shown as missing.
final class ShootingDataTests: XCTestCase {
    private func read(_ tags: [String: String]) -> ShootingData {
        ShootingData(reading: { tags[$0] })
    }

    func testACameraFileReadsAsPhotographersSayIt() {
        let data = read([
            "Exif.Image.Make": "Canon", "Exif.Image.Model": "EOS R6", "Exif.Photo.LensModel": "RF24-105mm F4 L IS USM",
            "Exif.Photo.FocalLength": "50/1", "Exif.Photo.FNumber": "28/10", "Exif.Photo.ExposureTime": "1/250",
            "Exif.Photo.ISOSpeedRatings": "400", "Exif.Photo.DateTimeOriginal": "2024:07:01 10:00:00", "Exif.Photo.SubSecTimeOriginal": "25",
        ])
        XCTAssertEqual(data.camera, "Canon EOS R6")
        XCTAssertEqual(data.lens, "RF24-105mm F4 L IS USM")
        XCTAssertEqual(data.focalLengthText, "50 mm")
        XCTAssertEqual(data.fNumberText, "f/2.8")
        XCTAssertEqual(data.exposureText, "1/250 s")
        XCTAssertEqual(data.isoText, "ISO 400")
        XCTAssertEqual(data.exposureSummary, "50 mm · f/2.8 · 1/250 s · ISO 400")
        XCTAssertEqual(data.captureTime?.fraction ?? 0, 0.25, accuracy: 1e-9)
        XCTAssertEqual(data.captureTime?.hour, 10)
    }

    func testAPhoneGivesItsFullFrameEquivalentAndLongExposuresReadInSeconds() {
        let phone = read(["Exif.Photo.FocalLength": "425/100", "Exif.Photo.FocalLengthIn35mmFilm": "26", "Exif.Photo.ExposureTime": "2/1"])
        XCTAssertEqual(phone.focalLengthText, "4.3 mm (26 mm in 35 mm terms)")
        XCTAssertEqual(phone.exposureText, "2 s")
        XCTAssertEqual(read(["Exif.Photo.ExposureTime": "13/10"]).exposureText, "1.3 s")
        XCTAssertEqual(read(["Exif.Photo.ExposureTime": "1/3"]).exposureText, "1/3 s")
        XCTAssertEqual(read(["Exif.Photo.ExposureTime": "3/10"]).exposureText, "0.3 s")
        XCTAssertEqual(read(["Exif.Photo.ExposureTime": "1/8000"]).exposureText, "1/8000 s")
        XCTAssertEqual(read(["Exif.Photo.ISOSpeedRatings": "800 800"]).iso, 800, "a repeated value counts once")
    }

    func testGarbageIsMissingNeverShown() {
        let garbage = read([
            "Exif.Image.Model": String(repeating: "X", count: 5_000), "Exif.Photo.LensModel": "  \u{0}\u{1} ",
            "Exif.Photo.FocalLength": "0/0", "Exif.Photo.FNumber": "0/1", "Exif.Photo.ExposureTime": "-1/250",
            "Exif.Photo.ISOSpeedRatings": "-5", "Exif.Photo.DateTimeOriginal": "0000:00:00 00:00:00",
            "Exif.Photo.FocalLengthIn35mmFilm": "1e400",
        ])
        XCTAssertTrue(garbage.isEmpty, "\(garbage)")
        XCTAssertNil(read(["Exif.Photo.FNumber": "1/0"]).fNumber)
        XCTAssertNil(read(["Exif.Photo.ExposureTime": "nan"]).exposureTime)
        XCTAssertNil(read(["Exif.Photo.FNumber": "4/1/1"]).fNumber)
        XCTAssertEqual(read(["Exif.Image.Make": "NIKON CORPORATION", "Exif.Image.Model": "NIKON D850"]).camera, "NIKON D850")
    }

    func testCaptureTimesOrderToTheFractionOfASecond() throws {
        let first = try XCTUnwrap(CaptureTime(exif: "2024:07:01 10:00:00", subSeconds: "05"))
        let second = try XCTUnwrap(CaptureTime(exif: "2024:07:01 10:00:00", subSeconds: "5"))
        let nextDay = try XCTUnwrap(CaptureTime(exif: "2024:07:02 00:00:00"))
        XCTAssertLessThan(first, second, "0.05 s before 0.5 s")
        XCTAssertLessThan(second, nextDay)
        XCTAssertEqual(nextDay.secondsSinceEpoch - first.secondsSinceEpoch, 50_399.95, accuracy: 1e-3)
        XCTAssertEqual(try XCTUnwrap(CaptureTime(exif: "2024:03:01 00:00:00")).secondsSinceEpoch
                       - XCTUnwrap(CaptureTime(exif: "2024:02:28 00:00:00")).secondsSinceEpoch, 2 * 86_400, "2024 is a leap year")
        for bad in ["2023:02:29 10:00:00", "2024:13:01 10:00:00", "2024:07:01 25:00:00", "garbage", "", "99999:01:01 00:00:00"] {
            XCTAssertNil(CaptureTime(exif: bad), bad)
        }
        XCTAssertEqual(CaptureTime(exif: "2024:07:01 10:00:00", subSeconds: "x1")?.fraction, 0, "a sub-second tag that is not digits is left out")
    }
}
