// SPDX-License-Identifier: GPL-3.0-or-later

/// How far the user has got through a deck: which cards are decided, which way, and what comes next.
///
/// Cards are referred to by their index in `Deck.cards`. `order` holds every card exactly once:
/// first the decided ones in the order they were decided, then the upcoming ones, front first.
/// The decided cards double as the undo history, so undo always takes back the latest decision.
///
/// A decision is recorded when a swipe is recognised, never when its animation ends, so a card
/// can't be decided twice however fast swipes come.
public struct DeckProgress: Sendable, Hashable {
    /// Every card once: `decisions.count` decided cards in decision order, then the upcoming ones.
    public private(set) var order: [Int]
    /// What is decided now, oldest first; `decisions[i].cardIndex == order[i]`.
    public private(set) var decisions: [Decision]
    /// Undone decisions that `redo()` can bring back, the most recently undone last.
    private var undone: [Decision] = []

    /// Starts with every card undecided in deck order, then replays a stored history.
    ///
    /// Entries that name a card outside `0..<cardCount` or one already decided are skipped, so a
    /// history saved for an edited deck still loads. Replay is linear in the card count.
    public init(cardCount: Int, replaying history: [Decision] = []) {
        let count = max(0, cardCount)
        var isDecided = [Bool](repeating: false, count: count)
        var decisions: [Decision] = []
        for decision in history where (0..<count).contains(decision.cardIndex) && !isDecided[decision.cardIndex] {
            isDecided[decision.cardIndex] = true
            decisions.append(decision)
        }
        self.decisions = decisions
        order = decisions.map(\.cardIndex) + (0..<count).filter { !isDecided[$0] }
    }

    /// Number of cards in the deck.
    public var totalCount: Int { order.count }

    /// Number of cards decided so far.
    public var decidedCount: Int { decisions.count }

    /// Whether every card is decided.
    public var isFinished: Bool { decisions.count == order.count }

    /// The card the user decides on next, if any.
    public var frontCardIndex: Int? { isFinished ? nil : order[decisions.count] }

    /// The undecided cards, front first; a view into `order`, so reading it copies nothing.
    public var upcomingCardIndices: ArraySlice<Int> { order[decisions.count...] }

    /// Whether there is a decision to take back.
    public var canUndo: Bool { !decisions.isEmpty }

    /// Whether there is an undone decision to make again.
    public var canRedo: Bool { !undone.isEmpty }

    /// Decides the front card; nil (and no change) when the deck is finished.
    ///
    /// A new decision forgets what could be redone, as in any editor.
    @discardableResult
    public mutating func decide(_ direction: SwipeDirection) -> Decision? {
        guard let cardIndex = frontCardIndex else { return nil }
        undone.removeAll()
        return record(Decision(cardIndex: cardIndex, direction: direction))
    }

    /// Takes back the latest decision; its card becomes the front card again.
    @discardableResult
    public mutating func undo() -> Decision? {
        guard let decision = decisions.popLast() else { return nil }
        undone.append(decision)
        return decision
    }

    /// Decides the most recently undone card again, the same way.
    ///
    /// If the card was shifted back in the meantime it is brought to the front first.
    @discardableResult
    public mutating func redo() -> Decision? {
        guard let decision = undone.last else { return nil }
        let front = decisions.count
        if order[front] != decision.cardIndex {
            guard let position = order[front...].firstIndex(of: decision.cardIndex) else {
                // The invariant keeps undone cards upcoming; a stale entry is dropped, not replayed.
                undone.removeLast()
                return nil
            }
            order.remove(at: position)
            order.insert(decision.cardIndex, at: front)
        }
        undone.removeLast()
        return record(decision)
    }

    /// Puts the front card at the end of the upcoming cards, to decide it later.
    ///
    /// Shifting decides nothing, so it is not part of the undo history. Returns the shifted card,
    /// or nil when fewer than two cards are upcoming and there is nothing to move it behind.
    @discardableResult
    public mutating func shift() -> Int? {
        let front = decisions.count
        guard order.count - front >= 2 else { return nil }
        let cardIndex = order.remove(at: front)
        order.append(cardIndex)
        return cardIndex
    }

    /// Starts the deck over: every card undecided in deck order, nothing to undo or redo.
    public mutating func restart() {
        self = DeckProgress(cardCount: order.count)
    }

    /// Puts the cards decided `direction` back in front, undecided, to go through them again
    /// (say, the skipped ones).
    ///
    /// The new upcoming order is those cards in the order they were decided, followed by any cards
    /// that were still upcoming. The other decisions stay, in their order, and remain undoable;
    /// the cleared decisions leave the undo history for good, and nothing can be redone.
    /// Returns how many cards were put back; with none, nothing changes.
    @discardableResult
    public mutating func reviewAgain(_ direction: SwipeDirection) -> Int {
        let reviewed = decisions.filter { $0.direction == direction }.map(\.cardIndex)
        guard !reviewed.isEmpty else { return 0 }
        let kept = decisions.filter { $0.direction != direction }
        order = kept.map(\.cardIndex) + reviewed + order[decisions.count...]
        decisions = kept
        undone.removeAll()
        return reviewed.count
    }

    private mutating func record(_ decision: Decision) -> Decision {
        decisions.append(decision)
        return decision
    }
}
