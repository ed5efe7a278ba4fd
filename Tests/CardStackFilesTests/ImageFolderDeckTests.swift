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

        let deck = try FolderDeck.load(folder: folder.url, imageExtensions: ["jpg", "jpeg", "png"])
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
        let deck = try FolderDeck.load(folder: folder.url, imageExtensions: ["jpg"])
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
        let deck = try FolderDeck.load(folder: folder.url, imageExtensions: ["png"])
        XCTAssertEqual(deck.cards.first?.subtitle, "21 Nov 2026")
    }

    func testIDsComeFromNameAndSizeAndSurviveNewFiles() throws {
        let folder = try makeFolder(["b.jpg", "c.jpg"], sizes: [10, 20])
        let before = try FolderDeck.load(folder: folder.url, imageExtensions: ["jpg"])
        XCTAssertEqual(before.cards.map(\.id), [
            CardIdentity.imageID(relativePath: "b.jpg", fileSize: 10),
            CardIdentity.imageID(relativePath: "c.jpg", fileSize: 20),
        ])
        try folder.write(Data(count: 5), to: "a.jpg")
        let after = try FolderDeck.load(folder: folder.url, imageExtensions: ["jpg"])
        XCTAssertEqual(after.cards.map(\.title), ["a.jpg", "b.jpg", "c.jpg"])
        XCTAssertEqual(Array(after.cards.map(\.id).dropFirst()), before.cards.map(\.id))
    }

    func testExtensionsMayBeGivenWithDotsOrCapitals() throws {
        let folder = try makeFolder(["a.PNG", "b.webp"])
        let deck = try FolderDeck.load(folder: folder.url, imageExtensions: [".png", "WEBP"])
        XCTAssertEqual(deck.cards.map(\.title), ["a.PNG", "b.webp"])
    }

    func testAFolderOfOtherFilesIsADeckOfItsFilesWithTheirSizesAndThumbnails() throws {
        let folder = try makeFolder(["report.pdf", "notes.txt", "photo.png", ".hidden.png"], sizes: [2_300_000, 532, 10, 1])
        let cache = try TemporaryFolder()
        defer { cache.remove() }
        let day = Date(timeIntervalSince1970: 1_795_262_400)  // 2026-11-21 12:00 UTC.
        let report = folder.url.standardizedFileURL.appendingPathComponent("report.pdf").path
        try FileManager.default.setAttributes([.modificationDate: day], ofItemAtPath: report)
        // The desktop's thumbnail of the report, current (its Thumb::MTime is the file's), in the large size.
        let thumbnails = DesktopThumbnails(environment: ["XDG_CACHE_HOME": cache.url.path])
        let name = MD5.hex(of: Array(DesktopThumbnails.uri(of: report).utf8)) + ".png"
        try FileManager.default.createDirectory(at: cache.url.appendingPathComponent("thumbnails/large"), withIntermediateDirectories: true)
        try cache.write(Self.png(mtime: "1795262400"), to: "thumbnails/large/" + name)

        let deck = try FolderDeck.load(folder: folder.url, imageExtensions: ["png"], thumbnails: thumbnails)
        XCTAssertFalse(deck.isPhotoDeck, "one image of three files is not a folder of photos")
        XCTAssertEqual(deck.cards.map(\.title), ["notes.txt", "photo.png", "report.pdf"])
        XCTAssertEqual(deck.cards.map { $0.subtitle?.components(separatedBy: " · ").first }, ["532 bytes", "10 bytes", "2.3 MB"])
        XCTAssertEqual(deck.cards[2].subtitle, "2.3 MB · 21 Nov 2026")
        XCTAssertEqual(deck.cards.map(\.filePath), deck.cards.map { folder.url.standardizedFileURL.path + "/" + $0.title })
        XCTAssertNil(deck.cards[0].imagePath, "no thumbnail: the window shows its type's icon")
        XCTAssertEqual(deck.cards[1].imagePath, deck.cards[1].filePath, "an image is its own picture")
        XCTAssertEqual(deck.cards[2].imagePath, cache.url.appendingPathComponent("thumbnails/large/" + name).path)

        // A thumbnail of the file as it was before an edit is not its picture any more.
        try FileManager.default.setAttributes([.modificationDate: day.addingTimeInterval(60)], ofItemAtPath: report)
        XCTAssertNil(try FolderDeck.load(folder: folder.url, imageExtensions: ["png"], thumbnails: thumbnails).cards[2].imagePath)
    }

    func testAFileNamedWithOnlyWhiteSpaceIsACardThatShowsSomething() throws {
        let folder = try makeFolder(["\n", "   ", "a.txt"])
        let deck = try FolderDeck.load(folder: folder.url, imageExtensions: ["png"])
        XCTAssertEqual(deck.cards.map(\.title).sorted(), ["a.txt", "“   ”", "“␊”"])
    }

    func testAnEmptyFolderSaysSo() throws {
        let folder = try makeFolder([".hidden.png"])
        XCTAssertThrowsError(try FolderDeck.load(folder: folder.url, imageExtensions: ["png", "jpg"])) { error in
            XCTAssertEqual(error as? DeckLoadError, .emptyFolder(folder: "Photos"))
            XCTAssertEqual((error as? DeckLoadError)?.description, "“Photos” has no files")
        }
    }

    func testThumbnailNamesFollowTheStandard() {
        XCTAssertEqual(MD5.hex(of: []), "d41d8cd98f00b204e9800998ecf8427e")
        XCTAssertEqual(MD5.hex(of: Array("The quick brown fox jumps over the lazy dog".utf8)), "9e107d9d372bb6826bd81d3542a419d6")
        XCTAssertEqual(DesktopThumbnails.uri(of: "/home/me/My Photos/été #1.jpg"), "file:///home/me/My%20Photos/%C3%A9t%C3%A9%20%231.jpg")
    }

    /// The first bytes of a PNG with a `Thumb::MTime` text chunk, as thumbnailers write them.
    private static func png(mtime: String) -> Data {
        var data = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        func chunk(_ type: String, _ body: [UInt8]) {
            let length = UInt32(body.count)
            data.append(contentsOf: [UInt8(length >> 24), UInt8(length >> 16 & 0xFF), UInt8(length >> 8 & 0xFF), UInt8(length & 0xFF)])
            data.append(contentsOf: Array(type.utf8) + body + [0, 0, 0, 0])
        }
        chunk("IHDR", [0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0])
        chunk("tEXt", Array("Thumb::URI".utf8) + [0] + Array("file:///x".utf8))
        chunk("tEXt", Array("Thumb::MTime".utf8) + [0] + Array(mtime.utf8))
        chunk("IEND", [])
        return data
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
