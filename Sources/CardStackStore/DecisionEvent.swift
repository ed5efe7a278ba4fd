// SPDX-License-Identifier: GPL-3.0-or-later
import CardStackCore

/// One change the user made to a deck's decisions, stored the moment it happens.
///
/// The store keeps these as an append-only log and derives the decisions in force by replaying
/// them, so an interrupted write can lose at most the one event being written, never leave a
/// half-applied state behind. Each ``Step`` is one event; undoing or redoing one is one more.
public enum DecisionEvent: Sendable, Equatable {
    /// An undecided card went `direction`; `placeInLine` cards were ahead of it (0 for a swipe of the
    /// front card). Logs written before places were stored say nil, and decided only front cards.
    case decided(cardID: String, direction: SwipeDirection, placeInLine: Int? = nil)
    /// Several undecided cards went their ways at once, in this order (``Step/decideTogether(_:)``).
    case decidedTogether([DecidedCard])
    /// A decided card went back to the deck as its next card.
    case returned(cardID: String)
    /// A decided card changed direction, on top of its new pile.
    case moved(cardID: String, direction: SwipeDirection)
    /// The cards decided this way went back to the deck and come up next.
    case reviewing(SwipeDirection)
    /// Every card became undecided.
    case restarted
    /// The latest step was taken back: the one about this card, or with nil one about no single card.
    case undone(cardID: String?)
    /// The latest undone step was made again (for a decision or move, with its direction).
    case redone(cardID: String?, direction: SwipeDirection?)
    /// The front card went to the end of the line; not a step, stored so the line replays as it was.
    case shifted(cardID: String)
    /// The files of the cards decided `directions` were moved as file batch `batch` (see ``FileBatch``).
    case movedFiles(directions: [SwipeDirection], batch: Int64)
    /// A photo was given stars or a colour label: its whole rating after the step, and whether the photo went to
    /// the back of the line with it (``RatingChange/sentBack``).
    case rated(cardID: String, rating: PhotoRating, sentBack: Bool = false)
}

/// One card of a step that decided several: its id and the way it went.
public struct DecidedCard: Sendable, Equatable, Codable {
    public var cardID: String
    public var direction: SwipeDirection

    public init(cardID: String, direction: SwipeDirection) {
        self.cardID = cardID
        self.direction = direction
    }
}

extension DecisionEvent {
    /// Every card id the event names: one, the cards decided together, or none.
    public var cardIDs: [String] {
        if case .decidedTogether(let cards) = self { return cards.map(\.cardID) }
        return storedCardID.map { [$0] } ?? []
    }

    /// The one event that stores `change` to `deck`'s progress; `progress` is the state after it. Nil for a
    /// change that is not stored (a reordering, worked out again at each opening).
    public init?(_ change: ProgressChange, after progress: DeckProgress, in deck: Deck) {
        func id(_ cardIndex: Int) -> String { deck.cards[cardIndex].id }
        switch change {
        case .did(.decide(let decision)):
            self = .decided(cardID: id(decision.cardIndex), direction: decision.direction, placeInLine: progress.placeOfLatestDecision ?? 0)
        case .did(.decideTogether(let decisions)):
            self = .decidedTogether(decisions.map { DecidedCard(cardID: id($0.cardIndex), direction: $0.direction) })
        case .did(.returnToDeck(let decision)): self = .returned(cardID: id(decision.cardIndex))
        case .did(.move(let decision, _)): self = .moved(cardID: id(decision.cardIndex), direction: decision.direction)
        case .did(.returnAll(let direction, _)): self = .reviewing(direction)
        case .did(.restart): self = .restarted
        case .did(.moveFiles(let directions, let batch)): self = .movedFiles(directions: directions, batch: batch)
        case .did(.rate(let change)): self = .rated(cardID: id(change.cardIndex), rating: change.rating, sentBack: change.sentBack)
        case .undid(let step): self = .undone(cardID: step.cardIndex.map(id))
        case .redid(let step):
            let direction: SwipeDirection? = switch step {
            case .decide(let decision), .move(let decision, _): decision.direction
            case .decideTogether(let decisions): decisions.first?.direction
            case .returnAll(let direction, _): direction
            case .moveFiles(let directions, _): directions.first
            case .returnToDeck, .restart, .rate: nil
            }
            self = .redone(cardID: step.cardIndex.map(id), direction: direction)
        case .shifted(let cardIndex): self = .shifted(cardID: id(cardIndex))
        case .reordered: return nil
        }
    }
}
