// SPDX-License-Identifier: GPL-3.0-or-later
import CardStackCore
import CardStackFiles
import Foundation
import XCTest

/// Card details find a card's record in the deck's file, read again once, and never another card's.
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

    func testAFolderOrLinesOfTextHaveNoRecords() throws {
        let notes = folder.appendingPathComponent("notes.txt")
        try Data("one\ntwo\n".utf8).write(to: notes)
        let deck = try DeckLoader.load(from: notes, imageExtensions: [])
        XCTAssertNil(CardRecordLookup(source: .file(notes), mapping: CardFieldMapping()).record(ofCard: 0, id: deck.cards[0].id))
        XCTAssertNil(CardRecordLookup(source: .file(folder), mapping: CardFieldMapping()).record(ofCard: 0, id: "notes.txt"))
    }
}
