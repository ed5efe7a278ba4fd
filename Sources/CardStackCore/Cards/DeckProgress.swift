// SPDX-License-Identifier: GPL-3.0-or-later

/// Where every card of a deck stands, and the user's steps that put it there, undoable and redoable.
///
/// Cards are referred to by their index in `Deck.cards`. Every card is in exactly one place: upcoming (in
/// line to be decided, front first) or decided one way. `decisions` lists the decided cards in the order
/// their decisions came into force, so a pile's newest card is its last one there.
///
/// The history is a list of ``Step``s: deciding any card, returning one or a whole direction to the deck,
/// moving one to another direction, restarting, and moving the files of a direction's cards (which changes no
/// card, but is taken back like the rest). `undo()` takes back the latest step whichever page made
/// it, restoring exactly the state from before it; `redo()` makes it again. A new step forgets what
/// could be redone, as in any editor. Moving a card to the back (`shift()`) only reorders the line and is
/// not a step.
///
/// A decision is recorded when a swipe is recognised, never when its animation ends, so a card can't be
/// decided twice however fast swipes come.
///
/// Cost: deciding, undoing or redoing the front card is O(1); steps about a card elsewhere in line or in
/// the middle of the decisions are O(n), as are returning a whole direction and restarting.
public struct DeckProgress: Sendable, Hashable {
    /// What is decided now, in the order the decisions came into force.
    public private(set) var decisions: [Decision] = []
    /// The upcoming cards, front card *last*, so deciding and undoing the front card is O(1).
    private var line: [Int]
    /// Each card's direction, nil while it is upcoming.
    private var directions: [SwipeDirection?]
    /// The steps in force, oldest first, with what undoing each needs.
    private var done: [Entry] = []
    /// Steps taken back that `redo()` can make again, the most recently undone last.
    private var undone: [Step] = []
    /// The stars and labels photos were given in this cull, by card; cards given none are absent.
    public private(set) var ratings: [Int: PhotoRating] = [:]

    /// A step in force and the way back from it.
    private struct Entry: Sendable, Hashable {
        var step: Step
        var inverse: Inverse
    }

    /// What restores the state from before a step.
    private enum Inverse: Sendable, Hashable {
        /// Put the decided card back in line, this many cards behind the front.
        case reinsert(placeFromFront: Int)
        /// Put the cards decided together back in line, last decided first, each this many cards behind the front.
        case reinsertAll(placesFromFront: [Int])
        /// Take the card out of line and put its decision back at this index.
        case redecide(decisionIndex: Int)
        /// Put the card's old decision back at this index (the moved one is last).
        case redirect(decisionIndex: Int)
        /// Take the returned cards out of line and put their decisions back at these indices, ascending.
        case redecideAll(decisionIndices: [Int], cards: [Int])
        /// Bring back the whole state from before the restart.
        case restore(decisions: [Decision], line: [Int])
        /// Nothing of the cards: the step was about their files.
        case none
    }

    /// Starts with every card undecided in deck order, then decides the cards of `history` in order.
    ///
    /// Entries that name a card outside `0..<cardCount` or one already decided are skipped, so a history
    /// saved for an edited deck still loads. Each becomes an undoable step, as if the user had just swiped
    /// it from the front.
    public init(cardCount: Int, replaying history: [Decision] = []) {
        let count = max(0, cardCount)
        line = Array((0..<count).reversed())
        directions = Array(repeating: nil, count: count)
        for decision in history where isUpcoming(decision.cardIndex) {
            bringToFront(decision.cardIndex)
            decide(decision.direction)
        }
    }

    // MARK: - Reading

    /// Number of cards in the deck.
    public var totalCount: Int { directions.count }

    /// Number of cards decided so far.
    public var decidedCount: Int { decisions.count }

    /// Whether every card is decided.
    public var isFinished: Bool { line.isEmpty }

    /// The card the user decides on next, if any.
    public var frontCardIndex: Int? { line.last }

    /// The undecided cards, front first; a view, so reading it copies nothing.
    public var upcomingCardIndices: ReversedCollection<[Int]> { line.reversed() }

    /// The way card `cardIndex` was decided, or nil while it is upcoming (or not in the deck).
    public func direction(of cardIndex: Int) -> SwipeDirection? {
        directions.indices.contains(cardIndex) ? directions[cardIndex] : nil
    }

    /// Whether card `cardIndex` is in the deck and waiting to be decided.
    public func isUpcoming(_ cardIndex: Int) -> Bool {
        directions.indices.contains(cardIndex) && directions[cardIndex] == nil
    }

    /// Every card once: the decided ones in decision order, then the upcoming ones, front first.
    var order: [Int] { decisions.map(\.cardIndex) + upcomingCardIndices }

    /// Whether there is a step to take back.
    public var canUndo: Bool { !done.isEmpty }

    /// Whether there is an undone step to make again.
    public var canRedo: Bool { !undone.isEmpty }

    /// The step `undo()` would take back.
    public var stepToUndo: Step? { done.last?.step }

    /// The step `redo()` would make again.
    public var stepToRedo: Step? { undone.last }

    /// How many cards were ahead of the card the latest step decided, when that step was a decision
    /// (0 for a swipe of the front card).
    public var placeOfLatestDecision: Int? {
        guard let entry = done.last, case .decide = entry.step, case .reinsert(let place) = entry.inverse else { return nil }
        return place
    }

    // MARK: - Steps

    /// Decides the front card; nil (and no change) when the deck is finished.
    @discardableResult
    public mutating func decide(_ direction: SwipeDirection) -> Decision? {
        guard let cardIndex = frontCardIndex else { return nil }
        guard case .decide(let decision)? = decide(cardIndex, direction) else { return nil }
        return decision
    }

    /// Decides card `cardIndex` `direction` wherever it is: an upcoming card leaves the line, a card decided
    /// another way moves there. Nil, and nothing changes, when it is already decided that way.
    @discardableResult
    public mutating func decide(_ cardIndex: Int, _ direction: SwipeDirection) -> Step? {
        let step: Step?
        if isUpcoming(cardIndex) {
            step = record(applyDecide(cardIndex, direction))
        } else if self.direction(of: cardIndex) != nil {
            step = move(cardIndex, to: direction)
        } else {
            step = nil
        }
        return step
    }

    /// Decides the upcoming cards of `decisions` at once, in that order, as one step (a burst's frames swiped as
    /// one, a duel's last choice); cards not upcoming, or named twice, are passed by. Nil, and nothing changes,
    /// when none is upcoming. O(n) in the line for each card behind the front.
    @discardableResult
    public mutating func decideTogether(_ decisions: [Decision]) -> Step? {
        record(applyDecideTogether(decisions))
    }

    /// Returns decided card `cardIndex` to the deck as its next card; nil when it isn't decided.
    @discardableResult
    public mutating func returnToDeck(_ cardIndex: Int) -> Step? {
        record(applyReturn(cardIndex))
    }

    /// Moves decided card `cardIndex` to `direction`, on top of that pile; nil when it isn't decided or
    /// already goes that way.
    @discardableResult
    public mutating func move(_ cardIndex: Int, to direction: SwipeDirection) -> Step? {
        record(applyMove(cardIndex, to: direction))
    }

    /// Returns every card decided `direction` to the deck, first decided first, ahead of the cards
    /// still upcoming (say, to review the skipped ones). Returns how many; with none, nothing changes.
    @discardableResult
    public mutating func returnAll(_ direction: SwipeDirection) -> Int {
        guard case .returnAll(_, let count)? = record(applyReturnAll(direction)) else { return 0 }
        return count
    }

    /// Starts the deck over: every card undecided, in deck order, as one undoable step; nil, and no
    /// change, with nothing decided.
    @discardableResult
    public mutating func restart() -> Step? {
        guard !decisions.isEmpty else { return nil }
        return record(applyRestart())
    }

    /// Records that the files of the cards decided `directions` were moved as batch `batch` (to the trash, or to
    /// another folder), as a step of its own: no card changes, and undoing it is the app's cue to move the files
    /// back.
    @discardableResult
    public mutating func moveFiles(_ directions: [SwipeDirection], batch: Int64) -> Step {
        let step = Step.moveFiles(SwipeDirection.allCases.filter(directions.contains), batch: batch)
        done.append(Entry(step: step, inverse: .none))
        undone.removeAll()
        return step
    }

    /// Gives card `cardIndex` `rating` (decided or not), one step; nil when it has that rating already.
    ///
    /// `sendingBack` moves the card on as well, when it is the front one with another behind it: it goes to the
    /// back of the line, as ``shift()`` would, in the same step.
    @discardableResult
    public mutating func rate(_ cardIndex: Int, _ rating: PhotoRating, sendingBack: Bool = false) -> Step? {
        guard (0..<totalCount).contains(cardIndex) else { return nil }
        let previous = ratings[cardIndex] ?? .none
        guard previous != rating else { return nil }
        let sentBack = sendingBack && frontCardIndex == cardIndex && line.count >= 2
        return record(apply(.rate(RatingChange(cardIndex: cardIndex, rating: rating, previous: previous, sentBack: sentBack))))
    }

    /// The stars and label card `cardIndex` was given in this cull.
    public func rating(of cardIndex: Int) -> PhotoRating {
        ratings[cardIndex] ?? .none
    }

    /// Takes back the latest step, restoring the state from before it exactly.
    @discardableResult
    public mutating func undo() -> Step? {
        guard let entry = done.popLast() else { return nil }
        revert(entry)
        undone.append(entry.step)
        return entry.step
    }

    /// Makes the most recently undone step again; an undone decision of a card that was moved back in
    /// line meanwhile still decides that card.
    @discardableResult
    public mutating func redo() -> Step? {
        guard let step = undone.popLast() else { return nil }
        guard let entry = apply(step) else { return nil }
        done.append(entry)
        return entry.step
    }

    /// Puts the upcoming cards in the order of `rank` (lower first; a card without a rank after those with one,
    /// in their order now); with `keepingFront`, the front card stays where it is, so what is on screen never
    /// jumps. Not a step. O(n log n) in the upcoming cards.
    public mutating func reorderUpcoming(by rank: [Int: Int], keepingFront: Bool = true) {
        let kept = keepingFront ? line.suffix(1) : []
        let ordered = line.dropLast(kept.count).reversed().enumerated().sorted { lhs, rhs in
            let (left, right) = (rank[lhs.element] ?? .max, rank[rhs.element] ?? .max)
            return left != right ? left < right : lhs.offset < rhs.offset
        }
        line = ordered.reversed().map(\.element) + kept
    }

    /// Puts the front card at the end of the line, to decide it later.
    ///
    /// Shifting decides nothing, so it is not a step. Returns the shifted card, or nil when fewer than
    /// two cards are upcoming and there is nothing to move it behind.
    @discardableResult
    public mutating func shift() -> Int? {
        guard line.count >= 2, let cardIndex = line.popLast() else { return nil }
        line.insert(cardIndex, at: 0)
        return cardIndex
    }

    /// Moves upcoming card `cardIndex` to the end of the line, as `shift()` does to the front card; for
    /// replaying a stored shift. False when the card isn't upcoming.
    @discardableResult
    public mutating func moveToBack(_ cardIndex: Int) -> Bool {
        guard isUpcoming(cardIndex), let position = line.lastIndex(of: cardIndex) else { return false }
        line.remove(at: position)
        line.insert(cardIndex, at: 0)
        return true
    }

    /// Moves upcoming card `cardIndex` to the front of the line, keeping the others' order; for replaying
    /// a log that decided it at the front after a shift that was never stored.
    public mutating func bringToFront(_ cardIndex: Int) {
        guard isUpcoming(cardIndex), line.last != cardIndex, let position = line.lastIndex(of: cardIndex) else { return }
        line.remove(at: position)
        line.append(cardIndex)
    }

    // MARK: - Applying and reverting

    /// Makes a step a new one: it forgets what could be redone.
    private mutating func record(_ entry: Entry?) -> Step? {
        guard let entry else { return nil }
        done.append(entry)
        undone.removeAll()
        return entry.step
    }

    private mutating func apply(_ step: Step) -> Entry? {
        if case .rate(let change) = step {
            setRating(change.rating, of: change.cardIndex)
            if change.sentBack { moveToBack(change.cardIndex) }
            return Entry(step: step, inverse: .none)
        }
        return switch step {
        case .decide(let decision): isUpcoming(decision.cardIndex) ? applyDecide(decision.cardIndex, decision.direction) : nil
        case .decideTogether(let decisions): applyDecideTogether(decisions)
        case .returnToDeck(let decision): applyReturn(decision.cardIndex)
        case .move(let decision, _): applyMove(decision.cardIndex, to: decision.direction)
        case .returnAll(let direction, _): applyReturnAll(direction)
        case .restart: decisions.isEmpty ? nil : applyRestart()
        case .moveFiles, .rate: Entry(step: step, inverse: .none)
        }
    }

    private mutating func setRating(_ rating: PhotoRating, of cardIndex: Int) {
        ratings[cardIndex] = rating.isEmpty ? nil : rating
    }

    private mutating func applyDecide(_ cardIndex: Int, _ direction: SwipeDirection) -> Entry? {
        guard isUpcoming(cardIndex) else { return nil }
        let position = line.last == cardIndex ? line.count - 1 : line.lastIndex(of: cardIndex)
        guard let position else { return nil }
        line.remove(at: position)
        let decision = Decision(cardIndex: cardIndex, direction: direction)
        decisions.append(decision)
        directions[cardIndex] = direction
        return Entry(step: .decide(decision), inverse: .reinsert(placeFromFront: line.count - position))
    }

    private mutating func applyDecideTogether(_ chosen: [Decision]) -> Entry? {
        var made: [Decision] = []
        var places: [Int] = []
        for decision in chosen where isUpcoming(decision.cardIndex) {
            guard let entry = applyDecide(decision.cardIndex, decision.direction), case .reinsert(let place) = entry.inverse else { continue }
            made.append(decision)
            places.append(place)
        }
        guard !made.isEmpty else { return nil }
        return Entry(step: .decideTogether(made), inverse: .reinsertAll(placesFromFront: places))
    }

    private mutating func applyReturn(_ cardIndex: Int) -> Entry? {
        guard let index = decisionIndex(of: cardIndex) else { return nil }
        let decision = decisions.remove(at: index)
        directions[cardIndex] = nil
        line.append(cardIndex)
        return Entry(step: .returnToDeck(decision), inverse: .redecide(decisionIndex: index))
    }

    private mutating func applyMove(_ cardIndex: Int, to direction: SwipeDirection) -> Entry? {
        guard let index = decisionIndex(of: cardIndex) else { return nil }
        let old = decisions[index].direction
        guard old != direction else { return nil }
        decisions.remove(at: index)
        let decision = Decision(cardIndex: cardIndex, direction: direction)
        decisions.append(decision)
        directions[cardIndex] = direction
        return Entry(step: .move(decision, from: old), inverse: .redirect(decisionIndex: index))
    }

    private mutating func applyReturnAll(_ direction: SwipeDirection) -> Entry? {
        let indices = decisions.indices.filter { decisions[$0].direction == direction }
        guard !indices.isEmpty else { return nil }
        let returned = indices.map { decisions[$0].cardIndex }
        decisions.removeAll { $0.direction == direction }
        for cardIndex in returned {
            directions[cardIndex] = nil
        }
        // The first decided ends up last in `line`: the front card.
        line.append(contentsOf: returned.reversed())
        return Entry(step: .returnAll(direction, count: returned.count), inverse: .redecideAll(decisionIndices: indices, cards: returned))
    }

    private mutating func applyRestart() -> Entry {
        let entry = Entry(step: .restart, inverse: .restore(decisions: decisions, line: line))
        decisions.removeAll()
        line = Array((0..<totalCount).reversed())
        directions = Array(repeating: nil, count: totalCount)
        return entry
    }

    /// Restores the state from before `entry`'s step, which is the latest in force, so the state is the
    /// one the step left (shifts aside, which only reorder the line).
    private mutating func revert(_ entry: Entry) {
        switch (entry.step, entry.inverse) {
        case (.decide(let decision), .reinsert(let placeFromFront)):
            decisions.removeLast()
            directions[decision.cardIndex] = nil
            line.insert(decision.cardIndex, at: max(0, line.count - placeFromFront))
        case (.decideTogether(let made), .reinsertAll(let places)):
            for (decision, placeFromFront) in zip(made, places).reversed() {
                decisions.removeLast()
                directions[decision.cardIndex] = nil
                line.insert(decision.cardIndex, at: max(0, line.count - placeFromFront))
            }
        case (.returnToDeck(let decision), .redecide(let index)):
            removeFromLine([decision.cardIndex])
            decisions.insert(decision, at: min(index, decisions.count))
            directions[decision.cardIndex] = decision.direction
        case (.move(let decision, let old), .redirect(let index)):
            decisions.removeLast()
            decisions.insert(Decision(cardIndex: decision.cardIndex, direction: old), at: min(index, decisions.count))
            directions[decision.cardIndex] = old
        case (.returnAll(let direction, _), .redecideAll(let indices, let returned)):
            removeFromLine(Set(returned))
            var merged: [Decision] = []
            merged.reserveCapacity(decisions.count + returned.count)
            var kept = decisions.makeIterator()
            var next = 0
            for position in 0..<(decisions.count + returned.count) {
                if next < indices.count, indices[next] == position {
                    merged.append(Decision(cardIndex: returned[next], direction: direction))
                    directions[returned[next]] = direction
                    next += 1
                } else if let decision = kept.next() {
                    merged.append(decision)
                }
            }
            decisions = merged
        case (.restart, .restore(let oldDecisions, let oldLine)):
            decisions = oldDecisions
            line = oldLine
            for decision in oldDecisions {
                directions[decision.cardIndex] = decision.direction
            }
        case (.moveFiles, .none):
            break
        case (.rate(let change), .none):
            setRating(change.previous, of: change.cardIndex)
            if change.sentBack { bringToFront(change.cardIndex) }
        default:
            preconditionFailure("A step is always recorded with its own inverse")
        }
    }

    private func decisionIndex(of cardIndex: Int) -> Int? {
        guard direction(of: cardIndex) != nil else { return nil }
        return decisions.lastIndex { $0.cardIndex == cardIndex }
    }

    private mutating func removeFromLine(_ cards: Set<Int>) {
        if cards.count == 1, let card = cards.first, line.last == card {
            line.removeLast()
        } else {
            line.removeAll { cards.contains($0) }
        }
    }
}
