// SPDX-License-Identifier: GPL-3.0-or-later
import CardStackCore
import CardStackStore
import CardStackWidgets

/// Stored events in words for History: what happened, in the deck's own labels, and to which card.
struct HistoryDescription {
    private let deck: Deck
    /// Each card's title by its id (the first card with an id, as the store matches them).
    private let titles: [String: String]

    /// Describes events about `deck`'s cards.
    init(deck: Deck) {
        self.deck = deck
        var titles: [String: String] = [:]
        for card in deck.cards where titles[card.id] == nil { titles[card.id] = card.shownTitle }
        self.titles = titles
    }

    /// One line per event, in the order given; a card no longer in the deck is named by its id.
    func lines(_ events: [DatedDecisionEvent]) -> [HistoryLine] {
        func title(_ id: String?) -> String? { id.map { titles[$0] ?? $0 } }
        return events.map { dated in
            let (what, card): (String, String?) = switch dated.event {
            case .decided(let id, let direction, _): (deck.label(for: direction), title(id))
            case .returned(let id): ("Back to the deck", title(id))
            case .moved(let id, let direction): ("Moved to \(deck.label(for: direction))", title(id))
            case .reviewing(let direction): ("Every “\(deck.label(for: direction))” card back to the deck", nil)
            case .restarted: ("Started over", nil)
            case .undone(let id): ("Undone", title(id))
            case .redone(let id, let direction): (direction.map { "Redone: \(deck.label(for: $0))" } ?? "Redone", title(id))
            case .shifted(let id): ("Moved to the back", title(id))
            }
            return HistoryLine(what: what, card: card, date: dated.date)
        }
    }
}
