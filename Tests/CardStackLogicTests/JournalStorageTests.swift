// SPDX-License-Identifier: GPL-3.0-or-later
import CardStackCore
import CardStackLogic
import CardStackStore
import CardStackTestSupport
import Foundation
import GRDB
import GtkSupport
import XCTest

/// When the database refuses a write in the middle of a session, every writer (the journal, the sidecar writes,
/// the file moves) goes on with the same in-memory copy: a sidecar is still written, and its undo still gives
/// back what another program had put there.
final class JournalStorageTests: XCTestCase {
    private static let rating = "Xmp.xmp.Rating"
    private static let pick = "Xmp.digiKam.PickLabel"

    /// Another program holding the database's write lock, as a stuck backup or a full disk would refuse it.
    private final class WriteLock {
        private let database: DatabaseQueue
        init(_ url: URL) throws {
            var configuration = Configuration()
            // The transaction stays open between two accesses: that is the lock.
            configuration.allowsUnsafeTransactions = true
            database = try DatabaseQueue(path: url.path, configuration: configuration)
            try database.writeWithoutTransaction { try $0.execute(sql: "BEGIN EXCLUSIVE") }
        }
        func release() throws {
            try database.writeWithoutTransaction { try $0.execute(sql: "ROLLBACK") }
        }
    }

    func testSidecarsGoOnWithTheCopyInMemoryWhenTheDatabaseRefusesAWrite() throws {
        let folder = try TemporaryFolder(named: "Shoot")
        addTeardownBlock { folder.remove() }
        let photo = try folder.write(Data("not really a JPEG".utf8), to: "IMG_0001.JPG").path
        let sidecar = photo + ".xmp"
        // Another program rated the photo three stars.
        XCTAssertEqual(try XMPSidecar.write(sidecar, changes: [Self.rating: "3"]).get(), .written(created: true))
        let url = folder.url.appendingPathComponent("data/decisions.sqlite")
        var card = Card(id: "IMG_0001.JPG", title: "IMG_0001.JPG", imagePath: photo)
        card.filePath = photo
        let deck = Deck(title: "Shoot", cards: [card], isPhotoDeck: true)
        let key = DeckKey(path: folder.url.path)

        let (problems, unsaved) = try MainActor.assumeIsolated {
            let journal = DecisionJournal(url: url)
            defer { journal.close() }
            var problems: [String] = []
            journal.onProblem = { problems.append($0) }
            journal.opened(deck, key: key)
            XCTAssertTrue(journal.savesToDisk)
            // The deck's sync is made as the deck opens, while the database still takes writes.
            let sync = SidecarSync(deck: deck, key: key, style: .darktable, storage: journal.storage)

            let lock = try WriteLock(url)
            var progress = DeckProgress(cardCount: 1)
            let decision = try XCTUnwrap(progress.decide(.left))
            let decided = journal.record(.did(.decide(decision)), progress: progress, of: deck, key: key)
            XCTAssertNotNil(decided, "the step is kept in memory")
            XCTAssertFalse(journal.savesToDisk)
            sync.apply(.did(.decide(decision)), progress: progress, sequence: decided)
            sync.finish()
            XCTAssertEqual(try XMPSidecar.read(sidecar, tags: [Self.rating, Self.pick]).get().values, [Self.rating: "-1", Self.pick: "1"],
                           "the reject is written, its baseline kept with the step in memory")

            let undone = try XCTUnwrap(progress.undo())
            let taken = journal.record(.undid(undone), progress: progress, of: deck, key: key)
            sync.apply(.undid(undone), progress: progress, sequence: taken)
            sync.finish()
            XCTAssertEqual(try XMPSidecar.read(sidecar, tags: [Self.rating, Self.pick]).get().values, [Self.rating: "3"],
                           "undo gives back the other program's stars")
            try lock.release()
            return (problems, journal.unsavedStepCount)
        }
        XCTAssertEqual(problems.count, 1, "said once: \(problems)")
        XCTAssertEqual(unsaved, 2)
        let onDisk = try DecisionStore.snapshot(of: url)
        XCTAssertEqual(try onDisk.latestEvents(of: key, limit: 5).count, 0, "the file was not touched again")
    }
}
