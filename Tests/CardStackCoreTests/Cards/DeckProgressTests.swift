// SPDX-License-Identifier: GPL-3.0-or-later

import CardStackTestSupport
import XCTest
@testable import CardStackCore

final class DeckProgressTests: XCTestCase {
    func testStartsWithEveryCardUndecidedInDeckOrder() {
        let progress = DeckProgress(cardCount: 3)
        XCTAssertEqual(progress.frontCardIndex, 0)
        XCTAssertEqual(Array(progress.upcomingCardIndices), [0, 1, 2])
        XCTAssertEqual(progress.decidedCount, 0)
        XCTAssertEqual(progress.totalCount, 3)
        XCTAssertFalse(progress.isFinished)
        XCTAssertFalse(progress.canUndo)
        XCTAssertFalse(progress.canRedo)
    }

    func testDecideUndoRedo() {
        var progress = DeckProgress(cardCount: 3)
        XCTAssertEqual(progress.decide(.right), Decision(cardIndex: 0, direction: .right))
        XCTAssertEqual(progress.decide(.left), Decision(cardIndex: 1, direction: .left))
        XCTAssertEqual(progress.frontCardIndex, 2)

        XCTAssertEqual(progress.undo(), .decide(Decision(cardIndex: 1, direction: .left)))
        XCTAssertEqual(progress.frontCardIndex, 1)
        XCTAssertTrue(progress.canRedo)
        XCTAssertEqual(progress.decisions, [Decision(cardIndex: 0, direction: .right)])

        XCTAssertEqual(progress.redo(), .decide(Decision(cardIndex: 1, direction: .left)))
        XCTAssertEqual(progress.frontCardIndex, 2)
        XCTAssertFalse(progress.canRedo)

        XCTAssertEqual(progress.decide(.up), Decision(cardIndex: 2, direction: .up))
        XCTAssertTrue(progress.isFinished)
        XCTAssertNil(progress.frontCardIndex)
        XCTAssertNil(progress.decide(.up), "nothing left to decide")
        XCTAssertEqual(progress.decidedCount, 3)
    }

    func testNewDecisionForgetsRedo() {
        var progress = DeckProgress(cardCount: 3)
        progress.decide(.right)
        progress.undo()
        progress.decide(.left)
        XCTAssertFalse(progress.canRedo)
        XCTAssertNil(progress.redo())
        XCTAssertEqual(progress.decisions, [Decision(cardIndex: 0, direction: .left)])
    }

    func testUndoWithNothingToUndoChangesNothing() {
        var progress = DeckProgress(cardCount: 2)
        let before = progress
        XCTAssertNil(progress.undo())
        XCTAssertEqual(progress, before)
    }

    func testShiftMovesTheFrontCardToTheEndOutsideTheHistory() {
        var progress = DeckProgress(cardCount: 4)
        progress.decide(.right)
        XCTAssertEqual(progress.shift(), 1)
        XCTAssertEqual(Array(progress.upcomingCardIndices), [2, 3, 1])
        XCTAssertEqual(progress.decisions, [Decision(cardIndex: 0, direction: .right)])
        XCTAssertEqual(progress.undo(), .decide(Decision(cardIndex: 0, direction: .right)), "undo skips the shift")
        XCTAssertEqual(Array(progress.upcomingCardIndices), [0, 2, 3, 1])
    }

    func testShiftNeedsACardToGoBehind() {
        var progress = DeckProgress(cardCount: 2)
        progress.decide(.left)
        XCTAssertNil(progress.shift())
        XCTAssertEqual(progress.frontCardIndex, 1)
    }

    func testRedoBringsAShiftedCardBackToTheFront() {
        var progress = DeckProgress(cardCount: 3)
        progress.decide(.down)
        progress.undo()
        progress.shift()
        XCTAssertEqual(Array(progress.upcomingCardIndices), [1, 2, 0])
        XCTAssertEqual(progress.redo(), .decide(Decision(cardIndex: 0, direction: .down)))
        XCTAssertEqual(Array(progress.upcomingCardIndices), [1, 2])
    }

    func testReplayRebuildsTheHistoryAndSkipsStaleEntries() {
        let history = [
            Decision(cardIndex: 2, direction: .right),
            Decision(cardIndex: 7, direction: .left), // no such card any more
            Decision(cardIndex: 0, direction: .up),
            Decision(cardIndex: 2, direction: .left), // already decided
        ]
        var progress = DeckProgress(cardCount: 4, replaying: history)
        XCTAssertEqual(progress.decisions, [Decision(cardIndex: 2, direction: .right), Decision(cardIndex: 0, direction: .up)])
        XCTAssertEqual(Array(progress.upcomingCardIndices), [1, 3])
        XCTAssertEqual(progress.undo(), .decide(Decision(cardIndex: 0, direction: .up)))
        XCTAssertEqual(progress.frontCardIndex, 0)
    }

    func testRestartUndecidesEverythingAsOneUndoableStep() {
        var progress = DeckProgress(cardCount: 3)
        progress.decide(.right)
        progress.shift()
        progress.decide(.left)
        progress.undo()
        let before = progress
        XCTAssertEqual(progress.restart(), .restart)
        XCTAssertEqual(Array(progress.upcomingCardIndices), [0, 1, 2])
        XCTAssertEqual(progress.decisions, [])
        XCTAssertFalse(progress.canRedo, "a restart is a new step: it forgets what could be redone")
        XCTAssertEqual(progress.undo(), .restart)
        XCTAssertEqual(progress.decisions, before.decisions)
        XCTAssertEqual(Array(progress.upcomingCardIndices), Array(before.upcomingCardIndices))
        XCTAssertEqual(progress.redo(), .restart)
        XCTAssertEqual(progress.decidedCount, 0)
    }

    func testReviewAgainPutsThatDirectionsCardsBackInFront() {
        var progress = DeckProgress(cardCount: 5)
        progress.decide(.left) // 0
        progress.decide(.right) // 1
        progress.decide(.left) // 2
        progress.decide(.right) // 3
        progress.undo() // 3 comes back, redoable
        XCTAssertEqual(progress.returnAll(.left), 2)
        XCTAssertEqual(progress.decisions, [Decision(cardIndex: 1, direction: .right)])
        XCTAssertEqual(Array(progress.upcomingCardIndices), [0, 2, 3, 4])
        XCTAssertFalse(progress.canRedo)
        XCTAssertEqual(progress.undo(), .returnAll(.left, count: 2), "returning a direction is one undoable step")
        XCTAssertEqual(progress.decisions.map(\.cardIndex), [0, 1, 2], "each decision back in its place")
        XCTAssertEqual(Array(progress.upcomingCardIndices), [3, 4])
        XCTAssertEqual(progress.undo(), .decide(Decision(cardIndex: 2, direction: .left)), "kept decisions stay undoable")
        XCTAssertEqual(Array(progress.upcomingCardIndices), [2, 3, 4])
    }

    func testReviewAgainWithNothingDecidedThatWayChangesNothing() {
        var progress = DeckProgress(cardCount: 3)
        progress.decide(.right)
        progress.undo()
        let before = progress
        XCTAssertEqual(progress.returnAll(.left), 0)
        XCTAssertEqual(progress, before)
    }

    func testMovingFilesIsAStepThatChangesNoCard() {
        var progress = DeckProgress(cardCount: 4)
        progress.decide(.left)
        progress.decide(.right)
        let before = progress
        XCTAssertEqual(progress.moveFiles([.left], batch: 7), .moveFiles([.left], batch: 7))
        XCTAssertEqual(progress.decisions, before.decisions, "no card moves with its files")
        XCTAssertEqual(Array(progress.upcomingCardIndices), Array(before.upcomingCardIndices))
        XCTAssertEqual(progress.stepToUndo, .moveFiles([.left], batch: 7))
        XCTAssertEqual(progress.undo(), .moveFiles([.left], batch: 7), "the files' step is the one taken back first")
        XCTAssertEqual(progress.decisions, before.decisions)
        XCTAssertEqual(progress.redo(), .moveFiles([.left], batch: 7))
        XCTAssertEqual(progress.undo(), .moveFiles([.left], batch: 7))
        XCTAssertEqual(progress.undo(), .decide(Decision(cardIndex: 1, direction: .right)), "then the decisions before it")
        progress.moveFiles([.left], batch: 8)
        XCTAssertFalse(progress.canRedo, "a new step forgets what could be redone")
    }

    func testEveryCardAppearsOnceInTheOrder() {
        var progress = DeckProgress(cardCount: 50)
        var generator = SeededGenerator(seed: 7)
        for _ in 0..<400 {
            switch generator.next() % 5 {
            case 0: progress.undo()
            case 1: progress.redo()
            case 2: progress.shift()
            default: progress.decide(SwipeDirection.allCases[Int(generator.next() % 4)])
            }
            XCTAssertEqual(progress.order.sorted(), Array(0..<50))
            XCTAssertEqual(progress.decisions.map(\.cardIndex), Array(progress.order.prefix(progress.decidedCount)))
        }
    }

    func testAHundredThousandCards() {
        var progress = DeckProgress(cardCount: 100_000)
        progress.decide(.right)
        XCTAssertEqual(Array(progress.upcomingCardIndices.prefix(3)), [1, 2, 3])
        XCTAssertEqual(progress.upcomingCardIndices.count, 99_999)
        XCTAssertEqual(progress.totalCount, 100_000)
    }
}
