// SPDX-License-Identifier: GPL-3.0-or-later
import CardStackCore
import CardStackStore
import Foundation

/// How long a relaunch takes to replay a long event log into the deck's progress: every step kind, undo,
/// redo and shifts, written to an in-memory store first (untimed), then `DecisionStore.progress(for:key:)`
/// timed, which reads every row and replays it through `DeckProgress`.
enum ReplayBenchmark {
    /// Events in the log, full and quick: a heavy user's whole history with one deck.
    static func eventCount(quick: Bool) -> Int { quick ? 2_000 : 100_000 }
    /// Cards in the deck the events are about.
    static let deckSize = 10_000
    static let key = DeckKey(path: "/bench/replay.json")

    static func run(quick: Bool, rounds: Int) -> MicroResult? {
        let deck = SyntheticDeck.deck(count: deckSize)
        let store = DecisionStore.inMemory()
        let count = eventCount(quick: quick)
        var progress = DeckProgress(cardCount: deck.cards.count)
        var random = SystemRandomNumberGenerator()
        var written = 0
        do {
            while written < count {
                let card = Int.random(in: 0..<deckSize, using: &random)
                let direction = SwipeDirection.allCases.randomElement(using: &random) ?? .left
                let change: ProgressChange?
                switch Int.random(in: 0..<100, using: &random) {
                case 0..<60: change = progress.decide(direction).map { .did(.decide($0)) }
                case 60..<64: change = progress.decide(card, direction).map { .did($0) }
                case 64..<68: change = progress.returnToDeck(card).map { .did($0) }
                case 68..<71: change = progress.move(card, to: direction).map { .did($0) }
                case 71..<74: change = progress.shift().map { .shifted(cardIndex: $0) }
                case 74..<88: change = progress.undo().map { .undid($0) }
                default: change = progress.redo().map { .redid($0) }
                }
                guard let change else { continue }
                guard let event = DecisionEvent(change, after: progress, in: deck) else { continue }
                try store.record(event, in: key, at: Date(timeIntervalSince1970: Double(written)))
                written += 1
            }
            var perCall: [Double] = []
            for _ in 0..<rounds {
                let begin = MonotonicClock.nanoseconds()
                let replayed = try store.progress(for: deck, key: key)
                perCall.append(Double(MonotonicClock.nanoseconds() - begin))
                BlackHole.consume(Double(replayed.decidedCount))
                guard replayed == progress else {
                    FileHandle.standardError.write(Data("cardstack-bench: replay differs from the live state\n".utf8))
                    return nil
                }
            }
            return MicroResult(
                name: "DecisionStore.progress(for:), \(count) events replayed",
                iterations: 1,
                rounds: perCall,
                nanosecondsPerCall: Statistics.median(perCall)
            )
        } catch {
            FileHandle.standardError.write(Data("cardstack-bench: replay benchmark failed: \(error)\n".utf8))
            return nil
        }
    }
}
