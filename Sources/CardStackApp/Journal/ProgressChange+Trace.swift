// SPDX-License-Identifier: GPL-3.0-or-later
import CardStackCore

extension ProgressChange {
    /// The change as one line of `CARDSTACK_TRACE`, naming the card by its id: what the UI tests wait for.
    func traceLine(in deck: Deck) -> String {
        func describe(_ step: Step) -> String {
            switch step {
            case .decide(let decision): "decided \(deck.cards[decision.cardIndex].id) \(decision.direction.rawValue)"
            case .decideTogether(let decisions): "decided together " + decisions.map { "\(deck.cards[$0.cardIndex].id) \($0.direction.rawValue)" }.joined(separator: ", ")
            case .returnToDeck(let decision): "returned \(deck.cards[decision.cardIndex].id) from \(decision.direction.rawValue)"
            case .move(let decision, let from): "moved \(deck.cards[decision.cardIndex].id) \(from.rawValue) to \(decision.direction.rawValue)"
            case .returnAll(let direction, let count): "reviewing \(count) \(direction.rawValue)"
            case .restart: "restarted"
            case .moveFiles(let directions, let batch): "files of \(directions.map(\.rawValue).joined(separator: "+")) moved, batch \(batch)"
            case .rate(let change): "rated \(deck.cards[change.cardIndex].id) \(change.rating.stars.map { "\($0) stars" } ?? "no stars") \(change.rating.label.map { "\($0)" } ?? "no label")"
            }
        }
        return switch self {
        case .did(let step): describe(step)
        case .undid(.decide(let decision)): "undone \(deck.cards[decision.cardIndex].id) \(decision.direction.rawValue)"
        case .redid(.decide(let decision)): "redone \(deck.cards[decision.cardIndex].id) \(decision.direction.rawValue)"
        case .undid(let step): "undone \(describe(step))"
        case .redid(let step): "redone \(describe(step))"
        case .shifted(let index): "shifted \(deck.cards[index].id)"
        case .reordered: "reordered behind the front card"
        }
    }
}
