// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import CardStackTestSupport
import XCTest
@testable import CardStackCore
@testable import CardStackFiles

final class PhotoCopyTests: XCTestCase {
    private var folder: TemporaryFolder?
    private var root: URL { folder?.url ?? FileManager.default.temporaryDirectory }

    override func setUpWithError() throws {
        let folder = try TemporaryFolder()
        self.folder = folder
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("photos"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("kept"), withIntermediateDirectories: true)
    }

    override func tearDown() {
        folder?.remove()
        super.tearDown()
    }

    private func write(_ text: String, to path: String) throws -> URL {
        let url = root.appendingPathComponent(path)
        try Data(text.utf8).write(to: url)
        return url
    }

    func testASubfolderUnderTheRootIsKeptAndNothingLeadsOutOfTheDestination() {
        XCTAssertEqual(KeptSubfolder.of("/roll/day1/a.jpg", under: "/roll"), "day1")
        XCTAssertEqual(KeptSubfolder.of("/roll/day1/morning/a.jpg", under: "/roll/"), "day1/morning")
        XCTAssertEqual(KeptSubfolder.of("/roll/a.jpg", under: "/roll"), "")
        XCTAssertNil(KeptSubfolder.of("/rolls/a.jpg", under: "/roll"), "a sibling whose name starts alike is not under it")
        XCTAssertNil(KeptSubfolder.of("/roll/../etc/a.jpg", under: "/roll"))
        XCTAssertEqual(KeptSubfolder.kept(by: "/roll/day1/a.jpg", under: nil), "", "a batch without a root keeps no subfolder")
        XCTAssertEqual(KeptSubfolder.kept(by: "/elsewhere/a.jpg", under: "/roll"), "")
        XCTAssertEqual(KeptSubfolder.path(KeptSubfolder.kept(by: "/roll/day1/a.jpg", under: "/roll"), in: "/picks"), "/picks/day1")
        XCTAssertEqual(KeptSubfolder.path("", in: "/picks"), "/picks")
    }

    func testCopiesKeepTheirSubfoldersAndMakeThemWhereMissing() throws {
        for day in ["day1", "day2"] {
            try FileManager.default.createDirectory(at: root.appendingPathComponent("photos/\(day)"), withIntermediateDirectories: true)
        }
        let first = try write("one", to: "photos/day1/IMG_1.jpg")
        let second = try write("two", to: "photos/day2/IMG_1.jpg")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("kept/day2"), withIntermediateDirectories: true)
        let existing = try write("theirs", to: "kept/day2/IMG_1.jpg")
        let outcome = PhotoCopy(sources: [first, second], destination: root.appendingPathComponent("kept"),
                                keepingSubfoldersOf: root.appendingPathComponent("photos").path).run()
        XCTAssertEqual(outcome.copied.map { $0.path.replacingOccurrences(of: root.path + "/", with: "") },
                       ["kept/day1/IMG_1.jpg", "kept/day2/IMG_1 (2).jpg"])
        XCTAssertEqual(try String(contentsOf: root.appendingPathComponent("kept/day2/IMG_1 (2).jpg"), encoding: .utf8), "two")
        XCTAssertEqual(try String(contentsOf: existing, encoding: .utf8), "theirs", "nothing replaced")
    }

    func testAFileWhereASubfolderShouldBeFailsThatCopyAlone() throws {
        try FileManager.default.createDirectory(at: root.appendingPathComponent("photos/day1"), withIntermediateDirectories: true)
        let source = try write("one", to: "photos/day1/IMG_1.jpg")
        let blocking = try write("a file", to: "kept/day1")
        let outcome = PhotoCopy(sources: [source], destination: root.appendingPathComponent("kept"), keepingSubfoldersOf: root.appendingPathComponent("photos").path).run()
        XCTAssertEqual(outcome.copied, [])
        XCTAssertEqual(outcome.failed.map(\.source), [source])
        XCTAssertEqual(try String(contentsOf: blocking, encoding: .utf8), "a file", "left as it was")
    }

    func testCopiesWithoutTouchingTheOriginalsOrOverwriting() throws {
        let first = try write("one", to: "photos/IMG_1.jpg")
        let second = try write("two", to: "photos/IMG_2.jpg")
        let existing = try write("already there", to: "kept/IMG_1.jpg")
        var reports: [Int] = []
        let outcome = PhotoCopy(sources: [first, second], destination: root.appendingPathComponent("kept"))
            .run(progress: { done, total in
                XCTAssertEqual(total, 2)
                reports.append(done)
            })
        XCTAssertEqual(reports, [1, 2])
        XCTAssertEqual(outcome.copied.map(\.lastPathComponent), ["IMG_1 (2).jpg", "IMG_2.jpg"])
        XCTAssertTrue(outcome.failed.isEmpty)
        XCTAssertEqual(try String(contentsOf: existing, encoding: .utf8), "already there", "an existing file is never overwritten")
        XCTAssertEqual(try String(contentsOf: first, encoding: .utf8), "one", "originals stay where they are")
        XCTAssertEqual(try String(contentsOf: root.appendingPathComponent("kept/IMG_1 (2).jpg"), encoding: .utf8), "one")
    }

    func testMissingSourceIsReportedAndTheRestIsCopied() throws {
        let missing = root.appendingPathComponent("photos/gone.jpg")
        let present = try write("here", to: "photos/here.png")
        let outcome = PhotoCopy(sources: [missing, present], destination: root.appendingPathComponent("kept")).run()
        XCTAssertEqual(outcome.failed.map(\.source), [missing])
        XCTAssertEqual(outcome.copied.map(\.lastPathComponent), ["here.png"])
    }

    /// A photo named in Latin-1 copies under its own bytes, keeping its modification time (a photo deck dates its
    /// cards by it), and a taken name gets a number as any other.
    func testANameThatIsNotUTF8CopiesWithItsBytesAndItsTime() throws {
        let folder = try XCTUnwrap(folder)
        let name: [UInt8] = Array("photos/caf".utf8) + [0xE9] + Array(".jpg".utf8)
        let path = try folder.write(Data("latin".utf8), toNameBytes: name)
        let source = URL(fileURLWithPath: FileNameEncoding.text(fromBytes: path.dropLast().map { UInt8(bitPattern: $0) }))
        let day = timespec(tv_sec: 1_560_600_000, tv_nsec: 0)
        XCTAssertEqual(utimensat(AT_FDCWD, path, [day, day], 0), 0)
        let kept = root.appendingPathComponent("kept")
        let outcome = PhotoCopy(sources: [source, source], destination: kept).run()
        XCTAssertTrue(outcome.failed.isEmpty, "\(outcome.failed.map(\.reason))")
        let copies = outcome.copied.map { FileNameEncoding.fileSystemRepresentation(of: $0.path) }
        let expected = [Array("kept/caf".utf8) + [0xE9] + Array(".jpg".utf8), Array("kept/caf".utf8) + [0xE9] + Array(" (2).jpg".utf8)]
            .map { Array(root.path.utf8CString.dropLast()) + [CChar(UInt8(ascii: "/"))] + $0.map { CChar(bitPattern: $0) } + [0] }
        XCTAssertEqual(copies, expected)
        for copy in copies {
            var status = stat()
            XCTAssertEqual(stat(copy, &status), 0)
            XCTAssertEqual(status.st_size, 5)
            XCTAssertEqual(status.st_mtim.tv_sec, day.tv_sec)
        }
    }

    func testCancellingStopsBeforeTheNextFile() throws {
        let sources = try (1...5).map { try write("\($0)", to: "photos/\($0).jpg") }
        var done = 0
        let outcome = PhotoCopy(sources: sources, destination: root.appendingPathComponent("kept"))
            .run(progress: { count, _ in done = count }, isCancelled: { done >= 2 })
        XCTAssertEqual(outcome.copied.count, 2)
    }

    func testNumberedNamesSkipEveryTakenOne() {
        let taken: Set<String> = ["/x/a.jpg", "/x/a (2).jpg", "/x/a (3).jpg", "/x/notes"]
        let folder = URL(fileURLWithPath: "/x")
        XCTAssertEqual(PhotoCopy.freeName(for: "a.jpg", in: folder) { taken.contains($0.path) }.lastPathComponent, "a (4).jpg")
        XCTAssertEqual(PhotoCopy.freeName(for: "notes", in: folder) { taken.contains($0.path) }.lastPathComponent, "notes (2)")
        XCTAssertEqual(PhotoCopy.freeName(for: "b.jpg", in: folder) { taken.contains($0.path) }.lastPathComponent, "b.jpg")
    }
}
