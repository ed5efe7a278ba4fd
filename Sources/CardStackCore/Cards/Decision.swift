// SPDX-License-Identifier: GPL-3.0-or-later

/// What the user decided about one card: which card, and which way it was swiped.
public struct Decision: Sendable, Hashable, Codable {
    /// Index of the card in `Deck.cards`.
    public var cardIndex: Int
    /// The way the card left the deck.
    public var direction: SwipeDirection

    /// Records that the card at `cardIndex` went `direction`.
    public init(cardIndex: Int, direction: SwipeDirection) {
        self.cardIndex = cardIndex
        self.direction = direction
    }
}
