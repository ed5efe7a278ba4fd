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
/// app does (the same `DecisionEvent(_:after:in:)`): one event per change, at a clock that ticks a
/// second per event.
struct RecordingSession {
    let store: DecisionStore
    let deck: Deck
    let key: DeckKey
    private(set) var progress: DeckProgress
    private(set) var eventCount = 0
    /// The sequence number of the event recorded last.
    private(set) var lastSequence: Int64?
    /// When each card's decisions came into force, by card index, the one in force last.
    private(set) var decidedAt: [Int: [Date]] = [:]

    init(store: DecisionStore, deck: Deck, key: DeckKey = Fixture.key, progress: DeckProgress? = nil) {
        self.store = store
        self.deck = deck
        self.key = key
        self.progress = progress ?? DeckProgress(cardCount: deck.cards.count)
    }

    private mutating func record(_ change: ProgressChange) throws {
        let date = Fixture.date(eventCount)
        lastSequence = try store.record(try XCTUnwrap(DecisionEvent(change, after: progress, in: deck)), in: key, at: date)
        eventCount += 1
        switch change {
        case .did(.decide(let decision)), .did(.move(let decision, _)),
             .redid(.decide(let decision)), .redid(.move(let decision, _)):
            decidedAt[decision.cardIndex, default: []].append(date)
        case .undid(.decide(let decision)), .undid(.move(let decision, _)):
            decidedAt[decision.cardIndex]?.removeLast()
        case .did(.decideTogether(let decisions)), .redid(.decideTogether(let decisions)):
            for decision in decisions { decidedAt[decision.cardIndex, default: []].append(date) }
        case .undid(.decideTogether(let decisions)):
            for decision in decisions { decidedAt[decision.cardIndex]?.removeLast() }
        default:
            break
        }
    }

    /// Applies `step` and records it; false when it changed nothing.
    @discardableResult
    mutating func perform(_ step: (inout DeckProgress) -> Step?) throws -> Bool {
        guard let made = step(&progress) else { return false }
        try record(.did(made))
        return true
    }

    /// Swipes the front card; false when the deck is finished.
    @discardableResult
    mutating func decide(_ direction: SwipeDirection) throws -> Bool {
        try perform { progress in progress.decide(direction).map(Step.decide) }
    }

    @discardableResult
    mutating func undo() throws -> Bool {
        guard let step = progress.undo() else { return false }
        try record(.undid(step))
        return true
    }

    @discardableResult
    mutating func redo() throws -> Bool {
        guard let step = progress.redo() else { return false }
        try record(.redid(step))
        return true
    }

    @discardableResult
    mutating func shift() throws -> Bool {
        guard let card = progress.shift() else { return false }
        try record(.shifted(cardIndex: card))
        return true
    }

    mutating func restart() throws {
        try perform { $0.restart() }
    }

    @discardableResult
    mutating func review(_ direction: SwipeDirection) throws -> Bool {
        try perform { progress in
            let count = progress.returnAll(direction)
            return count > 0 ? .returnAll(direction, count: count) : nil
        }
    }

    /// What the store should hold now: the decisions in force with their ids and times.
    var expectedHistory: [StoredDecision] {
        progress.decisions.map { decision in
            StoredDecision(
                cardID: deck.cards[decision.cardIndex].id,
                direction: decision.direction,
                decidedAt: decidedAt[decision.cardIndex]?.last ?? .distantPast
            )
        }
    }
}
