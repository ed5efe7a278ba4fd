// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import XCTest
@testable import CardStackCore

/// A phone's folder: Live Photos (a still and its motion, one card taking both files), and videos as cards.
final class PhoneFilesTests: XCTestCase {
    func testAStillAndAVideoOfOneNameAreOneLivePhoto() {
        let names = ["IMG_0100.HEIC", "IMG_0100.MOV", "IMG_0101.JPG", "IMG_0101.MP4", "IMG_0102.MOV", "img_0103.mov", "IMG_0103.HEIC",
                     "IMG_0104.PNG", "IMG_0104.MOV", "VID_0200.mp4"]
        let photos = PhotoPairs.pair(names) { $0 }
        XCTAssertEqual(photos.map(\.shown), ["IMG_0100.HEIC", "IMG_0101.JPG", "IMG_0102.MOV", "img_0103.mov", "IMG_0103.HEIC", "IMG_0104.PNG",
                                             "IMG_0104.MOV", "VID_0200.mp4"], "a Live Photo's motion is no card of its own")
        XCTAssertEqual(photos.map(\.motion), ["IMG_0100.MOV", "IMG_0101.MP4", nil, nil, nil, nil, nil, nil],
                       "names pair in the same case only, and only with a still a phone writes (not a PNG screenshot)")
    }

    /// Two videos of one still: the first in name order is its motion, whatever the listing's order; a RAW+JPEG
    /// pair with a motion takes all three; files in different folders never pair.
    func testOneMotionPairsAndAPairCanHaveOne() {
        for names in [["A.HEIC", "A.MP4", "A.MOV"], ["A.MP4", "A.MOV", "A.HEIC"]] {
            let photos = PhotoPairs.pair(names) { $0 }
            XCTAssertEqual(Set(photos.map(\.shown)), ["A.HEIC", "A.MP4"])
            XCTAssertEqual(photos.first { $0.shown == "A.HEIC" }?.motion, "A.MOV")
        }
        let all = PhotoPairs.pair(["B.DNG", "B.JPG", "B.MOV"]) { $0 }
        XCTAssertEqual(all.count, 1)
        XCTAssertEqual(all.first?.raw, "B.DNG")
        XCTAssertEqual(all.first?.motion, "B.MOV")
        XCTAssertTrue(PhotoPairs.pair(["100APPLE/C.HEIC", "101APPLE/C.MOV"]) { $0 }.allSatisfy { $0.motion == nil })
    }

    func testALivePhotoCardTakesBothFilesButDescribesOnlyItsStill() throws {
        let day = Date(timeIntervalSince1970: 1_700_000_000)  // 14 Nov 2023
        let folder = URL(fileURLWithPath: "/media/phone")
        let deck = try ImageFolderDeck.deck(folder: folder, listed: [
            ImageFolderDeck.Entry(name: "IMG_0100.HEIC", size: 10, modified: day),
            ImageFolderDeck.Entry(name: "IMG_0100.MOV", size: 300, modified: day),
            ImageFolderDeck.Entry(name: "VID_0200.MP4", size: 900, modified: day),
        ])
        XCTAssertEqual(deck.cards.map(\.title), ["IMG_0100.HEIC", "VID_0200.MP4"])
        XCTAssertEqual(deck.cards[0].filePaths, ["/media/phone/IMG_0100.HEIC", "/media/phone/IMG_0100.MOV"], "trash, copy and move take both")
        XCTAssertEqual(deck.cards[0].photoPaths, ["/media/phone/IMG_0100.HEIC"], "a sidecar describes the still")
        XCTAssertEqual(deck.cards[0].motionPath, "/media/phone/IMG_0100.MOV")
        XCTAssertTrue(deck.cards[0].isLivePhoto)
        XCTAssertFalse(deck.cards[0].isVideo)
        XCTAssertTrue(deck.cards[1].isVideo)
        XCTAssertFalse(deck.cards[1].isLivePhoto)
        XCTAssertEqual(deck.cards[1].imagePath, "/media/phone/VID_0200.MP4", "a video shows its poster frame")
        XCTAssertEqual(deck.cards[0].id, try ImageFolderDeck.deck(folder: folder, listed: [
            ImageFolderDeck.Entry(name: "IMG_0100.HEIC", size: 10, modified: day),
        ]).cards[0].id, "a Live Photo is its still's card: decisions made before the motion was copied hold")
    }

    func testVideosAreToldByTheirExtensionInAnyCase() {
        for name in ["a.mp4", "b.MOV", "c.m4v", "d.mkv", "e.WebM", "f.3gp", "/phone/DCIM/g.Mp4"] {
            XCTAssertTrue(VideoFormat.isVideo(name), name)
        }
        for name in ["a.jpg", "mp4", ".mp4/readme", "a.mp4.xmp", "movie"] {
            XCTAssertFalse(VideoFormat.isVideo(name), name)
        }
    }

    func testAVideosLengthIsWholeSecondsRoundedUp() {
        XCTAssertNil(VideoLength.text(microseconds: 0), "a stream that gives no length")
        XCTAssertNil(VideoLength.text(microseconds: -1))
        XCTAssertEqual(VideoLength.text(microseconds: 400_000), "0:01", "never 0:00")
        XCTAssertEqual(VideoLength.text(microseconds: 2_200_000), "0:03")
        XCTAssertEqual(VideoLength.text(microseconds: 3_000_000), "0:03")
        XCTAssertEqual(VideoLength.text(microseconds: 60_000_000), "1:00")
        XCTAssertEqual(VideoLength.text(microseconds: 760_000_000), "12:40")
        XCTAssertEqual(VideoLength.text(microseconds: 3_723_000_000), "1:02:03")
    }
}
