// SPDX-License-Identifier: GPL-3.0-or-later
import CardStackCore
import CardStackStore
import Translation

/// Stored events in words for History: what happened, in the deck's own labels, and to which card.
public struct HistoryDescription {
    private let deck: Deck
    private let indices: IndexCache

    /// Each card's index by its id (the first card with an id, as the store matches them), for the ids events
    /// have named so far: History is read again after every step, and a map of every card's id was, after the
    /// cards themselves, the most a big deck kept, for a list that names a thousand cards at most.
    private final class IndexCache {
        var found: [String: Int] = [:]
        /// Ids looked for and not in the deck.
        var missing: Set<String> = []
    }

    /// Describes events about `deck`'s cards.
    public init(deck: Deck) {
        self.deck = deck
        indices = IndexCache()
    }

    /// Finds the cards of the ids in `events` not looked for before, in one pass that ends once all are found.
    private func look(for events: [DatedDecisionEvent]) {
        var wanted = Set<String>()
        for dated in events {
            for id in dated.event.cardIDs where indices.found[id] == nil && !indices.missing.contains(id) { wanted.insert(id) }
        }
        guard !wanted.isEmpty else { return }
        for (index, card) in deck.cards.enumerated() where wanted.remove(card.id) != nil {
            indices.found[card.id] = index
            if wanted.isEmpty { return }
        }
        indices.missing.formUnion(wanted)
    }

    /// One line per event, in the order given; a card no longer in the deck is named by its id.
    public func lines(_ events: [DatedDecisionEvent]) -> [HistoryLine] {
        look(for: events)
        func title(_ id: String?) -> String? { id.map { id in indices.found[id].map { deck.cards[$0].shownTitle } ?? id } }
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
