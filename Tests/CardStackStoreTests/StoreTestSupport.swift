// SPDX-License-Identifier: GPL-3.0-or-later
import CardStackCore
import Foundation
import CardStackTestSupport
import XCTest

@testable import CardStackStore

/// Dates, decks and keys shared by the store tests; explicit values, never the clock.
enum Fixture {
    /// 2026-11-21T09:35:44Z.
    static let start = Date(timeIntervalSince1970: 1_795_253_744)
    static let key = DeckKey(path: "/home/ada/Decks/books.json")

    /// `seconds` after `start`.
    static func date(_ seconds: Int) -> Date {
        start.addingTimeInterval(TimeInterval(seconds))
    }

    /// A deck of `count` cards with ids `card-0`, `card-1`, … and titles `Card 0`, `Card 1`, ….
    static func deck(count: Int) -> Deck {
        Deck(title: "Books", cards: (0..<count).map { Card(id: "card-\($0)", title: "Card \($0)") })
    }
}

extension XCTestCase {
    /// A new empty folder, removed (made writable first) when the test ends.
    func makeTemporaryFolder() throws -> URL {
        let folder = try TemporaryFolder()
        addTeardownBlock { folder.remove() }
        return folder.url
    }

    /// Asserts that `body` throws exactly `expected`.
    func assertThrows<T>(
        _ expected: DecisionStoreError,
        file: StaticString = #filePath,
        line: UInt = #line,
        _ body: () throws -> T
    ) {
        do {
            _ = try body()
            XCTFail("expected \(expected), nothing was thrown", file: file, line: line)
        } catch {
            XCTAssertEqual(error as? DecisionStoreError, expected, file: file, line: line)
        }
    }
}

/// Does to a `DeckProgress` what the app does, and records each change in the store the way the
/// app will: one event per change, at a clock that ticks a second per event.
struct RecordingSession {
    let store: DecisionStore
    let deck: Deck
    let key: DeckKey
    private(set) var progress: DeckProgress
    private(set) var eventCount = 0
    /// When each decided card's decision came into force, by card index.
    private(set) var decidedAt: [Int: Date] = [:]

    init(store: DecisionStore, deck: Deck, key: DeckKey = Fixture.key, progress: DeckProgress? = nil) {
        self.store = store
        self.deck = deck
        self.key = key
        self.progress = progress ?? DeckProgress(cardCount: deck.cards.count)
    }

    private mutating func record(_ event: DecisionEvent) throws {
        let date = Fixture.date(eventCount)
        try store.record(event, in: key, at: date)
        eventCount += 1
        switch event {
        case .decided(let cardID, _), .redone(let cardID, _):
            decidedAt[index(of: cardID)] = date
        default:
            break
        }
    }

    private func index(of cardID: String) -> Int {
        deck.cards.firstIndex { $0.id == cardID } ?? -1
    }

    /// Swipes the front card; false when the deck is finished.
    @discardableResult
    mutating func decide(_ direction: SwipeDirection) throws -> Bool {
        guard let decision = progress.decide(direction) else { return false }
        try record(.decided(cardID: deck.cards[decision.cardIndex].id, direction: direction))
        return true
    }

    @discardableResult
    mutating func undo() throws -> Bool {
        guard let decision = progress.undo() else { return false }
        try record(.undone(cardID: deck.cards[decision.cardIndex].id))
        return true
    }

    @discardableResult
    mutating func redo() throws -> Bool {
        guard let decision = progress.redo() else { return false }
        try record(.redone(cardID: deck.cards[decision.cardIndex].id, direction: decision.direction))
        return true
    }

    mutating func restart() throws {
        progress.restart()
        try record(.restarted)
    }

    @discardableResult
    mutating func review(_ direction: SwipeDirection) throws -> Bool {
        guard progress.reviewAgain(direction) > 0 else { return false }
        try record(.reviewing(direction))
        return true
    }

    /// What the store should hold now: the decisions in force with their ids and times.
    var expectedHistory: [StoredDecision] {
        progress.decisions.map { decision in
            StoredDecision(
                cardID: deck.cards[decision.cardIndex].id,
                direction: decision.direction,
                decidedAt: decidedAt[decision.cardIndex] ?? .distantPast
            )
        }
    }
}
