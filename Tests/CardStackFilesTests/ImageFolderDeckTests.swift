// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Glibc
import CardStackTestSupport
import XCTest
@testable import CardStackCore
@testable import CardStackFiles

final class ImageFolderDeckTests: XCTestCase {
    private var folder: TemporaryFolder?

    override func tearDown() {
        folder?.remove()
        super.tearDown()
    }

    /// A folder named "Photos" holding files of the given names, each `size` bytes (by default its index + 1).
    private func makeFolder(_ names: [String], sizes: [Int]? = nil) throws -> TemporaryFolder {
        let folder = try TemporaryFolder(named: "Photos")
        self.folder = folder
        for (index, name) in names.enumerated() {
            // The content need not be an image: listing the folder never reads it.
            try folder.write(Data(repeating: 0xFF, count: sizes?[index] ?? index + 1), to: name)
        }
        return folder
    }

    func testOneCardPerImageInNaturalOrder() throws {
        let folder = try makeFolder(["IMG_10.jpg", "IMG_2.JPG", "img_1.png", "notes.txt", ".hidden.jpg", "IMG_9.jpeg"])
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("IMG_3.jpg"), withIntermediateDirectories: false)
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("sub"), withIntermediateDirectories: false)
        try folder.write("x", to: "sub/IMG_4.jpg")

        let deck = try ImageFolderDeck.load(folder: folder.url, imageExtensions: ["jpg", "jpeg", "png"])
        XCTAssertEqual(deck.cards.map(\.title), ["img_1.png", "IMG_2.JPG", "IMG_9.jpeg", "IMG_10.jpg"])
        XCTAssertEqual(deck.title, "Photos")
        XCTAssertTrue(deck.isPhotoDeck)
        XCTAssertEqual(deck.source, folder.url.standardizedFileURL)
        let folderPath = folder.url.standardizedFileURL.path
        XCTAssertEqual(deck.cards.map(\.imagePath), deck.cards.map { folderPath + "/" + $0.title })
        XCTAssertTrue(deck.cards.allSatisfy { $0.color == nil && $0.body == nil })
        XCTAssertEqual(Set(deck.cards.map(\.id)).count, 4)
    }

    /// A photo whose name isn't UTF-8 (Latin-1 "caf\xE9.jpg" from an old camera) is a card like any other: its
    /// path keeps the byte, its title shows U+FFFD, and a name differing only in that byte is another card
    /// (it was left out).
    func testAPhotoWithANameThatIsNotUTF8IsACard() throws {
        let folder = try makeFolder(["ok.jpg"])
        let latin1 = try folder.write(Data("é".utf8), toNameBytes: Array("caf".utf8) + [0xE9] + Array(".jpg".utf8))
        try folder.write(Data("è!".utf8), toNameBytes: Array("caf".utf8) + [0xE8] + Array(".jpg".utf8))
        let deck = try ImageFolderDeck.load(folder: folder.url, imageExtensions: ["jpg"])
        XCTAssertEqual(deck.cards.map(\.title), ["caf\u{FFFD}.jpg", "caf\u{FFFD}.jpg", "ok.jpg"])
        XCTAssertEqual(Set(deck.cards.map(\.id)).count, 3)
        let paths = deck.cards.compactMap(\.imagePath).map(FileNameEncoding.fileSystemRepresentation(of:))
        XCTAssertTrue(paths.contains(latin1), "the card's path names the file's own bytes")
        for path in paths {
            XCTAssertEqual(access(path, R_OK), 0, "every card's picture can be opened by its path")
        }
    }

    func testSubtitleIsTheModificationDay() throws {
        let folder = try makeFolder(["a.png"])
        let day = Date(timeIntervalSince1970: 1_795_262_400)  // 2026-11-21 12:00 UTC.
        try FileManager.default.setAttributes([.modificationDate: day], ofItemAtPath: folder.url.appendingPathComponent("a.png").path)
        let deck = try ImageFolderDeck.load(folder: folder.url, imageExtensions: ["png"])
        XCTAssertEqual(deck.cards.first?.subtitle, "21 Nov 2026")
    }

    func testIDsComeFromNameAndSizeAndSurviveNewFiles() throws {
        let folder = try makeFolder(["b.jpg", "c.jpg"], sizes: [10, 20])
        let before = try ImageFolderDeck.load(folder: folder.url, imageExtensions: ["jpg"])
        XCTAssertEqual(before.cards.map(\.id), [
            CardIdentity.imageID(relativePath: "b.jpg", fileSize: 10),
            CardIdentity.imageID(relativePath: "c.jpg", fileSize: 20),
        ])
        try folder.write(Data(count: 5), to: "a.jpg")
        let after = try ImageFolderDeck.load(folder: folder.url, imageExtensions: ["jpg"])
        XCTAssertEqual(after.cards.map(\.title), ["a.jpg", "b.jpg", "c.jpg"])
        XCTAssertEqual(Array(after.cards.map(\.id).dropFirst()), before.cards.map(\.id))
    }

    func testExtensionsMayBeGivenWithDotsOrCapitals() throws {
        let folder = try makeFolder(["a.PNG", "b.webp"])
        let deck = try ImageFolderDeck.load(folder: folder.url, imageExtensions: [".png", "WEBP"])
        XCTAssertEqual(deck.cards.map(\.title), ["a.PNG", "b.webp"])
    }

    func testFolderWithoutImagesNamesFolderAndExtensions() throws {
        let folder = try makeFolder(["notes.txt", ".hidden.png"])
        XCTAssertThrowsError(try ImageFolderDeck.load(folder: folder.url, imageExtensions: ["png", "jpg"])) { error in
            XCTAssertEqual(error as? DeckLoadError, .noImages(folder: "Photos", extensions: ["jpg", "png"]))
            XCTAssertEqual((error as? DeckLoadError)?.description, "No images in “Photos” (looked for .jpg, .png)")
        }
    }

    func testLongExtensionListsTrailOff() {
        let error = DeckLoadError.noImages(folder: "P", extensions: ["tiff", "png", "bmp", "jpg", "gif", "webp", "avif", "jpeg"])
        XCTAssertEqual(error.description, "No images in “P” (looked for .jpg, .jpeg, .png, .webp, .gif, .avif, …)")
    }

    // MARK: Natural order and days

    func testNaturalSortKeyOrder() {
        let names = ["b", "A10", "a2", "a02", "A2", "a", "a1b", "a1", "10", "9"]
        let sorted = names.sorted { NaturalSortKey($0) < NaturalSortKey($1) }
        XCTAssertEqual(sorted, ["9", "10", "a", "a1", "a1b", "A2", "a02", "a2", "A10", "b"])
    }

    func testDayLabelIsFixedEnglishUTC() {
        XCTAssertEqual(DayLabel.text(for: Date(timeIntervalSince1970: 0)), "1 Jan 1970")
        XCTAssertEqual(DayLabel.text(for: Date(timeIntervalSince1970: -1)), "31 Dec 1969")
        XCTAssertEqual(DayLabel.text(for: Date(timeIntervalSince1970: 951_782_400)), "29 Feb 2000")
        XCTAssertEqual(DayLabel.text(for: Date(timeIntervalSince1970: 1_795_305_599)), "21 Nov 2026")
    }
}
