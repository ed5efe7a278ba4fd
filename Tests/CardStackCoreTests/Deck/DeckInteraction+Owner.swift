// SPDX-License-Identifier: GPL-3.0-or-later
import CardStackCore

/// The deck's owner, played for the tests as `DeckSession` plays it in the app: what the interaction reports is
/// made on a copy of the progress it shows, and handed back with `adopt(_:after:time:)`.
extension DeckInteraction {
    /// Releases the drag; a decision it reports is made.
    @discardableResult
    mutating func ownedEndDrag(translation: Point, time: Microseconds, velocity: Point? = nil) -> Decision? {
        guard let decision = endDrag(translation: translation, time: time, velocity: velocity) else { return nil }
        make(time: time) { $0.decide(decision.cardIndex, decision.direction) }
        return decision
    }

    /// Swipes the front card; the decision it reports is made.
    @discardableResult
    mutating func ownedSwipe(_ direction: SwipeDirection, time: Microseconds) -> Decision? {
        guard let decision = swipe(direction, time: time) else { return nil }
        make(time: time) { $0.decide(decision.cardIndex, decision.direction) }
        return decision
    }

    /// Starts the front card sinking; the owner moves it to the back of the line.
    @discardableResult
    mutating func ownedShift(time: Microseconds) -> Int? {
        guard let cardIndex = shift(time: time) else { return nil }
        var next = progress
        guard next.shift() == cardIndex else { return nil }
        adopt(next, after: .shifted(cardIndex: cardIndex), time: time)
        return cardIndex
    }

    /// Takes back the latest step, as Ctrl+Z does through the owner.
    @discardableResult
    mutating func ownedUndo(time: Microseconds) -> Step? {
        var next = progress
        guard let step = next.undo() else { return nil }
        adopt(next, after: .undid(step), time: time)
        return step
    }

    /// Makes the latest undone step again.
    @discardableResult
    mutating func ownedRedo(time: Microseconds) -> Step? {
        var next = progress
        guard let step = next.redo() else { return nil }
        adopt(next, after: .redid(step), time: time)
        return step
    }

    /// Start Over, made by the owner.
    @discardableResult
    mutating func ownedRestart(time: Microseconds = 0) -> Step? {
        make(time: time) { $0.restart() }
    }

    /// Returns a direction's cards to the deck; how many.
    @discardableResult
    mutating func ownedReturnAll(_ direction: SwipeDirection, time: Microseconds = 0) -> Int {
        let step = make(time: time) { progress in
            let count = progress.returnAll(direction)
            return count > 0 ? .returnAll(direction, count: count) : nil
        }
        guard case .returnAll(_, let count)? = step else { return 0 }
        return count
    }

    /// Makes `step` on a copy of the progress shown and hands it back.
    @discardableResult
    private mutating func make(time: Microseconds, _ step: (inout DeckProgress) -> Step?) -> Step? {
        var next = progress
        guard let made = step(&next) else { return nil }
        adopt(next, after: .did(made), time: time)
        return made
    }
}
