// SPDX-License-Identifier: GPL-3.0-or-later
import CardStackCore
import CardStackTestSupport
import Foundation
import Glibc
import XCTest
@testable import CardStackFiles

/// Files brought back from a freedesktop.org trash laid out as GLib writes it.
final class TrashRestoreTests: XCTestCase {
    private var folder: TemporaryFolder?

    override func tearDown() {
        folder?.remove()
        super.tearDown()
    }

    /// A home with a trash (`data/Trash`) and a photo folder; `trash(name, from:)` puts a file there as
    /// `g_file_trash` does.
    private func makeHome() throws -> (home: URL, photos: URL, environment: [String: String]) {
        let made = try TemporaryFolder(named: "home")
        folder = made
        let photos = made.url.appendingPathComponent("Photos")
        for path in ["data/Trash/files", "data/Trash/info", "Photos"] {
            try FileManager.default.createDirectory(at: made.url.appendingPathComponent(path), withIntermediateDirectories: true)
        }
        return (made.url, photos, ["XDG_DATA_HOME": made.url.appendingPathComponent("data").path, "HOME": made.url.path])
    }

    private func trash(_ contents: String, as trashedName: String, from original: String, at date: String, home: URL) throws {
        let trash = home.appendingPathComponent("data/Trash")
        try Data(contents.utf8).write(to: trash.appendingPathComponent("files/\(trashedName)"))
        let encoded = original.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? original
        try Data("[Trash Info]\nPath=\(encoded)\nDeletionDate=\(date)\n".utf8).write(to: trash.appendingPathComponent("info/\(trashedName).trashinfo"))
    }

    func testTheNewestTrashedFileComesBackToItsPlace() throws {
        let (home, photos, environment) = try makeHome()
        let original = photos.appendingPathComponent("IMG 1 é.JPG").path
        try trash("older", as: "IMG 1 é.JPG", from: original, at: "2026-11-25T10:00:00", home: home)
        try trash("newer", as: "IMG 1 é.2.JPG", from: original, at: "2026-11-26T10:00:00", home: home)
        XCTAssertEqual(TrashRestore.restore(original, environment: environment), .success(original))
        XCTAssertEqual(try String(contentsOfFile: original, encoding: .utf8), "newer")
        XCTAssertFalse(FileManager.default.fileExists(atPath: home.appendingPathComponent("data/Trash/info/IMG 1 é.2.JPG.trashinfo").path))
        XCTAssertTrue(FileManager.default.fileExists(atPath: home.appendingPathComponent("data/Trash/files/IMG 1 é.JPG").path), "the older one stays")
    }

    /// A name taken meanwhile is never overwritten: the file comes back as "name (2).jpg".
    func testATakenNameIsKeptAndTheFileComesBackBesideIt() throws {
        let (home, photos, environment) = try makeHome()
        let original = photos.appendingPathComponent("a.jpg").path
        try trash("trashed", as: "a.jpg", from: original, at: "2026-11-26T10:00:00", home: home)
        try Data("new".utf8).write(to: URL(fileURLWithPath: original))
        XCTAssertEqual(TrashRestore.restore(original, environment: environment), .success(photos.appendingPathComponent("a (2).jpg").path))
        XCTAssertEqual(try String(contentsOfFile: original, encoding: .utf8), "new")
        XCTAssertEqual(TrashRestore.restore(original, environment: environment), .failure(.notInTrash))
    }

    /// Undoing a batch looks only at what was trashed since the batch began: an older entry of the same path (a
    /// file trashed last week) is not the batch's to bring back.
    func testAnEntryOlderThanTheBatchIsNotBroughtBack() throws {
        let (home, photos, environment) = try makeHome()
        let original = photos.appendingPathComponent("a.jpg").path
        let batchStart = Date()
        try trash("last week", as: "a.jpg", from: original, at: TrashInfo.dateText(batchStart.addingTimeInterval(-7 * 86_400)), home: home)
        XCTAssertEqual(TrashRestore.restore(original, deletedSince: batchStart, environment: environment), .failure(.notInTrash))
        try trash("the batch's", as: "a.2.jpg", from: original, at: TrashInfo.dateText(batchStart), home: home)
        XCTAssertEqual(TrashRestore.restore(original, deletedSince: batchStart, environment: environment), .success(original))
        XCTAssertEqual(try String(contentsOfFile: original, encoding: .utf8), "the batch's")
    }

    func testTrashInfoIsReadAsTheSpecificationWritesIt() {
        func info(_ text: String) -> TrashInfo? { TrashInfo(Array(text.utf8)) }
        XCTAssertEqual(info("[Trash Info]\nPath=/home/a/My%20Photos/x.jpg\nDeletionDate=2026-11-26T01:02:03\n"),
                       info("[Trash Info]\r\nDeletionDate=2026-11-26T01:02:03\r\nPath=/home/a/My Photos/x.jpg\r\n"))
        XCTAssertEqual(info("[Trash Info]\nPath=/home/a/My%20Photos/x.jpg\n")?.path, "/home/a/My Photos/x.jpg")
        XCTAssertEqual(info("[Trash Info]\nPath=/p/old%E9cam.jpg\n")?.path, FileNameEncoding.text(fromBytes: Array("/p/old".utf8) + [0xE9] + Array("cam.jpg".utf8)),
                       "escapes are bytes, not necessarily UTF-8")
        XCTAssertNil(info("[Trash Info]\nPath=/p/a%2\n"), "a broken escape")
        XCTAssertNil(info("[Trash Info]\nPath=/p/a%00b\n"), "no path holds a NUL")
        XCTAssertNil(info("[Other]\nPath=/x\n"), "only the Trash Info group counts")
        XCTAssertNil(info("garbage"))
    }

    /// A name in Latin-1 (`old\xE9cam.jpg`, as an old camera or a Windows share writes it) comes back: its
    /// `Path=` escapes are bytes that are not UTF-8.
    func testANameThatIsNotUTF8ComesBack() throws {
        let (home, photos, environment) = try makeHome()
        let nameBytes = Array("old".utf8) + [0xE9] + Array("cam.jpg".utf8)
        let original = FileNameEncoding.text(fromBytes: Array(photos.path.utf8) + [UInt8(ascii: "/")] + nameBytes)
        let trash = home.appendingPathComponent("data/Trash")
        let trashed = FileNameEncoding.text(fromBytes: Array((trash.path + "/files/").utf8) + nameBytes)
        XCTAssertNotEqual(creat(FileNameEncoding.fileSystemRepresentation(of: trashed), 0o644), -1)
        try Data("[Trash Info]\nPath=\(photos.path)/old%E9cam.jpg\nDeletionDate=2026-11-26T10:00:00\n".utf8)
            .write(to: trash.appendingPathComponent("info/x.trashinfo"))
        // The info file's name is the trashed file's name with .trashinfo: rename it to those bytes.
        let infoName = FileNameEncoding.text(fromBytes: Array((trash.path + "/info/").utf8) + nameBytes + Array(".trashinfo".utf8))
        XCTAssertEqual(rename(trash.appendingPathComponent("info/x.trashinfo").path, FileNameEncoding.fileSystemRepresentation(of: infoName)), 0)
        XCTAssertEqual(TrashRestore.restore(original, environment: environment), .success(original))
        XCTAssertNotNil(FileStatus(path: original), "back in its folder, under its own bytes")
    }

    /// One index brings back many files, each the newest of its own path, and each once.
    func testOneIndexBringsBackManyFilesEachOnce() throws {
        let (home, photos, environment) = try makeHome()
        let originals = (0..<50).map { photos.appendingPathComponent("p\($0).jpg").path }
        for (number, original) in originals.enumerated() {
            try trash("photo \(number)", as: "p\(number).jpg", from: original, at: "2026-11-26T10:00:00", home: home)
        }
        try trash("someone else's", as: "other.jpg", from: "/elsewhere/other.jpg", at: "2026-11-26T10:00:00", home: home)
        var index = TrashRestore.Index(for: originals, environment: environment)
        for (number, original) in originals.enumerated().reversed() {
            XCTAssertEqual(index.restore(original), .success(original))
            XCTAssertEqual(try String(contentsOfFile: original, encoding: .utf8), "photo \(number)")
        }
        XCTAssertEqual(index.restore(originals[0]), .failure(.notInTrash), "an entry is brought back once")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: home.appendingPathComponent("data/Trash/files").path), ["other.jpg"])
    }
}
