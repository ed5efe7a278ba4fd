// SPDX-License-Identifier: GPL-3.0-or-later
import CardStackCore
import CardStackLogic
import CardStackStore
import CardStackTestSupport
import Foundation
import XCTest

/// The journal keeps every step on disk the moment it is made, and when the database can't take it, goes on in
/// memory with what the file holds, says so once, and never touches the file again.
final class DecisionJournalTests: XCTestCase {
    private static let deck = Deck(title: "Books", cards: (0..<4).map { Card(id: "card-\($0)", title: "Card \($0)") })
    private static let key = DeckKey(path: "/home/ada/Decks/books.json")

    /// Where a test's database goes, in a folder removed when the test ends.
    private func databaseURL() throws -> URL {
        let folder = try TemporaryFolder()
        addTeardownBlock { folder.remove() }
        return folder.url.appendingPathComponent("decisions.sqlite")
    }

    /// Decides the front card and records it as the app does; returns the sequence number.
    @MainActor @discardableResult
    private static func decide(_ direction: SwipeDirection, _ progress: inout DeckProgress, in journal: DecisionJournal) -> Int64? {
        guard let decision = progress.decide(direction) else { return nil }
        return journal.record(.did(.decide(decision)), progress: progress, of: deck, key: key)
    }

    func testStepsReachTheFileAndComeBackInTheNextJournal() throws {
        let url = try databaseURL()
        MainActor.assumeIsolated {
            let (deck, key) = (Self.deck, Self.key)
            let journal = DecisionJournal(url: url)
            var progress = DeckProgress(cardCount: deck.cards.count)
            XCTAssertNotNil(Self.decide(.right, &progress, in: journal))
            XCTAssertNotNil(Self.decide(.left, &progress, in: journal))
            XCTAssertTrue(journal.savesToDisk)
            XCTAssertEqual(journal.unsavedStepCount, 0)
            journal.close()

            let next = DecisionJournal(url: url)
            defer { next.close() }
            XCTAssertEqual(next.progress(for: deck, key: key), progress)
            XCTAssertEqual(next.decisionDates(of: key).keys.sorted(), ["card-0", "card-1"])
            XCTAssertEqual(next.latestEvents(of: key, limit: 1).map(\.event), [.decided(cardID: "card-1", direction: .left, placeInLine: 0)], "the front card, at its place in line")
        }
    }

    /// A damaged file: the journal goes on in memory, counts the steps that are not on disk, tells whoever
    /// listens (even one who comes later), and leaves the file byte for byte.
    func testADamagedDatabaseIsLeftAsItIsAndStepsGoOnInMemory() throws {
        let url = try databaseURL()
        let garbage = Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        try garbage.write(to: url)
        MainActor.assumeIsolated {
            let (deck, key) = (Self.deck, Self.key)
            let journal = DecisionJournal(url: url)
            defer { journal.close() }
            XCTAssertEqual(journal.fieldMappingLookup(of: key)().chosen, [:], "looked up before it failed to open: none, the file untouched")
            var progress = DeckProgress(cardCount: deck.cards.count)
            XCTAssertNotNil(Self.decide(.up, &progress, in: journal), "the in-memory copy keeps the step")
            XCTAssertFalse(journal.savesToDisk)
            XCTAssertEqual(journal.unsavedStepCount, 1)
            XCTAssertEqual(journal.progress(for: deck, key: key), progress, "what is shown and exported has the step")

            var told: [String] = []
            journal.onProblem = { told.append($0) }
            XCTAssertEqual(told.count, 1, "a problem found before anyone listened is told to the first listener")
            XCTAssertTrue(told.first?.hasPrefix("Decisions can't be saved: the database is damaged.") == true, "\(told)")
            Self.decide(.down, &progress, in: journal)
            XCTAssertEqual(told.count, 1, "said once")
            XCTAssertEqual(journal.unsavedStepCount, 2)
        }
        XCTAssertEqual(try Data(contentsOf: url), garbage)
    }

    /// A second CardStack on the same data folder shows what the first saved, keeps its own steps in memory, and
    /// leaves the first one's file to it.
    func testASecondJournalOnTheSameDataReadsItAndKeepsItsOwnStepsInMemory() throws {
        let url = try databaseURL()
        MainActor.assumeIsolated {
            let (deck, key) = (Self.deck, Self.key)
            let first = DecisionJournal(url: url)
            defer { first.close() }
            var progress = DeckProgress(cardCount: deck.cards.count)
            Self.decide(.right, &progress, in: first)

            let second = DecisionJournal(url: url)
            defer { second.close() }
            XCTAssertEqual(second.progress(for: deck, key: key), progress, "the first one's step is shown")
            XCTAssertFalse(second.savesToDisk)
            var secondProgress = progress
            Self.decide(.left, &secondProgress, in: second)
            XCTAssertEqual(second.unsavedStepCount, 1)

            Self.decide(.up, &progress, in: first)
            XCTAssertTrue(first.savesToDisk, "the first goes on saving")
            XCTAssertEqual(first.progress(for: deck, key: key), progress, "the second one's step never reached the file")
        }
    }

    func testRecentDecksAndFieldChoicesAreKept() throws {
        let url = try databaseURL()
        MainActor.assumeIsolated {
            let journal = DecisionJournal(url: url)
            defer { journal.close() }
            journal.opened(Self.deck, key: Self.key)
            XCTAssertEqual(journal.recentDecks(limit: 5).map(\.title), ["Books"])
            journal.setFieldMapping(CardFieldMapping(chosen: [.title: "Name"]), of: Self.key)
            XCTAssertEqual(journal.fieldMapping(of: Self.key).chosen, [.title: "Name"])
        }
    }

    func testFieldChoicesAreLookedUpOnAnotherThreadBeforeAndAfterTheDatabaseOpens() throws {
        let url = try databaseURL()
        MainActor.assumeIsolated {
            let journal = DecisionJournal(url: url)
            journal.setFieldMapping(CardFieldMapping(chosen: [.title: "Name"]), of: Self.key)
            journal.close()
        }
        // A new journal, its database still opening: the lookup is made now and answered on another thread.
        MainActor.assumeIsolated {
            let journal = DecisionJournal(url: url)
            defer { journal.close() }
            let early = journal.fieldMappingLookup(of: Self.key)
            _ = journal.recentDecks(limit: 1)
            let (late, other) = (journal.fieldMappingLookup(of: Self.key), journal.fieldMappingLookup(of: DeckKey(path: "/elsewhere.csv")))
            let answers = Handoff<[CardFieldMapping]>()
            Thread.detachNewThread { answers.hand([early(), late(), other()]) }
            XCTAssertEqual(answers.wait().map(\.chosen), [[.title: "Name"], [.title: "Name"], [:]], "before the database opened, after, another deck")
        }
    }
}
