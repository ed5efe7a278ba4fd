// SPDX-License-Identifier: GPL-3.0-or-later

/// One change the user made to a deck's decisions: the unit of undo and redo, whichever page made it.
///
/// Every step can be taken back exactly, because `DeckProgress` keeps what it needs to restore the state
/// from before it (a card's old place in line, an old direction, a whole old state for a restart).
public enum Step: Sendable, Hashable {
    /// An undecided card, the front one or any other, went this way.
    case decide(Decision)
    /// Several undecided cards went their ways at once, in this order: a burst's frames swiped as one stack, or
    /// a duel's last choice (the frame left out skipped, the one kept kept). Undone together.
    case decideTogether([Decision])
    /// A decided card went back to the deck as its next card; carries the decision taken back.
    case returnToDeck(Decision)
    /// A decided card changed direction; carries the new decision and the direction it had.
    case move(Decision, from: SwipeDirection)
    /// Every card decided this way went back to the deck, first decided first, ahead of the others.
    case returnAll(SwipeDirection, count: Int)
    /// Every card became undecided, in deck order.
    case restart
    /// The files of the cards decided these ways (one or more, in ``SwipeDirection/allCases`` order) left their
    /// folder together (to the trash, say) as batch `batch`, whose files the app keeps under that number. No card
    /// changes; undoing it brings the files back.
    case moveFiles([SwipeDirection], batch: Int64)
    /// A photo was given stars or a colour label (or had them taken off); no decision changes.
    case rate(RatingChange)

    /// The card the step is about, when it is about one card.
    public var cardIndex: Int? {
        switch self {
        case .decide(let decision), .returnToDeck(let decision), .move(let decision, _): decision.cardIndex
        case .rate(let change): change.cardIndex
        case .decideTogether(let decisions): decisions.first?.cardIndex
        case .returnAll, .restart, .moveFiles: nil
        }
    }

    /// Every card the step is about, when it is about some and not the whole deck or its files: one card, or the
    /// cards decided together.
    public var cardIndices: [Int]? {
        if case .decideTogether(let decisions) = self { return decisions.map(\.cardIndex) }
        return cardIndex.map { [$0] }
    }
}

/// A photo's rating changing: the card, the rating it got and the one it had.
public struct RatingChange: Sendable, Hashable {
    public var cardIndex: Int
    public var rating: PhotoRating
    public var previous: PhotoRating

    /// Whether the photo, the front card, went to the back of the line with its rating, to show the next one (as
    /// culling tools move on after a rating); undoing the step brings it to the front again.
    public var sentBack: Bool

    public init(cardIndex: Int, rating: PhotoRating, previous: PhotoRating, sentBack: Bool = false) {
        self.cardIndex = cardIndex
        self.rating = rating
        self.previous = previous
        self.sentBack = sentBack
    }
}
