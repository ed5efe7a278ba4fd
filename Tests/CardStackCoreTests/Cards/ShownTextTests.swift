// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import XCTest
@testable import CardStackCore

/// What cards show of their text is bounded, whatever the file holds (a title of 50,000 combining
/// marks froze the first frame for 11 s).
final class ShownTextTests: XCTestCase {
    func testShortTextIsShownAsItIs() {
        let card = Card(id: "a", title: "Dune", subtitle: "Frank Herbert", body: "Spice.")
        XCTAssertEqual(card.shownTitle, "Dune")
        XCTAssertEqual(card.shownSubtitle, "Frank Herbert")
        XCTAssertEqual(card.shownBody, "Spice.")
        XCTAssertFalse(card.hasLongTitle)
        XCTAssertEqual(Card.shown(String(repeating: "x", count: Card.shownTitleLimit), limit: Card.shownTitleLimit).count, Card.shownTitleLimit,
                       "exactly at the limit is not cut")
    }

    /// Text with more bytes than the limit but no more scalars is whole; one scalar more is cut (the byte count
    /// only spares the walk through short text).
    func testTheLimitCountsScalarsNotBytes() {
        let accents = String(repeating: "é", count: Card.shownTitleLimit)
        XCTAssertGreaterThan(accents.utf8.count, Card.shownTitleLimit)
        XCTAssertEqual(Card.shown(accents, limit: Card.shownTitleLimit), accents)
        XCTAssertFalse(Card.isLonger(accents, than: Card.shownTitleLimit))
        XCTAssertEqual(Card.shown(accents + "x", limit: Card.shownTitleLimit), accents + "…")
        XCTAssertTrue(Card.isLonger(accents + "x", than: Card.shownTitleLimit))
        XCTAssertTrue(Card.isLonger(String(repeating: "x", count: Card.shownTitleLimit + 1), than: Card.shownTitleLimit))
    }

    func testCombiningMarksAreCountedOneByOne() {
        let marks = "a" + String(repeating: "\u{301}", count: 200_000)
        XCTAssertEqual(marks.count, 1, "one character to Swift…")
        let card = Card(id: "m", title: marks, body: String(repeating: "word ", count: 200_000))
        XCTAssertEqual(card.shownTitle.unicodeScalars.count, Card.shownTitleLimit + 1, "…but cut by scalars, with the ellipsis")
        XCTAssertTrue(card.shownTitle.hasSuffix("…"))
        XCTAssertTrue(card.hasLongTitle)
        XCTAssertEqual(card.shownBody?.unicodeScalars.count, Card.shownBodyLimit + 1)
    }

    func testDeckTitlesAndLabelsAreBounded() {
        let deck = Deck(title: String(repeating: "T", count: 10_000), cards: [], labels: [.right: String(repeating: "L", count: 500)])
        XCTAssertEqual(deck.title.unicodeScalars.count, Card.shownTitleLimit + 1)
        XCTAssertEqual(deck.label(for: .right).unicodeScalars.count, Deck.labelLimit + 1)
    }

    func testAHugeDeckFieldLoadsAndIsCutForShow() throws {
        let body = String(repeating: "All work and no play. ", count: 50_000)
        let deck = try CSVDeckParser.parse(Data("title,body\nBig,\(body)\n".utf8), title: "big", baseDirectory: nil)
        XCTAssertEqual(deck.cards.first?.body?.count, body.count - 1, "the card keeps its whole text (trimmed) for Card details")
        XCTAssertEqual(deck.cards.first?.shownBody?.unicodeScalars.count, Card.shownBodyLimit + 1)
    }
}
