// SPDX-License-Identifier: GPL-3.0-or-later
import CardStackCore
import CardStackStore
import Translation

/// Stored events in words for History: what happened, in the deck's own labels, and to which card.
public struct HistoryDescription {
    private let deck: Deck
    /// Each card's index by its id (the first card with an id, as the store matches them); its title is only
    /// made for the events shown.
    private let indices: [String: Int]

    /// Describes events about `deck`'s cards.
    public init(deck: Deck) {
        self.deck = deck
        var indices: [String: Int] = [:]
        for (index, card) in deck.cards.enumerated() where indices[card.id] == nil { indices[card.id] = index }
        self.indices = indices
    }

    /// One line per event, in the order given; a card no longer in the deck is named by its id.
    public func lines(_ events: [DatedDecisionEvent]) -> [HistoryLine] {
        func title(_ id: String?) -> String? { id.map { id in indices[id].map { deck.cards[$0].shownTitle } ?? id } }
        return events.map { dated in
            let (what, card): (String, String?) = switch dated.event {
            case .decided(let id, let direction, _): (deck.label(for: direction), title(id))
            case .decidedTogether(let cards):
                (deck.quotedLabels(of: SwipeDirection.allCases.filter { direction in cards.contains { $0.direction == direction } }),
                 cards.compactMap { title($0.cardID) }.joined(separator: ", "))
            case .returned(let id): (tr("Back to the deck"), title(id))
            case .moved(let id, let direction): (String(format: tr("Moved to %@"), deck.label(for: direction)), title(id))
            case .reviewing(let direction): (String(format: tr("Every “%@” card back to the deck"), deck.label(for: direction)), nil)
            case .restarted: (tr("Started over"), nil)
            case .undone(let id): (tr("Undone"), title(id))
            case .redone(let id, let direction): (direction.map { String(format: tr("Redone: %@"), deck.label(for: $0)) } ?? tr("Redone"), title(id))
            case .shifted(let id): (tr("Moved to the back"), title(id))
            case .movedFiles(let directions, _): (String(format: tr("The files of the %@ cards moved"), deck.quotedLabels(of: directions)), nil)
            case .rated(let id, let rating, _): (String(format: tr("Rated: %@"), rating.text), title(id))
            }
            return HistoryLine(what: what, card: card, date: dated.date)
        }
    }
}
