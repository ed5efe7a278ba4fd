// SPDX-License-Identifier: GPL-3.0-or-later

import XCTest
@testable import CardStackCore

/// Several cards decided in one step (a burst swiped as one stack, a duel's last choice): undone and made again
/// together, the line as it was.
final class DecideTogetherTests: XCTestCase {
    func testCardsDecidedTogetherAreOneStepAndUndoPutsEachBackInItsPlace() {
        var progress = DeckProgress(cardCount: 6)
        let step = progress.decideTogether([Decision(cardIndex: 0, direction: .left), Decision(cardIndex: 2, direction: .left),
                                            Decision(cardIndex: 1, direction: .right)])
        XCTAssertEqual(step, .decideTogether([Decision(cardIndex: 0, direction: .left), Decision(cardIndex: 2, direction: .left),
                                              Decision(cardIndex: 1, direction: .right)]))
        XCTAssertEqual(step?.cardIndices, [0, 2, 1])
        XCTAssertEqual(Array(progress.upcomingCardIndices), [3, 4, 5])
        XCTAssertEqual(progress.decisions.map(\.cardIndex), [0, 2, 1])
        XCTAssertEqual(progress.direction(of: 1), .right)

        XCTAssertEqual(progress.undo(), step, "one undo takes all three back")
        XCTAssertEqual(Array(progress.upcomingCardIndices), [0, 1, 2, 3, 4, 5])
        XCTAssertTrue(progress.decisions.isEmpty)
        XCTAssertEqual(progress.redo(), step)
        XCTAssertEqual(Array(progress.upcomingCardIndices), [3, 4, 5])
        XCTAssertEqual(progress.decidedCount, 3)
    }

    func testCardsBehindTheFrontAndAShiftedLineComeBackWhereTheyWere() {
        var progress = DeckProgress(cardCount: 7)
        progress.shift() // 0 to the back: 1 2 3 4 5 6 0
        let before = Array(progress.upcomingCardIndices)
        progress.decideTogether([Decision(cardIndex: 4, direction: .up), Decision(cardIndex: 0, direction: .up), Decision(cardIndex: 5, direction: .down)])
        XCTAssertEqual(Array(progress.upcomingCardIndices), [1, 2, 3, 6])
        progress.undo()
        XCTAssertEqual(Array(progress.upcomingCardIndices), before)
    }

    func testDecidedCardsAndCardsNamedTwiceArePassedByAndNothingUpcomingIsNoStep() {
        var progress = DeckProgress(cardCount: 4)
        progress.decide(.right) // 0
        let step = progress.decideTogether([Decision(cardIndex: 0, direction: .left), Decision(cardIndex: 1, direction: .left),
                                            Decision(cardIndex: 1, direction: .up)])
        XCTAssertEqual(step, .decideTogether([Decision(cardIndex: 1, direction: .left)]))
        XCTAssertEqual(progress.direction(of: 0), .right, "a decided card keeps its decision")
        XCTAssertNil(progress.decideTogether([Decision(cardIndex: 0, direction: .left), Decision(cardIndex: 1, direction: .up)]))
        XCTAssertNil(progress.decideTogether([]))
        XCTAssertEqual(progress.stepToUndo, step)
    }
}
