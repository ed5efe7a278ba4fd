// SPDX-License-Identifier: GPL-3.0-or-later
import XCTest
@testable import CardStackCore

/// A photo deck in the order its photos were taken: subfolders interleaved, bursts to the hundredth, photos that
/// don't say last, and the photo on screen never jumping.
final class CaptureOrderTests: XCTestCase {
    private func time(_ text: String, _ subSeconds: String? = nil) -> CaptureTime {
        CaptureTime(exif: text, subSeconds: subSeconds)!
    }

    func testPhotosAreRankedByTimeToTheHundredthThenByName() {
        let times = [
            0: time("2024:07:02 10:00:00"),
            1: time("2024:07:01 10:00:00", "50"),
            2: time("2024:07:01 10:00:00", "05"),
            4: time("2024:07:01 10:00:00", "50"),
        ]
        let ranks = CaptureOrder.ranks(of: 0..<5, times: times)
        XCTAssertEqual((0..<5).sorted { ranks[$0]! < ranks[$1]! }, [2, 1, 4, 0, 3], "the burst in order, a tie by name, the undated last")
    }

    func testTheFrontCardStaysWhileTheOthersAreReordered() {
        var progress = DeckProgress(cardCount: 5)
        progress.decide(.right) // 0
        let ranks = [1: 3, 2: 2, 3: 1, 4: 0]
        var keeping = progress
        keeping.reorderUpcoming(by: ranks)
        XCTAssertEqual(Array(keeping.upcomingCardIndices), [1, 4, 3, 2], "card 1 is on screen: it stays in front")
        progress.reorderUpcoming(by: ranks, keepingFront: false)
        XCTAssertEqual(Array(progress.upcomingCardIndices), [4, 3, 2, 1])
        XCTAssertEqual(progress.decidedCount, 1, "no decision changes")
        XCTAssertTrue(progress.canUndo)
        progress.undo()
        XCTAssertEqual(progress.frontCardIndex, 0, "undo brings the decided card back to the front")
    }

    /// The sub-second tag is three bytes, held in the IFD entry itself rather than at an offset.
    func testAJPEGsHeaderGivesItsTimeWithTheFraction() throws {
        let header = ExifHeader.jpeg(dateTimeOriginal: "2024:07:01 10:00:00", subSeconds: "25")
        let time = try XCTUnwrap(PhotoCaptureDay.captureTime(inHeader: header))
        XCTAssertEqual(time.fraction, 0.25, accuracy: 1e-9)
        XCTAssertEqual(time.dayText, "1 Jul 2024")
        XCTAssertEqual(PhotoCaptureDay.label(inHeader: header), "1 Jul 2024")
    }
}

/// A minimal JPEG with an EXIF segment: IFD0 pointing to an EXIF IFD holding DateTimeOriginal and
/// SubSecTimeOriginal, little-endian.
enum ExifHeader {
    static func jpeg(dateTimeOriginal: String, subSeconds: String) -> Data {
        var tiff: [UInt8] = [0x49, 0x49, 0x2A, 0x00, 8, 0, 0, 0]
        func u16(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)] }
        func u32(_ value: Int) -> [UInt8] { u16(value & 0xFFFF) + u16(value >> 16) }
        // IFD0 at 8: one entry, the EXIF IFD pointer.
        let exifIFD = 8 + 2 + 12 + 4
        tiff += u16(1) + u16(0x8769) + u16(4) + u32(1) + u32(exifIFD) + u32(0)
        // The EXIF IFD: two entries; the date's 20 bytes after it.
        let dateOffset = exifIFD + 2 + 2 * 12 + 4
        let subSecondBytes = Array(subSeconds.utf8) + [0]
        var inline = subSecondBytes
        while inline.count < 4 { inline.append(0) }
        tiff += u16(2)
        tiff += u16(0x9003) + u16(2) + u32(20) + u32(dateOffset)
        tiff += u16(0x9291) + u16(2) + u32(subSecondBytes.count) + inline
        tiff += u32(0)
        tiff += Array(dateTimeOriginal.utf8) + [0]
        let body = Array("Exif".utf8) + [0, 0] + tiff
        return Data([0xFF, 0xD8, 0xFF, 0xE1] + u16(body.count + 2).reversed() + body + [0xFF, 0xDA])
    }
}
