// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// The state a deck's event log replays to: the decisions in force and the undone ones redo can
/// bring back.
///
/// It mirrors `DeckProgress`'s undo and redo rules (a new decision, a restart or a review forget
/// what could be redone) but names cards by id, so it replays without the deck at hand.
struct DecisionLog: Sendable, Equatable {
    /// The decisions in force, oldest first: the undo history.
    private(set) var inForce: [StoredDecision] = []
    /// Undone decisions, the most recently undone last, which is the one redo brings back first.
    private(set) var redoable: [StoredDecision] = []

    /// Applies one event that happened at `date`.
    ///
    /// Events that don't fit the state (undoing a card that isn't decided) change nothing: the log
    /// may have been written by a version with other rules, and a stray event must not lose the rest.
    mutating func apply(_ event: DecisionEvent, at date: Date) {
        switch event {
        case .decided(let cardID, let direction):
            inForce.append(StoredDecision(cardID: cardID, direction: direction, decidedAt: date))
            redoable.removeAll()
        case .undone(let cardID):
            // Searching from the end finds the latest decision at once in the usual case.
            guard let index = inForce.lastIndex(where: { $0.cardID == cardID }) else { return }
            redoable.append(inForce.remove(at: index))
        case .redone(let cardID, let direction):
            if let index = redoable.lastIndex(where: { $0.cardID == cardID }) {
                redoable.remove(at: index)
            }
            inForce.append(StoredDecision(cardID: cardID, direction: direction, decidedAt: date))
        case .restarted:
            inForce.removeAll()
            redoable.removeAll()
        case .reviewing(let direction):
            inForce.removeAll { $0.direction == direction }
            redoable.removeAll()
        }
    }
}
