// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import XCTest
@testable import CardStackCore

/// Which files are camera RAWs, by name and by content; RAW+JPEG pairs; what a photo card says.
final class PhotoFilesTests: XCTestCase {
    private func bytes(_ text: String, after prefix: [UInt8] = []) -> [UInt8] { prefix + Array(text.utf8) }

    func testRawsWithASignatureAreRecognisedWhateverTheirName() {
        let cr2: [UInt8] = [0x49, 0x49, 0x2A, 0x00, 0x10, 0, 0, 0] + bytes("CR") + [0x02, 0x00]
        let cr3: [UInt8] = [0x00, 0x00, 0x00, 0x18] + bytes("ftypcrx ") + [0, 0, 0, 1]
        let crw: [UInt8] = [0x49, 0x49, 0x1A, 0x00, 0x00, 0x00] + bytes("HEAPCCDR")
        let raf = bytes("FUJIFILMCCD-RAW 0201")
        let orf = bytes("IIRO") + [0x08, 0, 0, 0]
        let rw2: [UInt8] = [0x49, 0x49, 0x55, 0x00, 0x08, 0, 0, 0]
        for header: [UInt8] in [cr2, cr3, crw, raf, orf, rw2] {
            XCTAssertTrue(RawFormat.isRaw(header: header, fileExtension: "jpg"), "\(header.prefix(8)) named .jpg")
            XCTAssertTrue(RawFormat.isRaw(header: header, fileExtension: ""))
        }
    }

    /// NEF, ARW, DNG and the rest start as any TIFF does: their name tells them from a TIFF picture.
    func testATIFFStructuredRawIsToldByItsName() {
        let littleTIFF: [UInt8] = [0x49, 0x49, 0x2A, 0x00, 0x08, 0, 0, 0]
        let bigTIFF: [UInt8] = [0x4D, 0x4D, 0x00, 0x2A, 0, 0, 0, 0x08]
        for name in ["NEF", "arw", "Dng", "pef", "srw", "nrw"] {
            XCTAssertTrue(RawFormat.isRaw(header: littleTIFF, fileExtension: name), name)
            XCTAssertTrue(RawFormat.isRaw(header: bigTIFF, fileExtension: name), name)
        }
        XCTAssertFalse(RawFormat.isRaw(header: littleTIFF, fileExtension: "tif"), "a TIFF picture is decoded as one")
        XCTAssertFalse(RawFormat.isRaw(header: littleTIFF, fileExtension: "tiff"))
    }

    /// A name can lie: a JPEG or PNG saved as `.CR2` decodes as what it is; a short or empty file is no RAW.
    func testAPictureNamedLikeARawIsNotOne() {
        XCTAssertFalse(RawFormat.isRaw(header: [0xFF, 0xD8, 0xFF, 0xE1, 0, 0x10], fileExtension: "CR2"))
        XCTAssertFalse(RawFormat.isRaw(header: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], fileExtension: "nef"))
        XCTAssertFalse(RawFormat.isRaw(header: [], fileExtension: "cr3"))
        XCTAssertFalse(RawFormat.isRaw(header: [0x49, 0x49], fileExtension: "nef"))
        XCTAssertTrue(RawFormat.hasRawExtension("CR3"))
        XCTAssertFalse(RawFormat.hasRawExtension("jpg"))
    }

    func testARawAndAJPEGOfOneNameAreOnePhoto() {
        let names = ["IMG_0002.JPG", "IMG_0001.CR2", "IMG_0001.JPG", "IMG_0003.CR2", "IMG_0004.jpeg", "IMG_0004.NEF",
                     "img_0005.cr2", "IMG_0005.JPG", "notes.txt"]
        let photos = PhotoPairs.pair(names) { $0 }
        XCTAssertEqual(photos.map(\.shown), ["IMG_0002.JPG", "IMG_0001.JPG", "IMG_0003.CR2", "IMG_0004.jpeg", "img_0005.cr2", "IMG_0005.JPG", "notes.txt"],
                       "a paired RAW is no card of its own; the listing's order is kept")
        XCTAssertEqual(photos.map(\.raw), [nil, "IMG_0001.CR2", nil, "IMG_0004.NEF", nil, nil, nil],
                       "names pair in the same case only, as cameras write them")
    }

    /// Two RAWs of one name (a CR2 and the DNG made from it): the first in name order pairs, whatever the
    /// listing's order, and the other is a card of its own. Files in different folders never pair.
    func testOnlyOneRawPairsAndOnlyInItsFolder() {
        for names in [["A.JPG", "A.DNG", "A.CR2"], ["A.CR2", "A.JPG", "A.DNG"]] {
            let photos = PhotoPairs.pair(names) { $0 }
            XCTAssertEqual(Set(photos.map(\.shown)), ["A.JPG", "A.DNG"])
            XCTAssertEqual(photos.first { $0.shown == "A.JPG" }?.raw, "A.CR2")
        }
        let apart = PhotoPairs.pair(["100CANON/A.JPG", "101CANON/A.CR2"]) { $0 }
        XCTAssertTrue(apart.allSatisfy { $0.raw == nil })
        XCTAssertEqual(PhotoPairs.pair([".CR2", ".JPG"]) { $0 }.count, 2, "names that are only an extension do not pair")
    }

    func testAPhotoCardSaysItsSubfolderAndPairAndTakesBothFiles() throws {
        let day = Date(timeIntervalSince1970: 1_700_000_000)  // 14 Nov 2023
        let folder = URL(fileURLWithPath: "/media/card")
        let deck = try ImageFolderDeck.deck(folder: folder, listed: [
            ImageFolderDeck.Entry(name: "DCIM/100CANON/IMG_2.JPG", size: 10, modified: day),
            ImageFolderDeck.Entry(name: "DCIM/100CANON/IMG_2.CR3", size: 30, modified: day),
            ImageFolderDeck.Entry(name: "top.jpg", size: 5, modified: day),
        ])
        XCTAssertEqual(deck.cards.map(\.title), ["IMG_2.JPG", "top.jpg"])
        XCTAssertEqual(deck.cards.map(\.subtitle), ["DCIM/100CANON · RAW+JPEG · 14 Nov 2023", "14 Nov 2023"])
        XCTAssertEqual(deck.cards[0].filePaths, ["/media/card/DCIM/100CANON/IMG_2.JPG", "/media/card/DCIM/100CANON/IMG_2.CR3"])
        XCTAssertEqual(deck.cards[0].imagePath, "/media/card/DCIM/100CANON/IMG_2.JPG", "the pair shows its JPEG")
        XCTAssertFalse(deck.cards[1].isRawJPEGPair)
        let unpaired = try ImageFolderDeck.deck(folder: folder, listed: [
            ImageFolderDeck.Entry(name: "IMG_2.JPG", size: 10, modified: day), ImageFolderDeck.Entry(name: "IMG_2.CR3", size: 30, modified: day),
        ], pairsRawWithJPEG: false)
        XCTAssertEqual(unpaired.cards.map(\.title), ["IMG_2.CR3", "IMG_2.JPG"])
        XCTAssertEqual(deck.cards[0].id, try ImageFolderDeck.deck(folder: folder, listed: [
            ImageFolderDeck.Entry(name: "DCIM/100CANON/IMG_2.JPG", size: 10, modified: day),
        ]).cards[0].id, "a pair is its JPEG's card: a RAW added later keeps its decision")
    }

    func testTheDayTakenReplacesOnlyTheDayOfASubtitle() {
        XCTAssertEqual(ImageFolderDeck.subtitle("DCIM/100CANON · RAW+JPEG · 14 Nov 2023", redatedTo: "12 May 2021"),
                       "DCIM/100CANON · RAW+JPEG · 12 May 2021")
        XCTAssertEqual(ImageFolderDeck.subtitle("14 Nov 2023", redatedTo: "12 May 2021"), "12 May 2021")
        XCTAssertEqual(PhotoCaptureDay.label(exifDateTime: "2021:05:12 12:21:21"), "12 May 2021")
        XCTAssertNil(PhotoCaptureDay.label(exifDateTime: "0000:00:00 00:00:00"), "cameras write zeros for no date")
        XCTAssertNil(PhotoCaptureDay.label(exifDateTime: "yesterday"))
    }
}
