// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import XCTest
@testable import CardStackCore

/// Every field of the record a card was read from, for Card details: in the record's order, each with the
/// parts it fills.
final class CardRecordTests: XCTestCase {
    private func record(_ text: String, as format: DeckFormat, card: Int = 0, mapping: CardFieldMapping = CardFieldMapping()) throws -> CardRecord? {
        let data = Data(text.utf8)
        let read = try DeckReader.read(data, as: format, title: "Input", baseDirectory: nil, mapping: mapping, keepsOrigins: true)
        return CardRecord(card: card, in: data, origins: try XCTUnwrap(read.origins), mapping: mapping)
    }

    func testAGitHubIssueListsEveryFieldWithThePartsItFills() throws {
        let issues = """
            [{"number": 107, "title": "Crash on start", "labels": [{"name": "bug"}, {"name": "ui"}], "state": "OPEN",
              "body": "### Steps", "url": "https://github.com/o/r/issues/107", "milestone": null},
             {"number": 108, "title": "Dark mode", "labels": [], "state": "CLOSED", "body": "", "url": "https://github.com/o/r/issues/108", "milestone": null}]
            """
        let second = try XCTUnwrap(try record(issues, as: .jsonArray, card: 1))
        XCTAssertEqual(second.fields.map(\.name), ["number", "title", "labels", "state", "body", "url", "milestone"])
        XCTAssertEqual(second.fields.map(\.value), ["108", "Dark mode", nil, "CLOSED", "", "https://github.com/o/r/issues/108", nil])
        XCTAssertEqual(second.fields.map(\.parts), [[.subtitle, .id], [.title], [.subtitle], [.subtitle], [.body], [.link], []])
        let first = try XCTUnwrap(try record(issues, as: .jsonArray))
        XCTAssertEqual(first.fields[2].value, "bug, ui")
    }

    func testACSVRowKeepsTheColumnsNoPartShows() throws {
        let csv = "Name;Beschreibung;Preis\nTeekanne;\"Steingut,\n1,2 l\";24,90\nTasse;Weiß;6,50\n"
        let row = try XCTUnwrap(try record(csv, as: .csv, card: 1))
        XCTAssertEqual(row.fields.map(\.name), ["Name", "Beschreibung", "Preis"])
        XCTAssertEqual(row.fields.map(\.value), ["Tasse", "Weiß", "6,50"])
        XCTAssertEqual(row.fields.map(\.parts), [[.title], [], []])
        XCTAssertEqual(try record(csv, as: .csv)?.fields[1].value, "Steingut,\n1,2 l", "a quoted field across lines is one value")
    }

    func testALogLineNamesItsLevelAndService() throws {
        let log = #"""
            {"ts": "2026-12-02T10:00:00Z", "level": "error", "msg": "disk full", "service": "api"}
            {"ts": "2026-12-02T10:00:01Z", "level": "info", "msg": "retrying", "service": "api", "attempt": 2}
            """#
        let data = Data(log.utf8)
        let deck = try DeckReader.read(data, as: .jsonLines, title: "Log", baseDirectory: nil).deck
        XCTAssertEqual(deck.cards.map(\.subtitle), ["error · api", "info · api"])
        let line = try XCTUnwrap(try record(log, as: .jsonLines, card: 1))
        XCTAssertEqual(line.fields.map(\.name), ["ts", "level", "msg", "service", "attempt"])
        XCTAssertEqual(line.fields.map(\.parts), [[], [.subtitle], [.title], [.subtitle], []])
        XCTAssertEqual(line.fields[4].value, "2")
    }

    func testLinesOfTextHaveNoFieldsAndAPlaceOutsideIsNoRecord() throws {
        XCTAssertNil(try record("one\ntwo\n", as: .text))
        XCTAssertNil(try record(#"["a", "b"]"#, as: .jsonArray), "a string item has no fields")
        let data = Data(#"[{"title": "a"}]"#.utf8)
        let origins = try XCTUnwrap(try DeckReader.read(data, as: .jsonArray, title: "", baseDirectory: nil, keepsOrigins: true).origins)
        XCTAssertNil(CardRecord(card: 1, in: data, origins: origins, mapping: CardFieldMapping()))
        XCTAssertNil(CardRecord(card: 0, in: data.prefix(5), origins: origins, mapping: CardFieldMapping()), "bytes shorter than the deck's")
    }

    func testAFieldsValueIsShownOnOneLineAndThePartsInWords() {
        XCTAssertEqual(RecordFieldText.shown("a\nb\tc"), "a b c")
        XCTAssertEqual(RecordFieldText.shown(String(repeating: "é", count: 400)), String(repeating: "é", count: RecordFieldText.shownLimit) + "…")
        XCTAssertEqual(RecordFieldText.shown("a" + String(repeating: "\u{301}", count: 200_000)).unicodeScalars.count, RecordFieldText.shownLimit + 1,
                       "a letter with 200,000 combining marks is cut by its scalars")
        XCTAssertNil(RecordFieldText.parts([]))
        XCTAssertEqual(RecordFieldText.parts([.title]), "The card’s title")
        XCTAssertEqual(RecordFieldText.parts([.subtitle, .id]), "The card’s subtitle and id")
    }
}
