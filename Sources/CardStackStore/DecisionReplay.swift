// SPDX-License-Identifier: GPL-3.0-or-later
import CardStackCore
import Foundation

/// Replays a deck's event log through the same `DeckProgress` the app uses, so the state a relaunch
/// gives back is the one the user left, step for step, with nothing of its rules written twice.
///
/// Cards are named by id in the log and by index in `DeckProgress`; events about ids that `index(of:)`
/// does not know (cards removed from the deck since) are skipped, and so are undo and redo events that
/// don't match the step they would take back or make again. A stray event never loses the rest.
/// Each event costs O(1) for swipes of the front card and their undo and redo: replay is linear.
struct DecisionReplay {
    /// The state the events so far lead to.
    private(set) var progress: DeckProgress
    /// When each card's decisions came into force, the one in force (or last in force) last.
    private var dates: [Int: [Date]] = [:]
    private let index: (String) -> Int?

    /// Starts from a deck of `cardCount` cards, all undecided, naming card ids with `index`.
    init(cardCount: Int, index: @escaping (String) -> Int?) {
        progress = DeckProgress(cardCount: cardCount)
        self.index = index
    }

    /// When the decision in force about card `cardIndex` came into force.
    func decidedAt(_ cardIndex: Int) -> Date? {
        dates[cardIndex]?.last
    }

    /// Applies one event that happened at `date`.
    mutating func apply(_ event: DecisionEvent, at date: Date) {
        switch event {
        case .decided(let cardID, let direction, let placeInLine):
            // A card decided twice counts once, the first time.
            guard let card = index(cardID), progress.isUpcoming(card) else { return }
            if placeInLine == nil { progress.bringToFront(card) }
            if progress.decide(card, direction) != nil { dated(card, date) }
        case .decidedTogether(let cards):
            let decisions = cards.compactMap { card in index(card.cardID).map { Decision(cardIndex: $0, direction: card.direction) } }
            guard case .decideTogether(let made)? = progress.decideTogether(decisions) else { return }
            for decision in made { dated(decision.cardIndex, date) }
        case .returned(let cardID):
            guard let card = index(cardID) else { return }
            progress.returnToDeck(card)
        case .moved(let cardID, let direction):
            guard let card = index(cardID), progress.move(card, to: direction) != nil else { return }
            dated(card, date)
        case .reviewing(let direction):
            progress.returnAll(direction)
        case .restarted:
            progress.restart()
        case .undone(let cardID):
            guard let step = progress.stepToUndo, matches(step, cardID) else { return }
            progress.undo()
            if case .decide = step, let card = step.cardIndex { dates[card]?.removeLast() }
            if case .move = step, let card = step.cardIndex { dates[card]?.removeLast() }
            if case .decideTogether(let made) = step { for decision in made { dates[decision.cardIndex]?.removeLast() } }
        case .redone(let cardID, _):
            guard let step = progress.stepToRedo, matches(step, cardID), progress.redo() != nil else { return }
            switch step {
            case .decide(let decision), .move(let decision, _): dated(decision.cardIndex, date)
            case .decideTogether(let made): for decision in made { dated(decision.cardIndex, date) }
            case .returnToDeck, .returnAll, .restart, .moveFiles, .rate: break
            }
        case .shifted(let cardID):
            guard let card = index(cardID) else { return }
            progress.moveToBack(card)
        case .movedFiles(let directions, let batch):
            progress.moveFiles(directions, batch: batch)
        case .rated(let cardID, let rating, let sentBack):
            guard let card = index(cardID) else { return }
            progress.rate(card, rating, sendingBack: sentBack)
        }
    }

    /// The decisions in force with their ids and dates, in the order they came into force.
    func decisionsInForce(id: (Int) -> String) -> [StoredDecision] {
        progress.decisions.map { decision in
            StoredDecision(
                cardID: id(decision.cardIndex),
                direction: decision.direction,
                decidedAt: decidedAt(decision.cardIndex) ?? .distantPast
            )
        }
    }

    /// Whether an undo or redo event names the step it would apply to: the same card, or no card for a
    /// step about none. An event naming a card the deck no longer has matches nothing.
    private func matches(_ step: Step, _ cardID: String?) -> Bool {
        guard let cardID else { return step.cardIndex == nil }
        guard let card = index(cardID) else { return false }
        return step.cardIndex == card
    }

    private mutating func dated(_ card: Int, _ date: Date) {
        dates[card, default: []].append(date)
    }
}
