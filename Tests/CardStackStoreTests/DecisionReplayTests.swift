// SPDX-License-Identifier: GPL-3.0-or-later
import CardStackCore
import Foundation
import CardStackTestSupport
import XCTest

@testable import CardStackStore

/// The event log replays to what the user saw, across a relaunch.
final class DecisionReplayTests: XCTestCase {
    private func storeURL() throws -> URL {
        try makeTemporaryFolder().appendingPathComponent("decisions.sqlite")
    }

    func testDecideUndoRedoSurviveReopening() throws {
        let url = try storeURL()
        let deck = Fixture.deck(count: 5)
        var session = RecordingSession(store: try DecisionStore(url: url), deck: deck)
        try session.decide(.right)
        try session.decide(.left)
        try session.decide(.up)
        try session.undo()
        try session.undo()
        try session.redo()
        try session.decide(.down)
        try session.decide(.right)
        try session.undo()
        XCTAssertEqual(session.progress.frontCardIndex, 3)
        XCTAssertTrue(session.progress.canRedo)

        let reopened = try DecisionStore(url: url)
        let history = try reopened.history(of: Fixture.key)
        XCTAssertEqual(history, session.expectedHistory)
        XCTAssertEqual(history.map(\.cardID), ["card-0", "card-1", "card-2"])
        XCTAssertEqual(history.map(\.direction), [.right, .left, .down])
        XCTAssertEqual(history.map(\.decidedAt), [Fixture.date(0), Fixture.date(5), Fixture.date(6)])

        var resumed = try reopened.progress(for: deck, key: Fixture.key)
        XCTAssertEqual(resumed, session.progress, "same decisions, order and redo stack")
        XCTAssertEqual(resumed.frontCardIndex, 3)
        XCTAssertEqual(resumed.decidedCount, 3)
        XCTAssertEqual(resumed.redo(), .decide(Decision(cardIndex: 3, direction: .right)))
        XCTAssertEqual(resumed.undo(), .decide(Decision(cardIndex: 3, direction: .right)))
        XCTAssertEqual(resumed.undo(), .decide(Decision(cardIndex: 2, direction: .down)))
        XCTAssertEqual(resumed.frontCardIndex, 2)
    }

    func testUndoAfterReopeningIsRecordedAndReplayed() throws {
        let url = try storeURL()
        let deck = Fixture.deck(count: 3)
        do {
            var session = RecordingSession(store: try DecisionStore(url: url), deck: deck)
            try session.decide(.right)
            try session.decide(.left)
        }
        let store = try DecisionStore(url: url)
        var session = RecordingSession(
            store: store, deck: deck, progress: try store.progress(for: deck, key: Fixture.key)
        )
        XCTAssertTrue(try session.undo())
        XCTAssertEqual(session.progress.frontCardIndex, 1)

        let resumed = try DecisionStore(url: url).progress(for: deck, key: Fixture.key)
        XCTAssertEqual(resumed.decisions, [Decision(cardIndex: 0, direction: .right)])
        XCTAssertEqual(resumed.frontCardIndex, 1)
        XCTAssertTrue(resumed.canRedo)
    }

    func testRestartUndecidesEverythingAndCanBeUndoneAfterReopening() throws {
        let url = try storeURL()
        let deck = Fixture.deck(count: 4)
        var session = RecordingSession(store: try DecisionStore(url: url), deck: deck)
        try session.decide(.right)
        try session.decide(.left)
        try session.undo()
        try session.restart()
        XCTAssertEqual(try DecisionStore(url: url).history(of: Fixture.key), [])
        try session.decide(.up)

        let reopened = try DecisionStore(url: url)
        XCTAssertEqual(try reopened.history(of: Fixture.key), session.expectedHistory)
        let resumed = try reopened.progress(for: deck, key: Fixture.key)
        XCTAssertEqual(resumed.decisions, [Decision(cardIndex: 0, direction: .up)])
        XCTAssertEqual(resumed.frontCardIndex, 1)
        XCTAssertFalse(resumed.canRedo, "a restart forgets what could be redone")
        XCTAssertEqual(resumed, session.progress)
        var undone = resumed
        undone.undo()
        XCTAssertEqual(undone.undo(), .restart)
        XCTAssertEqual(undone.decisions, [Decision(cardIndex: 0, direction: .right)], "the restart is undoable after a relaunch")
    }

    func testReviewingUndecidesThatDirectionOnly() throws {
        let url = try storeURL()
        let deck = Fixture.deck(count: 6)
        var session = RecordingSession(store: try DecisionStore(url: url), deck: deck)
        for direction in [SwipeDirection.right, .left, .right, .left, .up] {
            try session.decide(direction)
        }
        try session.undo()
        XCTAssertTrue(try session.review(.left))

        let reopened = try DecisionStore(url: url)
        let history = try reopened.history(of: Fixture.key)
        XCTAssertEqual(history, session.expectedHistory)
        XCTAssertEqual(history.map(\.cardID), ["card-0", "card-2"])

        var resumed = try reopened.progress(for: deck, key: Fixture.key)
        XCTAssertEqual(resumed.decisions, session.progress.decisions)
        XCTAssertFalse(resumed.canRedo, "reviewing forgets what could be redone, as DeckProgress does")
        // The reviewed cards are undecided again and come up first, as they did before the relaunch.
        XCTAssertEqual(Array(resumed.upcomingCardIndices), [1, 3, 4, 5])
        XCTAssertEqual(resumed, session.progress)
        XCTAssertEqual(resumed.undo(), .returnAll(.left, count: 2), "reviewing is one undoable step")
        XCTAssertEqual(resumed.undo(), .decide(Decision(cardIndex: 3, direction: .left)), "then the latest swipe")
    }

    func testProgressMatchesCardsByIDAndSkipsUnknownAndRepeatedOnes() throws {
        let store = DecisionStore.inMemory()
        let events: [DecisionEvent] = [
            .decided(cardID: "b", direction: .right),
            .decided(cardID: "gone", direction: .left),
            .decided(cardID: "b", direction: .left),
            .decided(cardID: "c", direction: .up),
        ]
        for (second, event) in events.enumerated() {
            try store.record(event, in: Fixture.key, at: Fixture.date(second))
        }
        // A card decided twice counts once, the first time: one row per card, never two conflicting ones.
        XCTAssertEqual(try store.history(of: Fixture.key).map(\.cardID), ["b", "gone", "c"])

        // The deck was edited since: cards reordered, "gone" removed.
        let deck = Deck(title: "Edited", cards: ["c", "a", "b"].map { Card(id: $0, title: $0.uppercased()) })
        let progress = try store.progress(for: deck, key: Fixture.key)
        XCTAssertEqual(progress.decisions, [
            Decision(cardIndex: 2, direction: .right),
            Decision(cardIndex: 0, direction: .up),
        ])
        XCTAssertEqual(progress.frontCardIndex, 1)
    }

    func testDecksAreKeptApart() throws {
        let store = DecisionStore.inMemory()
        let other = DeckKey(path: "/home/ada/Decks/films.json")
        try store.record(.decided(cardID: "card-0", direction: .right), in: Fixture.key, at: Fixture.date(0))
        try store.record(.decided(cardID: "card-0", direction: .left), in: other, at: Fixture.date(1))
        try store.record(.restarted, in: other, at: Fixture.date(2))
        XCTAssertEqual(try store.history(of: Fixture.key).map(\.direction), [.right])
        XCTAssertEqual(try store.history(of: other), [])
        XCTAssertEqual(try store.history(of: DeckKey(path: "/never/opened.json")), [])
    }

    func testDeckKeyIsTheStandardizedAbsolutePath() {
        XCTAssertEqual(DeckKey(path: "/home/ada/Decks/../Decks/./books.json"), Fixture.key)
        XCTAssertEqual(DeckKey(url: URL(fileURLWithPath: "/home/ada/Decks/books.json")), Fixture.key)
        XCTAssertTrue(DeckKey(path: "relative.json").path.hasPrefix("/"))
    }

    func testAThousandRandomEventsReplayToWhatTheUserSaw() throws {
        let url = try storeURL()
        let deck = Fixture.deck(count: 40)
        var session = RecordingSession(store: try DecisionStore(url: url), deck: deck)
        var random = SeededGenerator(seed: 2026)
        var kinds: [String: Int] = [:]
        while session.eventCount < 1000 {
            let roll = Int.random(in: 0..<100, using: &random)
            let direction = SwipeDirection.allCases.randomElement(using: &random) ?? .right
            let kind: String
            let changed: Bool
            switch roll {
            case 0..<55: (kind, changed) = ("decided", try session.decide(direction))
            case 55..<78: (kind, changed) = ("undone", try session.undo())
            case 78..<95: (kind, changed) = ("redone", try session.redo())
            case 95..<99: (kind, changed) = ("reviewing", try session.review(direction))
            default:
                try session.restart()
                (kind, changed) = ("restarted", true)
            }
            if changed { kinds[kind, default: 0] += 1 }
        }
        XCTAssertEqual(kinds.keys.sorted(), ["decided", "redone", "restarted", "reviewing", "undone"])

        let reopened = try DecisionStore(url: url)
        XCTAssertEqual(try reopened.history(of: Fixture.key), session.expectedHistory)
        var resumed = try reopened.progress(for: deck, key: Fixture.key)
        var live = session.progress
        XCTAssertEqual(resumed, live, "the same state, line order and history")
        while live.canRedo {
            XCTAssertEqual(resumed.redo(), live.redo())
        }
        XCTAssertFalse(resumed.canRedo)
        while live.canUndo {
            XCTAssertEqual(resumed.undo(), live.undo())
        }
        XCTAssertFalse(resumed.canUndo)
    }

    func testReplaySkipsEventsThatDoNotFit() {
        let ids = ["a", "b"]
        var replay = DecisionReplay(cardCount: 2) { ids.firstIndex(of: $0) }
        replay.apply(.undone(cardID: "never-decided"), at: Fixture.date(0))
        replay.apply(.decided(cardID: "a", direction: .left), at: Fixture.date(1))
        replay.apply(.undone(cardID: "b"), at: Fixture.date(2))
        replay.apply(.undone(cardID: nil), at: Fixture.date(3))
        replay.apply(.redone(cardID: "b", direction: .up), at: Fixture.date(4))
        replay.apply(.returned(cardID: "b"), at: Fixture.date(5))
        replay.apply(.moved(cardID: "gone", direction: .up), at: Fixture.date(6))
        XCTAssertEqual(replay.progress.decisions, [Decision(cardIndex: 0, direction: .left)], "only the decision that fits")
        XCTAssertEqual(replay.decidedAt(0), Fixture.date(1))
        XCTAssertFalse(replay.progress.canRedo)
        XCTAssertNil(DecisionEvent(storedKind: "shuffled", cardID: nil, direction: nil))
        XCTAssertNil(DecisionEvent(storedKind: "decided", cardID: "a", direction: "sideways"))
        XCTAssertNil(DecisionEvent(storedKind: "moved", cardID: "a", direction: nil))
        XCTAssertEqual(DecisionEvent(storedKind: "reviewing", cardID: nil, direction: "up"), .reviewing(.up))
        XCTAssertEqual(DecisionEvent(storedKind: "undone", cardID: nil, direction: nil), .undone(cardID: nil))
    }
}
