// SPDX-License-Identifier: GPL-3.0-or-later
import CardStackCore
import CardStackStore
import CardStackWidgets

/// Stored events in words for History: what happened, in the deck's own labels, and to which card.
enum HistoryDescription {
    /// One line per event, in the order given; cards are named by their titles in `deck` (by id when a card is
    /// no longer in it).
    static func lines(_ events: [DatedDecisionEvent], in deck: Deck) -> [HistoryLine] {
        var titles: [String: String] = [:]
        for card in deck.cards where titles[card.id] == nil { titles[card.id] = card.title }
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
