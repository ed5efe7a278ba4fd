// SPDX-License-Identifier: GPL-3.0-or-later

import CardStackTestSupport
import XCTest
@testable import CardStackCore

/// Every kind of step the pages make, their undo and redo, and a long random run against a naive model.
final class StepHistoryTests: XCTestCase {
    func testDecidingACardInTheMiddleAndUndoingPutsItBackInItsPlace() {
        var progress = DeckProgress(cardCount: 5)
        XCTAssertEqual(progress.decide(3, .up), .decide(Decision(cardIndex: 3, direction: .up)))
        XCTAssertEqual(progress.placeOfLatestDecision, 3)
        XCTAssertEqual(Array(progress.upcomingCardIndices), [0, 1, 2, 4])
        XCTAssertEqual(progress.frontCardIndex, 0, "deciding another card leaves the front card alone")
        XCTAssertEqual(progress.direction(of: 3), .up)
        XCTAssertEqual(progress.undo(), .decide(Decision(cardIndex: 3, direction: .up)))
        XCTAssertEqual(Array(progress.upcomingCardIndices), [0, 1, 2, 3, 4])
        XCTAssertNil(progress.direction(of: 3))
        XCTAssertEqual(progress.redo(), .decide(Decision(cardIndex: 3, direction: .up)))
        XCTAssertEqual(Array(progress.upcomingCardIndices), [0, 1, 2, 4])
    }

    func testDecidingADecidedCardAnotherWayMovesIt() {
        var progress = DeckProgress(cardCount: 3)
        progress.decide(.right)
        progress.decide(.left)
        XCTAssertEqual(progress.decide(0, .up), .move(Decision(cardIndex: 0, direction: .up), from: .right))
        XCTAssertNil(progress.decide(0, .up), "already decided that way: no step")
        XCTAssertEqual(progress.decisions.map(\.cardIndex), [1, 0], "a moved card goes on top of its new pile")
        XCTAssertEqual(progress.undo(), .move(Decision(cardIndex: 0, direction: .up), from: .right))
        XCTAssertEqual(progress.decisions, [Decision(cardIndex: 0, direction: .right), Decision(cardIndex: 1, direction: .left)])
        XCTAssertEqual(progress.direction(of: 0), .right)
        XCTAssertNil(progress.move(2, to: .left), "an upcoming card can't be moved")
    }

    func testReturningACardMakesItTheNextCardAndUndoPutsItBackInItsPile() {
        var progress = DeckProgress(cardCount: 4)
        progress.decide(.right) // 0
        progress.decide(.right) // 1
        progress.decide(.left) // 2
        XCTAssertEqual(progress.returnToDeck(1), .returnToDeck(Decision(cardIndex: 1, direction: .right)))
        XCTAssertEqual(progress.frontCardIndex, 1)
        XCTAssertEqual(Array(progress.upcomingCardIndices), [1, 3])
        XCTAssertNil(progress.returnToDeck(1), "an upcoming card can't be returned")
        progress.shift() // 1 to the back: undo finds it wherever it is
        XCTAssertEqual(progress.undo(), .returnToDeck(Decision(cardIndex: 1, direction: .right)))
        XCTAssertEqual(progress.decisions.map(\.cardIndex), [0, 1, 2], "back in its place in the pile")
        XCTAssertEqual(Array(progress.upcomingCardIndices), [3])
        XCTAssertEqual(progress.redo(), .returnToDeck(Decision(cardIndex: 1, direction: .right)))
        XCTAssertEqual(progress.frontCardIndex, 1)
    }

    func testUndoTakesBackTheLatestStepWhicheverKind() {
        var progress = DeckProgress(cardCount: 6)
        progress.decide(.right)
        progress.decide(.left)
        progress.decide(4, .up)
        progress.move(0, to: .left)
        progress.returnAll(.left)
        progress.restart()
        let steps = (0..<6).compactMap { _ in progress.undo() }
        XCTAssertEqual(steps, [
            .restart,
            .returnAll(.left, count: 2),
            .move(Decision(cardIndex: 0, direction: .left), from: .right),
            .decide(Decision(cardIndex: 4, direction: .up)),
            .decide(Decision(cardIndex: 1, direction: .left)),
            .decide(Decision(cardIndex: 0, direction: .right)),
        ])
        XCTAssertEqual(Array(progress.upcomingCardIndices), Array(0..<6), "all the way back")
        XCTAssertEqual(progress.decisions, [])
        XCTAssertFalse(progress.canUndo)
        let redone = (0..<6).compactMap { _ in progress.redo() }
        XCTAssertEqual(redone, steps.reversed())
        XCTAssertEqual(progress.decidedCount, 0)
        XCTAssertNil(progress.redo())
    }

    func testANewStepForgetsWhatCouldBeRedone() {
        var progress = DeckProgress(cardCount: 3)
        progress.decide(.right)
        progress.returnToDeck(0)
        progress.undo()
        XCTAssertTrue(progress.canRedo)
        progress.decide(2, .down)
        XCTAssertFalse(progress.canRedo)
    }

    func testRestartWithNothingDecidedIsNoStep() {
        var progress = DeckProgress(cardCount: 3)
        progress.shift()
        let before = progress
        XCTAssertNil(progress.restart())
        XCTAssertEqual(progress, before, "nothing changes, so nothing needs storing")
    }

    /// 10,000 seeded steps of every kind, with undo and redo, against a model that keeps whole states.
    func testTenThousandRandomStepsMatchTheReferenceModel() {
        let count = 60
        var progress = DeckProgress(cardCount: count)
        var model = ReferenceProgress(cardCount: count)
        var random = SeededGenerator(seed: 909)
        var made: [String: Int] = [:]
        for _ in 0..<10_000 {
            let card = Int.random(in: 0..<count, using: &random)
            let direction = SwipeDirection.allCases.randomElement(using: &random) ?? .left
            let name: String
            let changed: Bool
            switch Int.random(in: 0..<100, using: &random) {
            case 0..<30: (name, changed) = ("decide front", progress.decide(direction) != nil)
            case 30..<40: (name, changed) = ("decide any", progress.decide(card, direction) != nil)
            case 40..<48: (name, changed) = ("return", progress.returnToDeck(card) != nil)
            case 48..<55: (name, changed) = ("move", progress.move(card, to: direction) != nil)
            case 55..<57: (name, changed) = ("return all", progress.returnAll(direction) > 0)
            case 57: (name, changed) = ("restart", progress.restart() != nil)
            case 58..<80: (name, changed) = ("undo", progress.undo() != nil)
            default: (name, changed) = ("redo", progress.redo() != nil)
            }
            let modelChanged = switch name {
            case "decide front": model.decideFront(direction)
            case "decide any": model.decide(card, direction)
            case "return": model.returnToDeck(card)
            case "move": model.move(card, to: direction)
            case "return all": model.returnAll(direction)
            case "restart": model.restart()
            case "undo": model.undo()
            default: model.redo()
            }
            XCTAssertEqual(changed, modelChanged, name)
            if changed { made[name, default: 0] += 1 }
            XCTAssertEqual(Array(progress.upcomingCardIndices), model.line, name)
            XCTAssertEqual(progress.decisions, model.decided, name)
            XCTAssertEqual(progress.canUndo, !model.undoStack.isEmpty)
            XCTAssertEqual(progress.canRedo, !model.redoStack.isEmpty)
        }
        XCTAssertEqual(made.count, 8, "every kind of step happened: \(made)")
    }

    /// With shifts in between, which reorder the line outside the history, every card stays in one place.
    func testEveryCardStaysInExactlyOnePlaceThroughShifts() {
        let count = 40
        var progress = DeckProgress(cardCount: count)
        var random = SeededGenerator(seed: 31)
        for _ in 0..<5_000 {
            let card = Int.random(in: 0..<count, using: &random)
            let direction = SwipeDirection.allCases.randomElement(using: &random) ?? .left
            switch Int.random(in: 0..<10, using: &random) {
            case 0, 1: progress.decide(direction)
            case 2: progress.decide(card, direction)
            case 3: progress.returnToDeck(card)
            case 4: progress.move(card, to: direction)
            case 5: progress.shift()
            case 6: if Int.random(in: 0..<10, using: &random) == 0 { progress.returnAll(direction) }
            case 7, 8: progress.undo()
            default: progress.redo()
            }
            XCTAssertEqual(progress.order.sorted(), Array(0..<count))
            for decision in progress.decisions {
                XCTAssertEqual(progress.direction(of: decision.cardIndex), decision.direction)
            }
            for cardIndex in progress.upcomingCardIndices {
                XCTAssertTrue(progress.isUpcoming(cardIndex))
            }
        }
    }
}

/// The naive model: the whole state copied before and after every step, undo and redo swapping copies.
private struct ReferenceProgress {
    struct State: Equatable {
        var line: [Int]
        var decided: [Decision]
    }

    let cardCount: Int
    var state: State
    var undoStack: [(before: State, after: State)] = []
    var redoStack: [(before: State, after: State)] = []

    init(cardCount: Int) {
        self.cardCount = cardCount
        state = State(line: Array(0..<cardCount), decided: [])
    }

    var line: [Int] { state.line }
    var decided: [Decision] { state.decided }

    private mutating func step(_ change: (inout State) -> Bool) -> Bool {
        var next = state
        guard change(&next) else { return false }
        undoStack.append((state, next))
        redoStack.removeAll()
        state = next
        return true
    }

    mutating func decideFront(_ direction: SwipeDirection) -> Bool {
        guard let front = state.line.first else { return false }
        return decide(front, direction)
    }

    mutating func decide(_ card: Int, _ direction: SwipeDirection) -> Bool {
        if state.line.contains(card) {
            return step { state in
                state.line.removeAll { $0 == card }
                state.decided.append(Decision(cardIndex: card, direction: direction))
                return true
            }
        }
        return move(card, to: direction)
    }

    mutating func returnToDeck(_ card: Int) -> Bool {
        step { state in
            guard state.decided.contains(where: { $0.cardIndex == card }) else { return false }
            state.decided.removeAll { $0.cardIndex == card }
            state.line.insert(card, at: 0)
            return true
        }
    }

    mutating func move(_ card: Int, to direction: SwipeDirection) -> Bool {
        step { state in
            guard let old = state.decided.first(where: { $0.cardIndex == card }), old.direction != direction else { return false }
            state.decided.removeAll { $0.cardIndex == card }
            state.decided.append(Decision(cardIndex: card, direction: direction))
            return true
        }
    }

    mutating func returnAll(_ direction: SwipeDirection) -> Bool {
        step { state in
            let returned = state.decided.filter { $0.direction == direction }.map(\.cardIndex)
            guard !returned.isEmpty else { return false }
            state.decided.removeAll { $0.direction == direction }
            state.line = returned + state.line
            return true
        }
    }

    mutating func restart() -> Bool {
        guard !state.decided.isEmpty else { return false }
        let count = cardCount
        return step { state in
            state = State(line: Array(0..<count), decided: [])
            return true
        }
    }

    mutating func undo() -> Bool {
        guard let entry = undoStack.popLast() else { return false }
        state = entry.before
        redoStack.append(entry)
        return true
    }

    mutating func redo() -> Bool {
        guard let entry = redoStack.popLast() else { return false }
        state = entry.after
        undoStack.append(entry)
        return true
    }
}
