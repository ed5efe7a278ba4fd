// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// A titled list of cards and the directions they may be swiped in.
public struct Deck: Sendable, Hashable {
    public var title: String
    public var cards: [Card]
    /// The directions a swipe is recognised in; a drag the other ways meets resistance.
    public var allowedDirections: Set<SwipeDirection>
    /// What each allowed direction means to the user ("Keep", "Skip", …).
    public var labels: [SwipeDirection: String]
    /// The standardized absolute file or folder the deck was loaded from; nil for a deck built in code.
    public var source: URL?
    /// Whether the deck is a folder of images, one card per photo.
    public var isPhotoDeck: Bool

    public init(
        title: String,
        cards: [Card],
        allowedDirections: Set<SwipeDirection> = Set(SwipeDirection.allCases),
        labels: [SwipeDirection: String] = [:],
        source: URL? = nil,
        isPhotoDeck: Bool = false
    ) {
        self.title = title
        self.cards = cards
        self.allowedDirections = allowedDirections
        self.source = source
        self.isPhotoDeck = isPhotoDeck
        var merged = labels
        for direction in SwipeDirection.allCases where merged[direction] == nil {
            merged[direction] = direction.defaultLabel
        }
        self.labels = merged
    }

    /// The user-facing name of a direction.
    public func label(for direction: SwipeDirection) -> String {
        labels[direction] ?? direction.defaultLabel
    }
}
