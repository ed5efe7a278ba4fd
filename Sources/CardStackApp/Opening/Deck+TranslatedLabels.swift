// SPDX-License-Identifier: GPL-3.0-or-later
import CardStackCore
import Translation

extension Deck {
    /// The deck with the directions it does not name ("Skip", "Keep", "Favourite", "Later", as the core calls them
    /// in English) named in the user's language; a deck's own labels stay as it wrote them.
    func withTranslatedDefaultLabels() -> Deck {
        var deck = self
        for direction in SwipeDirection.allCases where deck.labels[direction] == direction.defaultLabel {
            deck.labels[direction] = direction.translatedDefaultLabel
        }
        return deck
    }
}

extension SwipeDirection {
    /// ``defaultLabel`` in the user's language: what a swipe this way means when a deck does not say.
    var translatedDefaultLabel: String {
        switch self {
        case .left: trp("direction", "Skip")
        case .right: trp("direction", "Keep")
        case .up: trp("direction", "Favourite")
        case .down: trp("direction", "Later")
        }
    }
}
