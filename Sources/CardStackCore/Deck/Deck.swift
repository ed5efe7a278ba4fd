// SPDX-License-Identifier: GPL-3.0-or-later

/// A titled list of cards and the directions they may be swiped in.
public struct Deck: Sendable, Hashable {
    public var title: String
    public var cards: [Card]
    /// The directions a swipe is recognised in; a drag the other ways meets resistance.
    public var allowedDirections: Set<SwipeDirection>
    /// What each allowed direction means to the user ("Keep", "Skip", …).
    public var labels: [SwipeDirection: String]

    public init(
        title: String,
        cards: [Card],
        allowedDirections: Set<SwipeDirection> = Set(SwipeDirection.allCases),
        labels: [SwipeDirection: String] = [:]
    ) {
        self.title = title
        self.cards = cards
        self.allowedDirections = allowedDirections
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
