// SPDX-License-Identifier: GPL-3.0-or-later
import CardStackTestSupport
import Foundation
import XCTest
@testable import CardStackFiles

/// One file into a folder, never replacing a file there, on one disk and across two.
final class FileMoveTests: XCTestCase {
    private var folders: [TemporaryFolder] = []

    override func tearDown() {
        folders.forEach { $0.remove() }
        super.tearDown()
    }

    private func folder(_ name: String) throws -> URL {
        let made = try TemporaryFolder(named: name)
        folders.append(made)
        return made.url
    }

    func testAFileMovesUnderItsNameOrBesideATakenOne() throws {
        let from = try folder("from"), to = try folder("to")
        let source = from.appendingPathComponent("IMG 1 é.jpg")
        try Data("photo".utf8).write(to: source)
        try Data("theirs".utf8).write(to: to.appendingPathComponent("IMG 1 é.jpg"))
        XCTAssertEqual(FileMove.move(source.path, into: to.path, as: "IMG 1 é.jpg"), .success(to.appendingPathComponent("IMG 1 é (2).jpg").path))
        XCTAssertFalse(FileManager.default.fileExists(atPath: source.path), "moved, not copied")
        XCTAssertEqual(try Data(contentsOf: to.appendingPathComponent("IMG 1 é.jpg")), Data("theirs".utf8), "nothing replaced")
        XCTAssertEqual(try Data(contentsOf: to.appendingPathComponent("IMG 1 é (2).jpg")), Data("photo".utf8))
    }

    func testAMissingFileIsSaidAndNothingAppears() throws {
        let from = try folder("from"), to = try folder("to")
        guard case .failure(let failure) = FileMove.move(from.appendingPathComponent("gone.jpg").path, into: to.path, as: "gone.jpg") else {
            return XCTFail("a missing file moved")
        }
        XCTAssertTrue(failure.description.contains("No such file"), failure.description)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: to.path), [])
    }

    /// From a memory-backed disk to the temporary folder's: copied, flushed, and only then the original removed.
    func testAcrossDisksTheFileIsCopiedThenTheOriginalRemoved() throws {
        let shm = URL(fileURLWithPath: "/dev/shm")
        guard FileManager.default.isWritableFile(atPath: shm.path) else { throw XCTSkip("no /dev/shm for a second disk") }
        let from = shm.appendingPathComponent("cardstack-move-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: from, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: from) }
        let to = try folder("to")
        var fromInfo = stat(), toInfo = stat()
        guard stat(from.path, &fromInfo) == 0, stat(to.path, &toInfo) == 0, fromInfo.st_dev != toInfo.st_dev else {
            throw XCTSkip("/dev/shm is on the temporary folder's disk here")
        }
        let bytes = Data((0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        try bytes.write(to: from.appendingPathComponent("a.CR3"))
        XCTAssertEqual(FileMove.move(from.appendingPathComponent("a.CR3").path, into: to.path, as: "a.CR3"), .success(to.appendingPathComponent("a.CR3").path))
        XCTAssertEqual(try Data(contentsOf: to.appendingPathComponent("a.CR3")), bytes)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: from.path), [])
    }
}
