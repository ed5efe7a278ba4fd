// SPDX-License-Identifier: GPL-3.0-or-later
import CardStackCore
import CardStackTestSupport
import Foundation
import XCTest

@testable import CardStackStore

/// The steps the Piles and Browse pages make, stored and replayed; and databases from version 1.
final class StepEventTests: XCTestCase {
    private func storeURL() throws -> URL {
        try makeTemporaryFolder().appendingPathComponent("decisions.sqlite")
    }

    func testEveryStepKindAndItsUndoAndRedoSurviveReopening() throws {
        let url = try storeURL()
        let deck = Fixture.deck(count: 8)
        var session = RecordingSession(store: try DecisionStore(url: url), deck: deck)
        try session.decide(.right) // 0
        try session.decide(.left) // 1
        try session.perform { $0.decide(5, .up) } // any card, from the browser
        try session.shift() // 2 to the back
        try session.decide(.right) // 3
        try session.perform { $0.returnToDeck(0) }
        try session.perform { $0.move(1, to: .down) }
        try session.undo()
        try session.redo()
        try session.perform { $0.returnAll(.up) > 0 ? .returnAll(.up, count: 1) : nil }
        try session.undo()
        try session.decide(.left) // 0 again
        try session.perform { $0.restart() }
        try session.undo()
        try session.undo()
        XCTAssertTrue(session.progress.canRedo)

        let reopened = try DecisionStore(url: url)
        let resumed = try reopened.progress(for: deck, key: Fixture.key)
        XCTAssertEqual(resumed, session.progress, "the same cards in the same places, line order and history")
        XCTAssertEqual(try reopened.history(of: Fixture.key), session.expectedHistory)
        XCTAssertEqual(resumed.decisions.map(\.cardIndex), [5, 3, 1])
        XCTAssertEqual(Array(resumed.upcomingCardIndices), [0, 4, 6, 7, 2], "0 returned first, 2 shifted to the back")
        XCTAssertEqual(try reopened.history(of: Fixture.key).map(\.direction), [.up, .right, .down])
    }

    /// Stars and labels, and their undo and redo, come back with the deck: the badge and the sidecars' record
    /// after a relaunch are what the user left.
    func testRatingsAndTheirUndoAndRedoSurviveReopening() throws {
        let url = try storeURL()
        let deck = Fixture.deck(count: 3)
        var session = RecordingSession(store: try DecisionStore(url: url), deck: deck)
        try session.perform { $0.rate(0, PhotoRating(stars: 3)) }
        try session.perform { $0.rate(0, PhotoRating(stars: 3, label: .red)) }
        try session.decide(.right)
        try session.perform { $0.rate(1, PhotoRating(stars: 0, label: .blue)) }
        try session.undo()
        try session.redo()
        try session.perform { $0.rate(2, PhotoRating(label: .green)) }
        try session.undo()

        let resumed = try DecisionStore(url: url).progress(for: deck, key: Fixture.key)
        XCTAssertEqual(resumed, session.progress, "the same ratings, decisions and history")
        XCTAssertEqual(resumed.ratings, [0: PhotoRating(stars: 3, label: .red), 1: PhotoRating(stars: 0, label: .blue)])
        XCTAssertTrue(resumed.canRedo, "the undone green label can be made again")
    }

    /// A rating that moved on sent its photo to the back in the same step: undo brings it to the front, after a
    /// relaunch too; the last upcoming photo has nothing to move behind.
    func testARatingThatMovedOnIsUndoneToTheFrontAfterARelaunch() throws {
        let url = try storeURL()
        let deck = Fixture.deck(count: 3)
        var session = RecordingSession(store: try DecisionStore(url: url), deck: deck)
        try session.perform { $0.rate(0, PhotoRating(stars: 4), sendingBack: true) }
        XCTAssertEqual(session.progress.frontCardIndex, 1)

        var resumed = try DecisionStore(url: url).progress(for: deck, key: Fixture.key)
        XCTAssertEqual(Array(resumed.upcomingCardIndices), [1, 2, 0], "at the back after a relaunch")
        resumed.undo()
        XCTAssertEqual(resumed.frontCardIndex, 0, "its undo brings it to the front")
        XCTAssertEqual(resumed.rating(of: 0), .none)
        resumed.redo()
        XCTAssertEqual(Array(resumed.upcomingCardIndices), [1, 2, 0])

        var last = DeckProgress(cardCount: 1)
        XCTAssertEqual(last.rate(0, PhotoRating(stars: 2), sendingBack: true), Step.rate(RatingChange(cardIndex: 0, rating: PhotoRating(stars: 2), previous: .none)),
                       "alone in the deck, it stays")
    }

    func testAFileBatchStepAndItsFilesSurviveReopening() throws {
        let url = try storeURL()
        let deck = Fixture.deck(count: 4)
        let store = try DecisionStore(url: url)
        var session = RecordingSession(store: store, deck: deck)
        try session.decide(.left)
        try session.decide(.left)
        let started = Fixture.date(5)
        let batch = try store.beginFileBatch(of: ["/p/a.jpg", "/p/a.CR3", "/p/b.jpg"], to: .trash, key: Fixture.key, at: started)
        try session.perform { $0.moveFiles([.left], batch: batch) }
        try store.recordFileBatch(batch, items: [
            FileBatch.Item(path: "/p/a.jpg", state: .moved),
            FileBatch.Item(path: "/p/b.jpg", state: .failed, reason: "Permission denied"),
        ])

        let reopened = try DecisionStore(url: url)
        var resumed = try reopened.progress(for: deck, key: Fixture.key)
        XCTAssertEqual(resumed.stepToUndo, .moveFiles([.left], batch: batch), "the files' step is still the latest")
        XCTAssertEqual(try reopened.fileBatch(batch), FileBatch(id: batch, destination: .trash, startedAt: started, items: [
            FileBatch.Item(path: "/p/a.jpg", state: .moved),
            FileBatch.Item(path: "/p/a.CR3", state: .pending),
            FileBatch.Item(path: "/p/b.jpg", state: .failed, reason: "Permission denied"),
        ]), "a file whose outcome was never written stays pending, for undo to look for")
        XCTAssertNil(try reopened.fileBatch(batch + 1))

        try session.undo()
        resumed = try DecisionStore(url: url).progress(for: deck, key: Fixture.key)
        XCTAssertEqual(resumed.stepToRedo, .moveFiles([.left], batch: batch), "undone, after a relaunch too")
        XCTAssertEqual(resumed.decisions.count, 2)
    }

    func testAFileStepAcrossDirectionsKeepsThemAllAndItsBatchItsSubfolderRoot() throws {
        let url = try storeURL()
        let deck = Fixture.deck(count: 4)
        let store = try DecisionStore(url: url)
        var session = RecordingSession(store: store, deck: deck)
        try session.decide(.right)
        try session.decide(.up)
        let batch = try store.beginFileBatch(of: ["/roll/day1/a.jpg", "/roll/day2/a.jpg"], to: .folder("/picks"), keepingSubfoldersOf: "/roll",
                                             key: Fixture.key)
        try session.perform { $0.moveFiles([.up, .right], batch: batch) }

        let reopened = try DecisionStore(url: url)
        XCTAssertEqual(try reopened.progress(for: deck, key: Fixture.key).stepToUndo, .moveFiles([.right, .up], batch: batch),
                       "both directions, in their usual order, after a relaunch")
        XCTAssertEqual(try reopened.fileBatch(batch)?.root, "/roll")
        XCTAssertEqual(DecisionEvent(storedKind: "moved files", cardID: nil, direction: "left", fileBatch: 3), .movedFiles(directions: [.left], batch: 3),
                       "a row of an earlier version names its one direction")
        XCTAssertNil(DecisionEvent(storedKind: "moved files", cardID: nil, direction: "left", directions: "left,sideways", fileBatch: 3))
    }

    func testTheSidecarBacklogIsTheCardsOfTheStepsAfterTheLastFinishedWrites() throws {
        let store = try DecisionStore(url: try storeURL())
        let deck = Fixture.deck(count: 5)
        var session = RecordingSession(store: store, deck: deck)
        XCTAssertEqual(try store.sidecarBacklog(of: Fixture.key).backlog, .none, "no steps, nothing to write")
        try session.decide(.left)
        XCTAssertEqual(try store.sidecarBacklog(of: Fixture.key).backlog, .all, "sidecars never written: every card")
        let first = try XCTUnwrap(session.lastSequence)
        try store.recordSidecarsSynced(through: first, key: Fixture.key)
        XCTAssertEqual(try store.sidecarBacklog(of: Fixture.key).backlog, .none)
        try session.decide(.right)
        try session.shift()
        try session.perform { $0.move(0, to: .up) }
        let (backlog, through) = try store.sidecarBacklog(of: Fixture.key)
        XCTAssertEqual(backlog, .cards(["card-1", "card-0"]), "decided and moved; a shift writes nothing")
        XCTAssertEqual(through, session.lastSequence, "through the latest event")
        try store.recordSidecarsSynced(through: first, key: Fixture.key)
        XCTAssertEqual(try store.sidecarBacklog(of: Fixture.key).backlog, .cards(["card-1", "card-0"]), "an older mark never moves it back")
        try session.restart()
        XCTAssertEqual(try store.sidecarBacklog(of: Fixture.key).backlog, .all, "Start Over is about every card")
    }

    /// 10,000 seeded events of every kind; the stored log replays to exactly the live state, every 500.
    func testTenThousandMixedStepsReplayToTheLiveState() throws {
        let deck = Fixture.deck(count: 50)
        var session = RecordingSession(store: .inMemory(), deck: deck)
        var random = SeededGenerator(seed: 4242)
        var kinds = Set<String>()
        while session.eventCount < 10_000 {
            let card = Int.random(in: 0..<50, using: &random)
            let direction = SwipeDirection.allCases.randomElement(using: &random) ?? .left
            let kind: String
            let changed: Bool
            switch Int.random(in: 0..<100, using: &random) {
            case 0..<35: (kind, changed) = ("decide", try session.decide(direction))
            case 35..<45: (kind, changed) = ("decide any", try session.perform { $0.decide(card, direction) })
            case 45..<52: (kind, changed) = ("return", try session.perform { $0.returnToDeck(card) })
            case 52..<58: (kind, changed) = ("move", try session.perform { $0.move(card, to: direction) })
            case 58..<62: (kind, changed) = ("shift", try session.shift())
            case 62..<64: (kind, changed) = ("review", try session.review(direction))
            case 64: (kind, changed) = ("restart", try session.perform { $0.restart() })
            case 65..<85: (kind, changed) = ("undo", try session.undo())
            default: (kind, changed) = ("redo", try session.redo())
            }
            if changed { kinds.insert(kind) }
            if session.eventCount % 500 == 0, changed {
                let replayed = try session.store.progress(for: deck, key: Fixture.key)
                XCTAssertTrue(replayed == session.progress, "replay differs after \(session.eventCount) events")
                if replayed != session.progress { return }
            }
        }
        XCTAssertEqual(kinds.count, 9, "every kind happened: \(kinds.sorted())")
        XCTAssertTrue(try session.store.progress(for: deck, key: Fixture.key) == session.progress)
        XCTAssertEqual(try session.store.history(of: Fixture.key), session.expectedHistory)
    }

    /// A file written by version 1 (its schema, its rows) opens, migrates, and gives what version 1 gave:
    /// the same decisions in force, the same front card and what redo can bring back.
    func testADatabaseWrittenByVersionOneLoadsUnchanged() throws {
        let url = try storeURL()
        let v1Rows: [(String, String?, String?)] = [
            ("decided", "card-0", "right"), ("decided", "card-1", "left"), ("decided", "card-2", "up"),
            ("undone", "card-2", nil), ("decided", "card-2", "down"), ("decided", "card-3", "right"),
            ("undone", "card-3", nil),
        ]
        let inserts = v1Rows.enumerated().map { second, row -> String in
            let card = row.1.map { "'\($0)'" } ?? "NULL"
            let direction = row.2.map { "'\($0)'" } ?? "NULL"
            return "INSERT INTO event (deck_id, kind, card_id, direction, occurred_at) VALUES (1, '\(row.0)', \(card), \(direction), \(Fixture.start.timeIntervalSince1970 + Double(second)));"
        }.joined(separator: "\n")
        let v1SQL = """
            CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
            INSERT INTO grdb_migrations VALUES ('v1');
            CREATE TABLE deck (id INTEGER PRIMARY KEY, key TEXT NOT NULL UNIQUE, title TEXT, opened_at REAL);
            CREATE TABLE event (
                sequence INTEGER PRIMARY KEY AUTOINCREMENT, deck_id INTEGER NOT NULL REFERENCES deck (id),
                kind TEXT NOT NULL, card_id TEXT, direction TEXT, occurred_at REAL NOT NULL
            );
            CREATE INDEX event_by_deck ON event (deck_id, sequence);
            INSERT INTO deck (id, key, title, opened_at) VALUES (1, '\(Fixture.key.path)', 'Books', 1795253744);
            \(inserts)
            """
        _ = try SQLiteShell.query(v1SQL, path: url.path)

        let store = try DecisionStore(url: url)
        var progress = try store.progress(for: Fixture.deck(count: 5), key: Fixture.key)
        XCTAssertEqual(progress.decisions, [
            Decision(cardIndex: 0, direction: .right),
            Decision(cardIndex: 1, direction: .left),
            Decision(cardIndex: 2, direction: .down),
        ])
        XCTAssertEqual(progress.frontCardIndex, 3, "the undone card is the front card, as version 1 left it")
        XCTAssertEqual(try store.history(of: Fixture.key).map(\.decidedAt), [0, 1, 4].map(Fixture.date))
        XCTAssertEqual(progress.redo(), .decide(Decision(cardIndex: 3, direction: .right)))
        XCTAssertEqual(progress.undo(), .decide(Decision(cardIndex: 3, direction: .right)))
        XCTAssertEqual(progress.undo(), .decide(Decision(cardIndex: 2, direction: .down)))
        XCTAssertEqual(progress.frontCardIndex, 2, "an undone version 1 swipe comes back to the front")

        let migrated = try SQLiteShell.query("SELECT identifier FROM grdb_migrations ORDER BY identifier; SELECT count(*), count(place_in_line) FROM event;", path: url.path)
        XCTAssertEqual(migrated.split(separator: "\n"), ["v1", "v10 file steps across directions", "v11 ratings that move on", "v12 steps of several cards", "v2 steps", "v3 field choices", "v4 sidecar baselines", "v5 file batches", "v6 sidecar sync", "v7 sidecar writes", "v8 moved file identity", "v9 ratings", "7|0"], "migrated, the old rows as they were")
        try store.record(.decided(cardID: "card-4", direction: .up, placeInLine: 1), in: Fixture.key, at: Fixture.date(9))
        XCTAssertEqual(try store.progress(for: Fixture.deck(count: 5), key: Fixture.key).direction(of: 4), .up)
    }

    /// A version 1 log never stored shifts: a card swiped after one is brought to the front on replay, so
    /// undoing it still brings it back to the front.
    func testVersionOneSwipesAfterAnUnstoredShiftComeBackToTheFront() throws {
        let store = DecisionStore.inMemory()
        try store.record(.decided(cardID: "card-2", direction: .left), in: Fixture.key, at: Fixture.date(0))
        var progress = try store.progress(for: Fixture.deck(count: 4), key: Fixture.key)
        XCTAssertEqual(progress.undo(), .decide(Decision(cardIndex: 2, direction: .left)))
        XCTAssertEqual(progress.frontCardIndex, 2)
    }
}

extension StepEventTests {
    func testLatestEventsAreNewestFirstWithTheirDatesAndLeaveOutShifts() throws {
        let store = try DecisionStore(url: try storeURL())
        let events: [DecisionEvent] = [
            .decided(cardID: "card-0", direction: .right, placeInLine: 0),
            .shifted(cardID: "card-1"),
            .decided(cardID: "card-1", direction: .left, placeInLine: 0),
            .undone(cardID: "card-1"),
            .moved(cardID: "card-0", direction: .up),
        ]
        for (offset, event) in events.enumerated() {
            try store.record(event, in: Fixture.key, at: Fixture.date(offset * 60))
        }
        let latest = try store.latestEvents(of: Fixture.key, limit: 3)
        XCTAssertEqual(latest, [
            DatedDecisionEvent(event: .moved(cardID: "card-0", direction: .up), date: Fixture.date(240)),
            DatedDecisionEvent(event: .undone(cardID: "card-1"), date: Fixture.date(180)),
            DatedDecisionEvent(event: .decided(cardID: "card-1", direction: .left, placeInLine: 0), date: Fixture.date(120)),
        ])
        XCTAssertEqual(try store.latestEvents(of: Fixture.key, limit: 100).count, 4, "the shift is not a step")
        XCTAssertEqual(try store.latestEvents(of: DeckKey(path: "/nowhere.json"), limit: 10), [], "an unknown deck has none")
        XCTAssertEqual(try store.progress(for: Fixture.deck(count: 2), key: Fixture.key).decidedCount, 1, "the full log still replays")
    }
}

/// Steps that decide several cards at once are one event, replayed with their undo and redo.
final class DecideTogetherEventTests: XCTestCase {
    func testCardsDecidedTogetherAndTheirUndoAndRedoSurviveReopening() throws {
        let url = try makeTemporaryFolder().appendingPathComponent("decisions.sqlite")
        let deck = Fixture.deck(count: 8)
        var session = RecordingSession(store: try DecisionStore(url: url), deck: deck)
        try session.decide(.right) // 0
        try session.perform { $0.decideTogether([Decision(cardIndex: 1, direction: .left), Decision(cardIndex: 2, direction: .left), Decision(cardIndex: 3, direction: .left)]) }
        try session.perform { $0.decideTogether([Decision(cardIndex: 5, direction: .left), Decision(cardIndex: 4, direction: .right)]) }
        try session.undo()
        try session.redo()
        try session.perform { $0.decideTogether([Decision(cardIndex: 6, direction: .up), Decision(cardIndex: 7, direction: .up)]) }
        try session.undo()

        let reopened = try DecisionStore(url: url)
        let resumed = try reopened.progress(for: deck, key: Fixture.key)
        XCTAssertEqual(resumed, session.progress, "the same cards in the same places, line order and history")
        XCTAssertEqual(resumed.decisions.map(\.cardIndex), [0, 1, 2, 3, 5, 4])
        XCTAssertEqual(resumed.stepToRedo, .decideTogether([Decision(cardIndex: 6, direction: .up), Decision(cardIndex: 7, direction: .up)]))
        XCTAssertEqual(try reopened.history(of: Fixture.key), session.expectedHistory)
        XCTAssertEqual(try reopened.history(of: Fixture.key).map(\.direction), [.right, .left, .left, .left, .left, .right])
    }

    /// A card id with quotes, a comma or a line break round-trips through the event's JSON.
    func testAnyCardIDRoundTrips() throws {
        let event = DecisionEvent.decidedTogether([DecidedCard(cardID: "a,\"b\"\n", direction: .left), DecidedCard(cardID: "ü", direction: .down)])
        XCTAssertEqual(DecisionEvent(storedKind: event.storedKind, cardID: event.storedCardID, direction: event.storedDirection, cards: event.storedCards), event)
        XCTAssertNil(DecisionEvent(storedKind: "decided together", cardID: "x", direction: "left", cards: "[not json"))
    }
}
