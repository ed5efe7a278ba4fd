// SPDX-License-Identifier: GPL-3.0-or-later
import CardStackCore

extension DeckView {
    /// Swipes the front card as a fling would; nothing happens if the deck is done or the direction not allowed.
    public func swipe(_ direction: SwipeDirection, time: Microseconds? = nil) {
        guard let decision = interaction.swipe(direction, time: time ?? now) else { return }
        report(.did(.decide(decision)))
    }

    /// Takes back the latest step of the shared history; an undone swipe brings its card back from the side it
    /// left. False when there is nothing to undo.
    @discardableResult
    public func undo(time: Microseconds? = nil) -> Bool {
        guard let step = interaction.undo(time: time ?? now) else { return false }
        report(.undid(step))
        return true
    }

    /// Makes the latest undone step again; false when there is nothing to redo.
    @discardableResult
    public func redo(time: Microseconds? = nil) -> Bool {
        guard let step = interaction.redo(time: time ?? now) else { return false }
        report(.redid(step))
        return true
    }

    /// How little a drag needs to be a swipe, as the user prefers.
    public var sensitivity: SwipeSensitivity {
        get { interaction.sensitivity }
        set { interaction.sensitivity = newValue }
    }

    /// Moves the front card to the back of the deck.
    public func shift() {
        guard let index = interaction.shift(time: now) else { return }
        report(.shifted(cardIndex: index))
    }

    /// Makes every card undecided again, as one undoable step.
    public func restart() {
        guard let step = interaction.restart() else { return }
        report(.did(step))
    }

    /// Returns the cards decided `direction` to the front of the deck, as one undoable step; returns how many.
    @discardableResult
    public func returnAll(_ direction: SwipeDirection) -> Int {
        let count = interaction.returnAll(direction)
        if count > 0 { report(.did(.returnAll(direction, count: count))) }
        return count
    }

    /// Hands a change made here to the session, which tells the other pages and the store.
    func report(_ change: ProgressChange) {
        session.adopt(interaction.progress, after: change, from: self)
        changed()
    }

    /// Shows a change another page made, or an undo or redo from anywhere.
    func sessionChanged(_ change: ProgressChange, _ progress: DeckProgress) {
        interaction.adopt(progress, after: change, time: now)
        changed()
    }
}
