// SPDX-License-Identifier: GPL-3.0-or-later
import CardStackCore
import Foundation

/// One exported decision: which card, what it was called, which way it went (and what the deck calls that
/// way), when, and the card's picture.
public struct ExportRow: Sendable, Hashable {
    /// The `Card.id` of the decided card.
    public var cardID: String
    /// The card's title in the deck, or empty when the deck no longer has the card.
    public var title: String
    /// The way the card was swiped.
    public var direction: SwipeDirection
    /// The deck's name for that way ("Keep", "Read").
    public var label: String
    /// When the decision came into force.
    public var decidedAt: Date
    /// The absolute path of the card's picture (every card of a photo deck), or nil.
    public var path: String?

    /// Describes one exported decision.
    public init(cardID: String, title: String, direction: SwipeDirection, label: String, decidedAt: Date, path: String? = nil) {
        self.cardID = cardID
        self.title = title
        self.direction = direction
        self.label = label
        self.decidedAt = decidedAt
        self.path = path
    }
}
