// SPDX-License-Identifier: GPL-3.0-or-later
import CardStackCore
import CardStackStore
import CardStackWidgets
import Foundation

/// Writes every change of the decisions to the store the moment it happens, and copes when it can't.
///
/// When the database cannot be opened or written (damaged, read-only, locked), the user is told once and the
/// app keeps working with an in-memory store; the file on disk is never touched again in this session.
@MainActor
final class DecisionJournal {
    private(set) var store: DecisionStore
    /// Told about a problem with the database, in words for a toast.
    var onProblem: (@MainActor (String) -> Void)? {
        didSet {
            if let problem = pendingProblem, let onProblem {
                pendingProblem = nil
                onProblem(problem)
            }
        }
    }
    private var pendingProblem: String?

    init(url: URL = DecisionStore.defaultURL()) {
        do {
            store = try DecisionStore(url: url)
        } catch {
            store = .inMemory()
            pendingProblem = error.description
            StandardError.report(error.description)
        }
    }

    /// Closes the database as the app quits, leaving every decision in its main file (no `-wal` beside it).
    func close() {
        store.close()
    }

    /// The saved decisions of `deck`, or a fresh start if they cannot be read.
    func progress(for deck: Deck, key: DeckKey) -> DeckProgress? {
        attempt { try store.progress(for: deck, key: key) }
    }

    /// Notes that `deck` was opened, for Recent Decks.
    func opened(_ deck: Deck, key: DeckKey) {
        attempt { try store.recordOpened(key, title: deck.title, at: Date()) }
    }

    /// The most recently opened decks, newest first.
    func recentDecks(limit: Int) -> [RecentDeck] {
        attempt { try store.recentDecks(limit: limit) } ?? []
    }

    /// The deck's latest steps, newest first; none when the store can't be read.
    func latestEvents(of key: DeckKey, limit: Int) -> [DatedDecisionEvent] {
        attempt { try store.latestEvents(of: key, limit: limit) } ?? []
    }

    /// When each decision in force was made, by card id.
    func decisionDates(of key: DeckKey) -> [String: Date] {
        let decisions = attempt { try store.history(of: key) } ?? []
        return Dictionary(decisions.map { ($0.cardID, $0.decidedAt) }) { _, later in later }
    }

    /// Commits one change in its own transaction; returns whether it reached the store.
    ///
    /// `progress` is the state after the change.
    @discardableResult
    func record(_ change: ProgressChange, progress: DeckProgress, of deck: Deck, key: DeckKey) -> Bool {
        let event = DecisionEvent(change, after: progress, in: deck)
        return attempt { try store.record(event, in: key, at: Date()) } != nil
    }

    private func attempt<Value>(_ body: () throws -> Value) -> Value? {
        do {
            return try body()
        } catch {
            let message = (error as? DecisionStoreError)?.description ?? "Decisions can't be saved: \(error)"
            StandardError.report(message)
            if store.path != ":memory:" {
                store = .inMemory()
                onProblem?(message)
            }
            return nil
        }
    }
}
