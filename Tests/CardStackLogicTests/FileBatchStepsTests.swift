// SPDX-License-Identifier: GPL-3.0-or-later
import CardStackCore
import CardStackFiles
import CardStackLogic
import CardStackStore
import CardStackTestSupport
import Foundation
import GtkTestSupport
import XCTest

/// Files moved as one step come back by what they are, never by their names: a stranger that took a moved file's
/// name stays where it is, and is said, while the others come back.
final class FileBatchStepsTests: XCTestCase {
    private static let key = DeckKey(path: "/home/ada/Pictures/Shoot")

    func testUndoBringsBackTheMovedFilesAndLeavesAStrangerOfTheSameName() throws {
        let folder = try TemporaryFolder(named: "Shoot")
        addTeardownBlock { folder.remove() }
        let photos = try ["a.jpg", "b.jpg"].map { try folder.write("photo \($0)", to: $0).path }
        let rejects = folder.url.appendingPathComponent("Rejects")
        try FileManager.default.createDirectory(at: rejects, withIntermediateDirectories: true)
        let url = folder.url.appendingPathComponent("data/decisions.sqlite")

        try MainActor.assumeIsolated {
            let journal = DecisionJournal(url: url)
            defer { journal.close() }
            let steps = FileBatchSteps()
            var reports: [String] = []
            steps.onReport = { message, _ in reports.append(message) }
            let storage = journal.storage
            let begun = storage.perform { try $0.beginFileBatch(of: photos, identities: photos.map { FileIdentity(path: $0) }, to: .folder(rejects.path), key: Self.key) }
            let batch = try begun.get().value

            steps.move(batch: batch, to: .folder(rejects.path), storage: storage)
            XCTAssertTrue(runMainLoop(until: { reports.count == 1 }), "the move is said")
            XCTAssertEqual(reports.first, "Moved 2 files to “Rejects”")
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: rejects.path).sorted(), ["a.jpg", "b.jpg"])

            // Another program takes one away and puts a file of its own under its name.
            let taken = rejects.appendingPathComponent("b.jpg")
            try FileManager.default.moveItem(at: taken, to: folder.url.appendingPathComponent("elsewhere.jpg"))
            try Data("someone else's".utf8).write(to: taken)

            steps.apply(.undid(.moveFiles([.left], batch: batch)), storage: storage)
            XCTAssertTrue(runMainLoop(until: { reports.count == 2 }), "the undo is said")
            XCTAssertEqual(reports.last, "Moved 1 file back; 1 stayed (b.jpg: “b.jpg” is not the file that was moved there any more; it was left as it is)")
        }
        XCTAssertEqual(try String(contentsOfFile: photos[0], encoding: .utf8), "photo a.jpg")
        XCTAssertFalse(FileManager.default.fileExists(atPath: photos[1]), "nothing came back in b.jpg's place")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: rejects.path), ["b.jpg"])
        XCTAssertEqual(try String(contentsOf: rejects.appendingPathComponent("b.jpg"), encoding: .utf8), "someone else's",
                       "the stranger that took the name stays, untouched")
    }
}
