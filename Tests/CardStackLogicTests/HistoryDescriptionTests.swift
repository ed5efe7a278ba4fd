// SPDX-License-Identifier: GPL-3.0-or-later
import CardStackCore
import CardStackLogic
import CardStackStore
import Foundation
import XCTest

/// History's lines: each stored event in the deck's own labels, naming its card by the title the card shows.
final class HistoryDescriptionTests: XCTestCase {
    private let deck = Deck(title: "Books", cards: [Card(id: "dune", title: "Dune"), Card(id: "solaris", title: "Solaris"),
                                                    Card(id: "dune", title: "Dune, again")],
                            labels: [.right: "Read", .up: "Buy"])
    private let date = Date(timeIntervalSince1970: 1_795_253_744)

    private func line(_ event: DecisionEvent) -> HistoryLine {
        HistoryDescription(deck: deck).lines([DatedDecisionEvent(event: event, date: date)])[0]
    }

    func testEachEventIsSaidInTheDecksLabelsAboutItsCard() {
        XCTAssertEqual(line(.decided(cardID: "solaris", direction: .right)), HistoryLine(what: "Read", card: "Solaris", date: date))
        XCTAssertEqual(line(.decided(cardID: "dune", direction: .left)).what, "Skip", "a label the deck leaves out is the default one")
        XCTAssertEqual(line(.decided(cardID: "dune", direction: .left)).card, "Dune", "two cards with one id: the first, as the store matches them")
        XCTAssertEqual(line(.moved(cardID: "dune", direction: .up)).what, "Moved to Buy")
        XCTAssertEqual(line(.returned(cardID: "dune")).what, "Back to the deck")
        XCTAssertEqual(line(.shifted(cardID: "dune")).what, "Moved to the back")
        XCTAssertEqual(line(.redone(cardID: "dune", direction: .up)).what, "Redone: Buy")
        XCTAssertEqual(line(.redone(cardID: nil, direction: nil)), HistoryLine(what: "Redone", card: nil, date: date))
        XCTAssertEqual(line(.undone(cardID: "solaris")).what, "Undone")
        XCTAssertEqual(line(.rated(cardID: "solaris", rating: PhotoRating(stars: 3))).card, "Solaris")
    }

    func testStepsAboutTheWholeDeckNameNoCard() {
        XCTAssertEqual(line(.reviewing(.right)), HistoryLine(what: "Every “Read” card back to the deck", card: nil, date: date))
        XCTAssertEqual(line(.restarted), HistoryLine(what: "Started over", card: nil, date: date))
        XCTAssertEqual(line(.movedFiles(directions: [.right, .up], batch: 4)).card, nil)
        XCTAssertTrue(line(.movedFiles(directions: [.right, .up], batch: 4)).what.contains("Read"))
        XCTAssertTrue(line(.movedFiles(directions: [.right, .up], batch: 4)).what.contains("Buy"))
    }

    func testACardNoLongerInTheDeckIsNamedByItsID() {
        XCTAssertEqual(line(.decided(cardID: "hyperion", direction: .right)).card, "hyperion")
    }

    func testOneDescriptionNamesTheCardsOfEachNewReading() {
        let describe = HistoryDescription(deck: deck)
        let first = describe.lines([DatedDecisionEvent(event: .decided(cardID: "solaris", direction: .right), date: date)])
        XCTAssertEqual(first.map(\.card), ["Solaris"])
        let later = describe.lines([.decided(cardID: "hyperion", direction: .up), .decidedTogether([.init(cardID: "dune", direction: .right), .init(cardID: "solaris", direction: .right)]),
                                    .undone(cardID: "hyperion"), .returned(cardID: "dune")].map { DatedDecisionEvent(event: $0, date: date) })
        XCTAssertEqual(later.map(\.card), ["hyperion", "Dune, Solaris", "hyperion", "Dune"], "ids named later are found, the first card with an id")
    }

    func testLinesKeepTheOrderAndDatesGiven() {
        let events = (0..<3).map { DatedDecisionEvent(event: .undone(cardID: nil), date: date.addingTimeInterval(Double($0))) }
        XCTAssertEqual(HistoryDescription(deck: deck).lines(events).map(\.date), events.map(\.date))
    }
}
