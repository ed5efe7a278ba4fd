// SPDX-License-Identifier: GPL-3.0-or-later
import CardStackCore
import CardStackTestSupport
import Foundation
import Glibc
import XCTest
@testable import CardStackFiles

/// A moved file found by what it is, not by its name: the destination's own file of the same name is never
/// taken for it, on one file system or across two.
final class MovedFileSearchTests: XCTestCase {
    private var folders: [TemporaryFolder] = []

    override func tearDown() {
        folders.forEach { $0.remove() }
        super.tearDown()
    }

    private func folder(_ name: String, in parent: URL? = nil) throws -> TemporaryFolder {
        let made = try TemporaryFolder(named: name, in: parent ?? FileManager.default.temporaryDirectory)
        folders.append(made)
        return made
    }

    /// Sets `path`'s modification time to `other`'s, as an adversary (or a camera's clock) might.
    private func sameTime(_ path: URL, as other: URL) throws {
        var info = stat()
        XCTAssertEqual(stat(other.path, &info), 0)
        var times = [info.st_atim, info.st_mtim]
        XCTAssertEqual(utimensat(AT_FDCWD, path.path, &times, 0), 0)
    }

    func testFreeNameVariantsAreGroupedUnderTheNameTheyVary() {
        XCTAssertEqual(MovedFileSearch.varied("IMG_1 (2).JPG"), "IMG_1.JPG")
        XCTAssertEqual(MovedFileSearch.varied("IMG_1 (12).JPG"), "IMG_1.JPG")
        XCTAssertEqual(MovedFileSearch.varied("notes (3)"), "notes")
        XCTAssertEqual(MovedFileSearch.varied("IMG_1 (1).JPG"), "IMG_1 (1).JPG", "no free name is numbered 1")
        XCTAssertEqual(MovedFileSearch.varied("Trip (Rome).JPG"), "Trip (Rome).JPG")
        XCTAssertEqual(MovedFileSearch.varied("IMG_1.JPG"), "IMG_1.JPG")
    }

    /// On one file system: the destination already had a file of the same name, size and time; the moved file
    /// took "a (2).jpg", and only it is found.
    func testOnOneFileSystemTheMovedFileIsFoundByItsInode() throws {
        let source = try folder("Roll")
        let destination = try folder("Picks")
        let moved = try source.write(Data(repeating: 1, count: 100), to: "a.jpg")
        let theirs = try destination.write(Data(repeating: 2, count: 100), to: "a.jpg")
        try sameTime(theirs, as: moved)
        let identity = try XCTUnwrap(FileIdentity(path: moved.path))
        XCTAssertEqual(FileMove.move(moved.path, into: destination.url.path, as: "a.jpg"), .success(destination.url.appendingPathComponent("a (2).jpg").path))
        let search = MovedFileSearch(folder: destination.url.path)
        XCTAssertEqual(search.find(identity, movedAs: "a.jpg"), destination.url.appendingPathComponent("a (2).jpg").path)
    }

    /// Across file systems (`/dev/shm` to the temporary folder): the copy keeps size, time and bytes; the
    /// destination's own file of the same name, size and time is told apart by its fingerprint, and the move
    /// left no partial copy.
    func testAcrossFileSystemsTheCopyIsFoundBySizeAndTime() throws {
        let shm = URL(fileURLWithPath: "/dev/shm")
        var shmInfo = stat(), tmpInfo = stat()
        guard stat(shm.path, &shmInfo) == 0, stat(NSTemporaryDirectory(), &tmpInfo) == 0, shmInfo.st_dev != tmpInfo.st_dev else {
            throw XCTSkip("needs /dev/shm on another file system than the temporary folder")
        }
        let source = try folder("Roll", in: shm)
        let destination = try folder("Picks")
        let moved = try source.write(Data(repeating: 1, count: 4_096), to: "b.jpg")
        let theirs = try destination.write(Data(repeating: 2, count: 4_096), to: "b.jpg")
        try sameTime(theirs, as: moved)
        var identity = try XCTUnwrap(FileIdentity(path: moved.path))
        identity.fingerprint = FileIdentity.fingerprint(ofFileAt: moved.path)
        XCTAssertEqual(FileMove.move(moved.path, into: destination.url.path, as: "b.jpg"), .success(destination.url.appendingPathComponent("b (2).jpg").path))
        XCTAssertEqual(MovedFileSearch(folder: destination.url.path).find(identity, movedAs: "b.jpg"), destination.url.appendingPathComponent("b (2).jpg").path)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: destination.url.path).sorted(), ["b (2).jpg", "b.jpg"], "no partial copy left")
    }

    /// A stopped copy's partial file goes; a file under a real name never does.
    func testPartialCopiesAndOnlyThemAreRemoved() throws {
        let destination = try folder("Picks")
        _ = try destination.write("half", to: ".c.jpg\(FileMove.partialMark)4242")
        _ = try destination.write("mine", to: "c.jpg")
        _ = try destination.write("hidden", to: ".c.jpg")
        var search = MovedFileSearch(folder: destination.url.path)
        XCTAssertEqual(search.removePartialCopies(of: "c.jpg"), 1)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: destination.url.path).sorted(), [".c.jpg", "c.jpg"])
    }

    func testSameBytesComparesWholeFiles() throws {
        let place = try folder("Bytes")
        let a = try place.write(Data(repeating: 7, count: 3_000_000), to: "a")
        let b = try place.write(Data(repeating: 7, count: 3_000_000), to: "b")
        var longer = Data(repeating: 7, count: 3_000_000)
        longer.append(7)
        let c = try place.write(longer, to: "c")
        var changed = Data(repeating: 7, count: 3_000_000)
        changed[2_999_999] = 8
        let d = try place.write(changed, to: "d")
        XCTAssertTrue(MovedFileSearch.sameBytes(a.path, b.path))
        XCTAssertFalse(MovedFileSearch.sameBytes(a.path, c.path))
        XCTAssertFalse(MovedFileSearch.sameBytes(c.path, a.path))
        XCTAssertFalse(MovedFileSearch.sameBytes(a.path, d.path))
    }
}
