// SPDX-License-Identifier: GPL-3.0-or-later
import CardStackCore

extension DeckView {
    /// Swipes the front card as a fling would; nothing happens if the deck is done or the direction not allowed.
    public func swipe(_ direction: SwipeDirection, time: Microseconds? = nil) {
        guard let decision = interaction.swipe(direction, time: time ?? now) else { return }
        report(.decided(decision))
    }

    /// Brings back the last decided card from the side it left; false when there is nothing to undo.
    @discardableResult
    public func undo(time: Microseconds? = nil) -> Bool {
        guard let decision = interaction.undo(time: time ?? now) else { return false }
        report(.undone(decision))
        return true
    }

    /// Decides again the card last undone; false when there is nothing to redo.
    @discardableResult
    public func redo() -> Bool {
        guard let decision = interaction.redo(time: now) else { return false }
        report(.redone(decision))
        return true
    }

    /// Moves the front card to the back of the deck.
    public func shift() {
        guard let index = interaction.shift(time: now) else { return }
        report(.shifted(cardIndex: index))
    }

    /// Makes every card undecided again.
    public func restart() {
        interaction.restart()
        faces.removeAll()
        report(.restarted)
    }

    /// Makes the cards decided in `direction` the deck again; returns how many.
    @discardableResult
    public func reviewAgain(_ direction: SwipeDirection) -> Int {
        let count = interaction.reviewAgain(direction)
        if count > 0 { report(.reviewing(direction, count: count)) }
        return count
    }

    func report(_ change: Change) {
        onChange?(change)
        changed()
    }
}
