// SPDX-License-Identifier: GPL-3.0-or-later
import CardStackCore
import Foundation

/// One exported decision: which card, what it was called, which way it went and when.
public struct ExportRow: Sendable, Hashable {
    /// The `Card.id` of the decided card.
    public var cardID: String
    /// The card's title in the deck, or empty when the deck no longer has the card.
    public var title: String
    /// The way the card was swiped.
    public var direction: SwipeDirection
    /// When the decision came into force.
    public var decidedAt: Date

    /// Describes one exported decision.
    public init(cardID: String, title: String, direction: SwipeDirection, decidedAt: Date) {
        self.cardID = cardID
        self.title = title
        self.direction = direction
        self.decidedAt = decidedAt
    }
}
