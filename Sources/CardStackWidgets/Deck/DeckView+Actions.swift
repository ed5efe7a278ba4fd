// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import CardStackCore

extension DeckView {
    /// Swipes the front card as a fling would; nothing happens if the deck is done or the direction not allowed.
    public func swipe(_ direction: SwipeDirection, at time: Microseconds? = nil) {
        guard let decision = interaction.swipe(direction, at: time ?? now) else { return }
        session.decide(decision)
    }

    /// How little a drag needs to be a swipe, as the user prefers.
    public var sensitivity: SwipeSensitivity {
        get { interaction.sensitivity }
        set { interaction.sensitivity = newValue }
    }

    /// Moves the front card to the back of the deck: it starts sinking, and the session moves it.
    public func shift() {
        guard interaction.shift(at: now) != nil else { return }
        session.shift()
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

    /// Shows a change made in the session: a step this page reported, another page's, or an undo or redo.
    func sessionChanged(_ change: ProgressChange, _ progress: DeckProgress) {
        // A decision (or its undo) takes the playing card away, or brings another to the front.
        if let playback, progress.frontCardIndex != playback.cardIndex { stopPlayback() }
        interaction.adopt(progress, after: change, at: now)
        changed()
        // A rating changes what the front photo wears, not which card it is: say it again.
        switch change {
        case .did(.rate), .undid(.rate), .redid(.rate): updateAccessibleLabel()
        default: break
        }
    }
}
