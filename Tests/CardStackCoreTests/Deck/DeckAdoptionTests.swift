// SPDX-License-Identifier: GPL-3.0-or-later

import XCTest
@testable import CardStackCore

/// The swipe deck showing steps made on other pages, and undo and redo from anywhere.
final class DeckAdoptionTests: XCTestCase {
    private let viewSize = Size(width: 800, height: 600)
    private let start: Microseconds = 1_000_000

    private func deck(cards: Int) -> DeckInteraction {
        let cards = (0..<cards).map { Card(id: "c\($0)", title: "Card \($0)") }
        return DeckInteraction(deck: Deck(title: "Test", cards: cards), viewSize: viewSize)
    }

    func testAnUndoneSwipeFromAnotherPageComesBackFromItsSide() throws {
        var interaction = deck(cards: 5)
        interaction.ownedSwipe(.right, at: start)
        var shared = interaction.progress
        let step = try XCTUnwrap(shared.undo())
        let later = start + 2_000_000
        interaction.advance(to: later)
        interaction.adopt(shared, after: .undid(step), at: later)
        XCTAssertEqual(interaction.frontCardIndex, 0)
        let frame = interaction.frame(at: later + 16_000)
        let front = try XCTUnwrap(frame.last { $0.cardIndex == 0 })
        XCTAssertGreaterThan(front.center.x, interaction.layout.frontCenter.x + 100, "still coming in from the right")
        XCTAssertTrue(interaction.isAnimating(at: later + 16_000))
    }

    func testACardReturnedFromAPileIsTheFrontCardAtOnce() throws {
        var interaction = deck(cards: 5)
        interaction.ownedSwipe(.left, at: start)
        interaction.ownedSwipe(.up, at: start + 10_000)
        var shared = interaction.progress
        let step = try XCTUnwrap(shared.returnToDeck(0))
        interaction.adopt(shared, after: .did(step), at: start + 20_000)
        XCTAssertEqual(interaction.frontCardIndex, 0)
        XCTAssertEqual(interaction.inFlightCount, 1, "card 1 keeps flying; card 0 is not in flight any more")
        let frame = interaction.frame(at: start + 20_000)
        XCTAssertEqual(frame.filter { $0.cardIndex == 0 }.count, 1, "drawn once, in the stack")
    }

    func testADragOnACardDecidedElsewhereIsDropped() {
        var interaction = deck(cards: 3)
        XCTAssertTrue(interaction.beginDrag(interaction.layout.frontCenter, at: start))
        var shared = interaction.progress
        shared.decide(0, .down)
        interaction.adopt(shared, after: .did(.decide(Decision(cardIndex: 0, direction: .down))), at: start + 8_000)
        XCTAssertNil(interaction.ownedEndDrag(Point(x: 300, y: 0), at: start + 16_000), "no second decision")
        XCTAssertEqual(interaction.progress.decidedCount, 1)
        XCTAssertEqual(interaction.frontCardIndex, 1)
    }

    func testRestartAndReturnAllAreStepsUndoneLikeAnyOther() {
        var interaction = deck(cards: 4)
        interaction.ownedSwipe(.left, at: start)
        interaction.ownedSwipe(.right, at: start)
        XCTAssertEqual(interaction.ownedReturnAll(.left), 1)
        XCTAssertEqual(interaction.ownedUndo(at: start + 1_000), .returnAll(.left, count: 1))
        XCTAssertEqual(interaction.ownedRestart(), .restart)
        XCTAssertEqual(interaction.frontCardIndex, 0)
        XCTAssertEqual(interaction.ownedUndo(at: start + 2_000), .restart)
        XCTAssertEqual(interaction.progress.decidedCount, 2)
        XCTAssertEqual(interaction.frontCardIndex, 2)
    }
}
