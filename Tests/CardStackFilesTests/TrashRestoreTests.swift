// SPDX-License-Identifier: GPL-3.0-or-later
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
        XCTAssertEqual(TrashInfo("[Trash Info]\nPath=/home/a/My%20Photos/x.jpg\nDeletionDate=2026-11-26T01:02:03\n"),
                       TrashInfo("[Trash Info]\r\nDeletionDate=2026-11-26T01:02:03\r\nPath=/home/a/My Photos/x.jpg\r\n"))
        XCTAssertEqual(TrashInfo("[Trash Info]\nPath=/home/a/My%20Photos/x.jpg\n")?.path, "/home/a/My Photos/x.jpg")
        XCTAssertNil(TrashInfo("[Other]\nPath=/x\n"), "only the Trash Info group counts")
        XCTAssertNil(TrashInfo("garbage"))
    }
}
