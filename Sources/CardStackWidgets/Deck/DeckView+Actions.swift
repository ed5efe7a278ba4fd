// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import CardStackCore

extension DeckView {
    /// Swipes the front card as a fling would; nothing happens if the deck is done or the direction not allowed.
    public func swipe(_ direction: SwipeDirection, time: Microseconds? = nil) {
        guard let decision = interaction.swipe(direction, time: time ?? now) else { return }
        report(.did(.decide(decision)))
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

    /// The keys photographers know from darktable and Lightroom, on a photo deck: 1–5 stars, 0 none, 6–9 a
    /// colour label (each one step, written to the sidecars), P keeps and X skips. Nil for another key.
    func photographersKey(_ keyval: UInt32) -> Bool? {
        let key = Int32(bitPattern: keyval)
        let digit: Int? = switch key {
        case GDK_KEY_0...GDK_KEY_9: Int(key - GDK_KEY_0)
        case GDK_KEY_KP_0...GDK_KEY_KP_9: Int(key - GDK_KEY_KP_0)
        default: nil
        }
        if let digit {
            guard let front = interaction.progress.frontCardIndex else { return false }
            // A rating the photo has already moves on too, where the user asked for that.
            if session.rate(front, digit: digit, sendingBack: movesOnAfterRating) == nil, movesOnAfterRating { shift() }
            return true
        }
        let direction: SwipeDirection? = switch key {
        case GDK_KEY_p, GDK_KEY_P: .right
        case GDK_KEY_x, GDK_KEY_X: .left
        default: nil
        }
        guard let direction, deck.allowedDirections.contains(direction) else { return nil }
        swipe(direction)
        return true
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
        // A rating changes what the front photo wears, not which card it is: say it again.
        switch change {
        case .did(.rate), .undid(.rate), .redid(.rate): updateAccessibleLabel()
        default: break
        }
    }
}
