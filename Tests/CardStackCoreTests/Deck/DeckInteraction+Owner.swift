// SPDX-License-Identifier: GPL-3.0-or-later
import CardStackCore

/// The deck's owner, played for the tests as `DeckSession` plays it in the app: what the interaction reports is
/// made on a copy of the progress it shows, and handed back with `adopt(_:after:time:)`.
extension DeckInteraction {
    /// Releases the drag; a decision it reports is made.
    @discardableResult
    mutating func ownedEndDrag(_ translation: Point, at time: Microseconds, velocity: Point? = nil) -> Decision? {
        guard let decision = endDrag(translation, at: time, velocity: velocity) else { return nil }
        make(at: time) { $0.decide(decision.cardIndex, decision.direction) }
        return decision
    }

    /// Swipes the front card; the decision it reports is made.
    @discardableResult
    mutating func ownedSwipe(_ direction: SwipeDirection, at time: Microseconds) -> Decision? {
        guard let decision = swipe(direction, at: time) else { return nil }
        make(at: time) { $0.decide(decision.cardIndex, decision.direction) }
        return decision
    }

    /// Starts the front card sinking; the owner moves it to the back of the line.
    @discardableResult
    mutating func ownedShift(at time: Microseconds) -> Int? {
        guard let cardIndex = shift(at: time) else { return nil }
        var next = progress
        guard next.shift() == cardIndex else { return nil }
        adopt(next, after: .shifted(cardIndex: cardIndex), at: time)
        return cardIndex
    }

    /// Takes back the latest step, as Ctrl+Z does through the owner.
    @discardableResult
    mutating func ownedUndo(at time: Microseconds) -> Step? {
        make(at: time, told: ProgressChange.undid) { $0.undo() }
    }

    /// Makes the latest undone step again.
    @discardableResult
    mutating func ownedRedo(at time: Microseconds) -> Step? {
        make(at: time, told: ProgressChange.redid) { $0.redo() }
    }

    /// Start Over, made by the owner.
    @discardableResult
    mutating func ownedRestart(at time: Microseconds = 0) -> Step? {
        make(at: time) { $0.restart() }
    }

    /// Returns a direction's cards to the deck; how many.
    @discardableResult
    mutating func ownedReturnAll(_ direction: SwipeDirection, at time: Microseconds = 0) -> Int {
        let step = make(at: time) { progress in
            let count = progress.returnAll(direction)
            return count > 0 ? .returnAll(direction, count: count) : nil
        }
        guard case .returnAll(_, let count)? = step else { return 0 }
        return count
    }

    /// Makes `step` on a copy of the progress shown and hands it back, told as `told` says (a new step by default).
    @discardableResult
    private mutating func make(at time: Microseconds, told: (Step) -> ProgressChange = ProgressChange.did,
                               _ step: (inout DeckProgress) -> Step?) -> Step? {
        var next = progress
        guard let made = step(&next) else { return nil }
        adopt(next, after: told(made), at: time)
        return made
    }
}
