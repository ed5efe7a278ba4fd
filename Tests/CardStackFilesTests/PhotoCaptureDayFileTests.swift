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
}
