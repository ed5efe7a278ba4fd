// SPDX-License-Identifier: GPL-3.0-or-later
import CardStackCore
import Translation

/// What a screen reader hears when Undo takes a step back or Redo makes it again, said before the focused
/// element's own name: the page may show nothing of it where the keyboard is (the card undone is not the one
/// centred).
enum UndoSpeech {
    /// "Undone: Dune, Read. ", in History's words for `step` of `deck`.
    static func undone(_ step: Step, in deck: Deck) -> String {
        said(step, in: deck, card: tr("Undone: %1$@, %2$@. "), whole: tr("Undone: %@. "))
    }

    /// "Redone: Dune, Read. ".
    static func redone(_ step: Step, in deck: Deck) -> String {
        said(step, in: deck, card: tr("Redone: %1$@, %2$@. "), whole: tr("Redone: %@. "))
    }

    /// `step` in words, through `card` (a title and what happened to it) or `whole` (a step about no one card).
    private static func said(_ step: Step, in deck: Deck, card cardFormat: String, whole wholeFormat: String) -> String {
        func about(_ cardIndex: Int, _ what: String) -> String {
            String(format: cardFormat, deck.cards[cardIndex].shownTitle, what)
        }
        func whole(_ what: String) -> String { String(format: wholeFormat, what) }
        return switch step {
        case .decide(let decision), .move(let decision, _): about(decision.cardIndex, deck.label(for: decision.direction))
        case .decideTogether(let decisions) where decisions.count == 1: about(decisions[0].cardIndex, deck.label(for: decisions[0].direction))
        case .decideTogether(let decisions):
            whole(decisions.map { String(format: tr("%1$@, %2$@"), deck.cards[$0.cardIndex].shownTitle, deck.label(for: $0.direction)) }
                .joined(separator: "; "))
        case .returnToDeck(let decision): about(decision.cardIndex, tr("Back to the deck"))
        case .rate(let change): about(change.cardIndex, String(format: tr("Rated: %@"), change.rating.text))
        case .returnAll(let direction, _): whole(String(format: tr("Every “%@” card back to the deck"), deck.label(for: direction)))
        case .restart: whole(tr("Started over"))
        case .moveFiles(let directions, _):
            whole(String(format: tr("The files of the %@ cards moved"), deck.quotedLabels(of: directions)))
        }
    }
}
