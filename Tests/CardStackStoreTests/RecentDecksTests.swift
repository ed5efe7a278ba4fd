// SPDX-License-Identifier: GPL-3.0-or-later
import CardStackCore
import Foundation
import XCTest

@testable import CardStackStore

/// The Recent Decks menu: newest first, one entry per deck, the latest title.
final class RecentDecksTests: XCTestCase {
    func testNewestFirstWithTheLatestTitle() throws {
        let url = try makeTemporaryFolder().appendingPathComponent("decisions.sqlite")
        let books = Fixture.key
        let films = DeckKey(path: "/home/ada/Decks/films.json")
        let games = DeckKey(path: "/home/ada/Decks/games.json")
        do {
            let store = try DecisionStore(url: url)
            try store.recordOpened(books, title: "Books", at: Fixture.date(0))
            try store.recordOpened(films, title: "Films", at: Fixture.date(10))
            try store.record(.decided(cardID: "x", direction: .up), in: games, at: Fixture.date(15))
            try store.recordOpened(books, title: "Books to read", at: Fixture.date(20))
        }
        let store = try DecisionStore(url: url)
        XCTAssertEqual(try store.recentDecks(limit: 10), [
            RecentDeck(key: books, title: "Books to read", lastOpened: Fixture.date(20)),
            RecentDeck(key: films, title: "Films", lastOpened: Fixture.date(10)),
        ], "a deck that only has events was never opened, so it isn't listed")
        XCTAssertEqual(try store.recentDecks(limit: 1).map(\.path), [books.path])
        XCTAssertEqual(try store.recentDecks(limit: 0), [])
    }

    func testOpeningKeepsTheDecisions() throws {
        let store = DecisionStore.inMemory()
        try store.record(.decided(cardID: "card-0", direction: .left), in: Fixture.key, at: Fixture.date(0))
        try store.recordOpened(Fixture.key, title: "Books", at: Fixture.date(1))
        XCTAssertEqual(try store.history(of: Fixture.key).map(\.cardID), ["card-0"])
    }

    func testFieldChoicesAreKeptPerDeckAcrossReopeningAndDoNotListTheDeck() throws {
        let url = try makeTemporaryFolder().appendingPathComponent("decisions.sqlite")
        let books = Fixture.key
        let films = DeckKey(path: "/home/ada/Decks/films.csv")
        do {
            let store = try DecisionStore(url: url)
            try store.recordOpened(books, title: "Books", at: Fixture.date(0))
            try store.setFieldChoices(["title": "Name", "body": "Notes"], for: books)
            try store.setFieldChoices(["title": "Film"], for: films)
        }
        let store = try DecisionStore(url: url)
        XCTAssertEqual(try store.fieldChoices(of: books), ["title": "Name", "body": "Notes"])
        XCTAssertEqual(try store.fieldChoices(of: films), ["title": "Film"])
        XCTAssertEqual(try store.recentDecks(limit: 10).map(\.path), [books.path], "choosing fields is not opening")
        try store.recordOpened(books, title: "Books", at: Fixture.date(5))
        XCTAssertEqual(try store.fieldChoices(of: books), ["title": "Name", "body": "Notes"], "opening again keeps the choice")
        try store.setFieldChoices([:], for: books)
        XCTAssertEqual(try store.fieldChoices(of: books), [:], "back to the common names")
        XCTAssertEqual(try store.fieldChoices(of: DeckKey(standardInputDigest: "00")), [:])
    }

    /// What a sidecar held before a decision was written into it, and what was written, survive a relaunch; once
    /// given back, a sidecar has no record until the next decision reads it afresh.
    func testSidecarBaselinesAreKeptAcrossReopeningUntilRestored() throws {
        let url = try makeTemporaryFolder().appendingPathComponent("decisions.sqlite")
        let sidecar = "/photos/IMG_1.CR2.xmp"
        let record = SidecarRecord(baseline: SidecarValues(rating: "3", pickLabel: nil), written: SidecarValues(rating: "-1", pickLabel: "1"), created: false)
        do {
            let store = try DecisionStore(url: url)
            XCTAssertNil(try store.sidecarRecord(of: sidecar, card: "c1", key: Fixture.key))
            try store.recordSidecarWritten(sidecar, card: "c1", record: record, key: Fixture.key)
            try store.recordSidecarWritten("/photos/IMG_2.CR2.xmp", card: "c2", record: SidecarRecord(baseline: SidecarValues(), written: SidecarValues(pickLabel: "2"), created: true), key: Fixture.key)
        }
        let store = try DecisionStore(url: url)
        XCTAssertEqual(try store.sidecarRecord(of: sidecar, card: "c1", key: Fixture.key), record)
        XCTAssertEqual(try store.sidecarRecord(of: "/photos/IMG_2.CR2.xmp", card: "c2", key: Fixture.key)?.created, true)
        XCTAssertNil(try store.sidecarRecord(of: sidecar, card: "c1", key: DeckKey(path: "/elsewhere")), "per deck")
        try store.recordSidecarRestored(sidecar, card: "c1", key: Fixture.key)
        XCTAssertNil(try store.sidecarRecord(of: sidecar, card: "c1", key: Fixture.key))
        XCTAssertEqual(try store.recentDecks(limit: 10).map(\.path), [], "writing sidecars is not opening a deck")
    }
}
