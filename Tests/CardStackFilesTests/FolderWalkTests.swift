// SPDX-License-Identifier: GPL-3.0-or-later
import CardStackTestSupport
import Foundation
import Glibc
import XCTest
@testable import CardStackCore
@testable import CardStackFiles

/// Folders of folders: a camera card's layout, hidden folders, link loops, a subfolder nobody may read.
final class FolderWalkTests: XCTestCase {
    private var folder: TemporaryFolder?

    override func tearDown() {
        if let folder { chmod(folder.url.appendingPathComponent("locked").path, 0o755) }
        folder?.remove()
        super.tearDown()
    }

    /// A folder holding `files` (relative paths; their folders are made), each a few bytes.
    private func makeFolder(_ files: [String]) throws -> TemporaryFolder {
        let folder = try TemporaryFolder(named: "Card")
        self.folder = folder
        for file in files {
            let url = folder.url.appendingPathComponent(file)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("x".utf8).write(to: url)
        }
        return folder
    }

    func testACameraCardOpensWithItsSubfoldersAndEachCardSaysWhere() throws {
        let folder = try makeFolder(["DCIM/100CANON/IMG_0001.CR2", "DCIM/100CANON/IMG_0001.JPG", "DCIM/100CANON/IMG_0002.JPG",
                                     "DCIM/101CANON/IMG_0001.JPG", "MISC/AUTPRINT.MRK", ".Trash-1000/files/old.jpg", "DCIM/.thumbs/t.jpg"])
        let flat = try? FolderDeck.load(folder: folder.url, imageExtensions: ["jpg"])
        XCTAssertNil(flat, "without subfolders a camera card has no photo at its top")
        let deck = try FolderDeck.load(folder: folder.url, imageExtensions: ["jpg"], includesSubfolders: true)
        XCTAssertTrue(deck.isPhotoDeck)
        XCTAssertEqual(deck.cards.map(\.title), ["IMG_0001.JPG", "IMG_0002.JPG", "IMG_0001.JPG"])
        XCTAssertEqual(deck.cards.map { $0.subtitle?.split(separator: " · ").dropLast().joined(separator: " · ") },
                       ["DCIM/100CANON · RAW+JPEG", "DCIM/100CANON", "DCIM/101CANON"], "hidden folders are skipped")
        XCTAssertEqual(Set(deck.cards.map(\.id)).count, 3, "one name in two folders is two cards")
        XCTAssertEqual(deck.skippedFolders, 0)
    }

    /// A link back to a folder above (a loop) and a second link to one folder are each listed once and counted.
    func testLinkLoopsAreSkippedWithACount() throws {
        let folder = try makeFolder(["2024/01/a.jpg", "2024/02/b.jpg"])
        XCTAssertEqual(symlink(folder.url.path, folder.url.appendingPathComponent("2024/01/back-to-top").path), 0)
        XCTAssertEqual(symlink(folder.url.appendingPathComponent("2024/02").path, folder.url.appendingPathComponent("february").path), 0)
        let walk = try FolderWalk.walk(folder.url.path, includesSubfolders: true)
        let found = Set(walk.files.map(\.relativePath))
        XCTAssertEqual(walk.files.count, 2, "each photo once, by whichever path reached it first: \(found)")
        XCTAssertTrue(found.contains("2024/01/a.jpg"))
        XCTAssertTrue(found.contains("2024/02/b.jpg") || found.contains("february/b.jpg"))
        XCTAssertEqual(walk.skippedFolders, 2)
    }

    /// A subfolder this user may not read is skipped and counted; the rest opens. Run as root, the check takes a
    /// plain user's file-system identity for the walk (root reads every folder).
    func testAnUnreadableSubfolderIsSkippedWithACount() throws {
        let folder = try makeFolder(["a.jpg", "locked/b.jpg", "open/c.jpg"])
        XCTAssertEqual(chmod(folder.url.appendingPathComponent("locked").path, 0), 0)
        let walk = try FileSystemIdentity.asPlainUser { try FolderWalk.walk(folder.url.path, includesSubfolders: true) }
        XCTAssertEqual(walk.files.map(\.relativePath).sorted(), ["a.jpg", "open/c.jpg"])
        XCTAssertEqual(walk.skippedFolders, 1)
    }

    /// A phone import of 10,000 photos in 200 folders is a deck of 10,000 cards, each saying its folder; only the
    /// listing is read (the files are empty: nothing is decoded to open the deck).
    func testTenThousandPhotosInTwoHundredFoldersAreOneDeck() throws {
        let folder = try TemporaryFolder(named: "Import")
        self.folder = folder
        for month in 0..<200 {
            let sub = folder.url.appendingPathComponent(String(format: "%04d/%02d", 2000 + month / 12, month % 12 + 1))
            try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true)
            for photo in 0..<50 {
                XCTAssertTrue(FileManager.default.createFile(atPath: sub.appendingPathComponent("IMG_\(photo).jpg").path, contents: nil))
            }
        }
        let deck = try FolderDeck.load(folder: folder.url, imageExtensions: ["jpg"], includesSubfolders: true)
        XCTAssertEqual(deck.cards.count, 10_000)
        XCTAssertEqual(Set(deck.cards.map(\.id)).count, 10_000)
        XCTAssertTrue(deck.cards[0].subtitle?.hasPrefix("2000/01 · ") == true, deck.cards[0].subtitle ?? "")
        XCTAssertTrue(deck.cards[9_999].subtitle?.hasPrefix("2016/08 · ") == true, deck.cards[9_999].subtitle ?? "")
    }

    func testWithoutSubfoldersOnlyTheFolderIsListed() throws {
        let folder = try makeFolder(["a.jpg", "sub/b.jpg"])
        let walk = try FolderWalk.walk(folder.url.path, includesSubfolders: false)
        XCTAssertEqual(walk.files.map(\.relativePath), ["a.jpg"])
        XCTAssertEqual(walk.skippedFolders, 0)
        XCTAssertThrowsError(try FolderWalk.walk(folder.url.appendingPathComponent("missing").path, includesSubfolders: true))
    }
}
