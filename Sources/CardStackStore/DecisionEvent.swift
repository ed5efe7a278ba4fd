// SPDX-License-Identifier: GPL-3.0-or-later
import CardStackCore

/// One change the user made to a deck's decisions, stored the moment it happens.
///
/// The store keeps these as an append-only log and derives the decisions in force by replaying
/// them, so an interrupted write can lose at most the one event being written, never leave a
/// half-applied state behind.
public enum DecisionEvent: Sendable, Equatable {
    /// The card went `direction` when the swipe was recognised.
    case decided(cardID: String, direction: SwipeDirection)
    /// The latest decision about the card was taken back.
    case undone(cardID: String)
    /// An undone decision was made again, the same way.
    case redone(cardID: String, direction: SwipeDirection)
    /// Every card is undecided again; nothing can be undone or redone.
    case restarted
    /// The cards decided this way are undecided again and come up next; nothing can be redone.
    case reviewing(SwipeDirection)
}
