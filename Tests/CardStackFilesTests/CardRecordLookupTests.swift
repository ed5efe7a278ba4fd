// SPDX-License-Identifier: GPL-3.0-or-later
import CardStackCore
import CardStackFiles
import Foundation
import XCTest

/// Card details find a card's record at its place in the deck's file, or in the file read again once, and never
/// another card's.
final class CardRecordLookupTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("record-lookup-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    func testAFileDecksRecordIsReadAgainAndAChangedFileGivesNone() throws {
        let file = folder.appendingPathComponent("shop.csv")
        try Data("Name,Beschreibung,Preis\nTeekanne,Steingut,24.90\nTasse,Weiß,6.50\n".utf8).write(to: file)
        let deck = try DeckLoader.load(from: file, imageExtensions: [])
        let lookup = CardRecordLookup(source: .file(file), mapping: CardFieldMapping())
        let record = try XCTUnwrap(lookup.record(ofCard: 1, id: deck.cards[1].id))
        XCTAssertEqual(record.fields.map(\.value), ["Tasse", "Weiß", "6.50"])
        XCTAssertNil(lookup.record(ofCard: 1, id: "another card"), "the card at that place is not the one on show")
        XCTAssertNil(lookup.record(ofCard: 2, id: deck.cards[1].id))

        // Changed after the deck was read: the file's first card is another one now.
        try Data("Name,Beschreibung,Preis\nKrug,Glas,9.00\nTasse,Weiß,6.50\n".utf8).write(to: file)
        let fresh = CardRecordLookup(source: .file(file), mapping: CardFieldMapping())
        XCTAssertNil(fresh.record(ofCard: 0, id: deck.cards[0].id))
        XCTAssertEqual(fresh.record(ofCard: 1, id: deck.cards[1].id)?.fields.first?.value, "Tasse")
    }

    func testARecordIsReadAtItsPlaceWhileTheFileIsTheOneRead() throws {
        let file = folder.appendingPathComponent("shop.csv")
        try Data("Name,Beschreibung,Preis\nTeekanne,\"Steingut, \"\"blau\"\"\nmit Deckel\",24.90\nTasse,Weiß,6.50\n".utf8).write(to: file)
        let (deck, places) = try DeckLoader.loadNotingRecords(from: file, imageExtensions: [])
        let lookup = CardRecordLookup(source: .placed(file, try XCTUnwrap(places)), mapping: CardFieldMapping())
        XCTAssertEqual(lookup.record(ofCard: 0, id: deck.cards[0].id)?.fields.map(\.value), ["Teekanne", "Steingut, \"blau\"\nmit Deckel", "24.90"])
        XCTAssertEqual(lookup.record(ofCard: 1, id: deck.cards[1].id)?.fields.map(\.name), ["Name", "Beschreibung", "Preis"])
        XCTAssertNil(lookup.record(ofCard: 2, id: "none"))

        // Changed after the deck was read: read again whole, and its first card is another one now.
        try Data("Name,Beschreibung,Preis\nKrug,Glas,9.00\nTasse,Weiß,6.50\n".utf8).write(to: file)
        XCTAssertNil(lookup.record(ofCard: 0, id: deck.cards[0].id))
        XCTAssertEqual(lookup.record(ofCard: 1, id: deck.cards[1].id)?.fields.first?.value, "Tasse")
    }

    func testAJSONListsRecordsArePlacedAndOtherDecksHaveNoPlaces() throws {
        let lines = folder.appendingPathComponent("issues.jsonl")
        try Data("{\"title\":\"Crash on start\",\"labels\":[\"bug\"]}\n{\"title\":\"Dark mode\",\"number\":7}\n".utf8).write(to: lines)
        let (deck, places) = try DeckLoader.loadNotingRecords(from: lines, imageExtensions: [])
        let lookup = CardRecordLookup(source: .placed(lines, try XCTUnwrap(places)), mapping: CardFieldMapping())
        XCTAssertEqual(lookup.record(ofCard: 1, id: deck.cards[1].id)?.fields.map(\.name), ["title", "number"])
        XCTAssertEqual(lookup.record(ofCard: 1, id: deck.cards[1].id)?.fields.last?.value, "7")

        let ownDeck = folder.appendingPathComponent("books.json")
        try Data(#"{"title":"Books","cards":[{"title":"Dune"}]}"#.utf8).write(to: ownDeck)
        XCTAssertNil(try DeckLoader.loadNotingRecords(from: ownDeck, imageExtensions: []).places, "a CardStack deck's cards have no records")
        // UTF-16 is read transcoded: its places would not be the file's.
        let wide = folder.appendingPathComponent("wide.csv")
        try (Data([0xFF, 0xFE]) + "Name\nTasse\n".data(using: .utf16LittleEndian)!).write(to: wide)
        let read = try DeckLoader.loadNotingRecords(from: wide, imageExtensions: [])
        XCTAssertEqual(read.deck.cards.first?.title, "Tasse")
        XCTAssertNil(read.places)
    }

    func testAFolderOrLinesOfTextHaveNoRecords() throws {
        let notes = folder.appendingPathComponent("notes.txt")
        try Data("one\ntwo\n".utf8).write(to: notes)
        let deck = try DeckLoader.load(from: notes, imageExtensions: [])
        XCTAssertNil(CardRecordLookup(source: .file(notes), mapping: CardFieldMapping()).record(ofCard: 0, id: deck.cards[0].id))
        XCTAssertNil(CardRecordLookup(source: .file(folder), mapping: CardFieldMapping()).record(ofCard: 0, id: "notes.txt"))
    }
}
