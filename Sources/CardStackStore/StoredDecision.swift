// SPDX-License-Identifier: GPL-3.0-or-later
import CardStackCore
import Foundation

/// A decision in force, as the store knows it: cards are named by id, since the deck may change.
public struct StoredDecision: Sendable, Hashable {
    /// The `Card.id` of the decided card.
    public var cardID: String
    /// The way the card was swiped.
    public var direction: SwipeDirection
    /// When the decision came into force: the swipe, or the redo that brought it back.
    public var decidedAt: Date

    /// Describes one decision in force.
    public init(cardID: String, direction: SwipeDirection, decidedAt: Date) {
        self.cardID = cardID
        self.direction = direction
        self.decidedAt = decidedAt
    }
}
