// SPDX-License-Identifier: GPL-3.0-or-later

/// The shape every page's interaction takes, so that the four widgets drive them alike: a drag begun on what
/// it grips, moved, let go or taken away, each at its event time; the clock advanced to each frame time; and
/// whether anything still moves.
///
/// The Deck (``DeckInteraction``), a pile (``PileInteraction``), Browse's strip (``CarouselInteraction``) and
/// the sheets (``SheetStack``) conform. What a drag grips and how far it goes differ (a point on the deck, a
/// pile's card, nothing on the strip, a sheet; two axes or one), and so does what letting go decides; the
/// steps and their times do not. Every time is on the widget's event timeline, in µs.
public protocol GestureInteraction {
    /// What a drag takes hold of.
    associatedtype Grip
    /// How far a drag has gone from where it began, in pt.
    associatedtype Translation
    /// What letting go decided.
    associatedtype Release

    /// Takes hold of `grip` at `time`, catching anything moving where it is drawn; false when there is nothing
    /// there to hold, and nothing changes.
    mutating func beginDrag(_ grip: Grip, at time: Microseconds) -> Bool
    /// Moves what is held to `translation` from where the drag began.
    mutating func updateDrag(_ translation: Translation, at time: Microseconds)
    /// Lets go at `translation`, with the velocity tracked, and says what that decided.
    mutating func endDrag(_ translation: Translation, at time: Microseconds) -> Release
    /// Lets go without deciding anything (the system took the pointer away): what was held springs back.
    mutating func cancelDrag(at time: Microseconds)
    /// Moves the clock to frame time `time`, dropping motion that has ended.
    mutating func advance(to time: Microseconds)
    /// Whether anything still moves at `time`, so the widget keeps its frame clock running.
    func isAnimating(at time: Microseconds) -> Bool
}

extension GestureInteraction where Grip == Void {
    /// Takes hold at `time` of what has nothing to choose from (the whole strip).
    public mutating func beginDrag(at time: Microseconds) -> Bool {
        beginDrag((), at: time)
    }
}
