// SPDX-License-Identifier: GPL-3.0-or-later
import CardStackCore
import CardStackStore
import Foundation
import GtkSupport

/// Writes every change of the decisions to the store the moment it happens, and copes when it can't.
///
/// When the database cannot be opened or written (damaged, read-only, locked, or another CardStack saves to
/// it), the app goes on with an in-memory copy of what the file holds, so it still shows and exports every
/// decision on disk, plus this session's; the file is never touched again in this session, and the user is
/// told in a place that stays (``onProblem``).
///
/// The database is opened on another thread from the moment the journal is made (at launch, while the window
/// is built and laid out: 3 ms of the main thread when it creates the file) and waited for when first used.
@MainActor
public final class DecisionJournal {
    /// The way into the store, for this journal and for the work it hands to other threads: the database, or
    /// the in-memory copy every writer went on with.
    public var storage: JournalStorage { ready() }
    /// Whether steps reach the database file (false once the journal went on in memory).
    public var savesToDisk: Bool { ready().savesToDisk }
    /// Steps recorded since the journal went on in memory: an export says they are not on disk.
    public private(set) var unsavedStepCount = 0
    private let url: URL

    private enum Phase {
        /// The database being opened on another thread, until ``ready()`` takes it.
        case opening(Handoff<Result<(lock: DataFolderLock, store: DecisionStore), DecisionStoreError>>)
        case open(JournalStorage)
    }

    private var phase: Phase
    /// Told about a problem with the database, in words for the window's banner.
    public var onProblem: (@MainActor (String) -> Void)? {
        didSet {
            if let problem = pendingProblem, let onProblem {
                pendingProblem = nil
                onProblem(problem)
            }
        }
    }
    private var pendingProblem: String?

    public init(url: URL = DecisionStore.defaultURL()) {
        self.url = url
        phase = .opening(Handoff(working: {
            do throws(DecisionStoreError) {
                let lock = try DataFolderLock(for: url)
                return .success((lock, try DecisionStore(url: url)))
            } catch {
                return .failure(error)
            }
        }))
    }

    /// Where the journal writes, waiting for the database to be opened the first time.
    private func ready() -> JournalStorage {
        let result: Result<(lock: DataFolderLock, store: DecisionStore), DecisionStoreError>
        switch phase {
        case .open(let storage): return storage
        case .opening(let opening): result = opening.wait()
        }
        // A problem met on another thread comes to the window on the main context.
        let report: @Sendable (String) -> Void = { [weak self] problem in
            if Thread.isMainThread {
                MainActor.assumeIsolated { self?.tell(problem) }
            } else {
                MainContext.invoke { self?.tell(problem) }
            }
        }
        let storage: JournalStorage
        switch result {
        case .success(let database):
            storage = JournalStorage(store: database.store, onDisk: true, url: url, folderLock: database.lock, onProblem: report)
        case .failure(let error):
            storage = JournalStorage(store: JournalStorage.copy(of: url), onDisk: false, url: url, folderLock: nil, onProblem: report)
            StandardError.report(error.description)
            tell(error.description)
        }
        phase = .open(storage)
        return storage
    }

    /// Tells ``onProblem`` about `problem`, or keeps it until there is one to tell.
    private func tell(_ problem: String) {
        if let onProblem { onProblem(problem) } else { pendingProblem = problem }
    }

    /// Closes the database as the app quits, leaving every decision in its main file (no `-wal` beside it). A
    /// database that was never asked for is not opened now, and one that could not be opened is not reported
    /// again: whoever would have been told may be gone.
    public func close() {
        onProblem = nil
        pendingProblem = nil
        guard case .open(let storage) = phase else {
            if case .opening(let opening) = phase, case .success(let database) = opening.wait() { database.store.close() }
            return
        }
        storage.close()
    }

    /// The saved decisions of `deck`, or a fresh start if they cannot be read.
    public func progress(for deck: Deck, key: DeckKey) -> DeckProgress? {
        attempt { try $0.progress(for: deck, key: key) }
    }

    /// Notes that `deck` was opened, for Recent Decks.
    public func opened(_ deck: Deck, key: DeckKey) {
        attempt { try $0.recordOpened(key, title: deck.title, at: Date()) }
    }

    /// The fields chosen in Open As… for the parts of `key`'s cards.
    public func fieldMapping(of key: DeckKey) -> CardFieldMapping {
        Self.mapping(attempt { try $0.fieldChoices(of: key) } ?? [:])
    }

    /// ``fieldMapping(of:)`` answered on whichever thread calls the lookup returned, which may be before the
    /// database is open: the lookup waits for it there, not here, so a deck can start being read at launch.
    public func fieldMappingLookup(of key: DeckKey) -> @Sendable () -> CardFieldMapping {
        switch phase {
        case .open(let storage):
            return { Self.mapping(storage.use { try $0.fieldChoices(of: key) } ?? [:]) }
        case .opening(let opening):
            let url = url
            return {
                // A database that can't be opened is read as the journal then goes on: from a copy in memory.
                let store: DecisionStore
                if case .success(let database) = opening.wait() { store = database.store } else { store = JournalStorage.copy(of: url) }
                return Self.mapping((try? store.fieldChoices(of: key)) ?? [:])
            }
        }
    }

    private nonisolated static func mapping(_ stored: [String: String]) -> CardFieldMapping {
        CardFieldMapping(chosen: Dictionary(uniqueKeysWithValues: stored.compactMap { role, field in
            CardFieldMapping.Role(rawValue: role).map { ($0, field) }
        }))
    }

    /// Keeps `mapping`'s choices for `key`'s cards, for every later open.
    public func setFieldMapping(_ mapping: CardFieldMapping, of key: DeckKey) {
        let choices = Dictionary(uniqueKeysWithValues: mapping.chosen.map { ($0.key.rawValue, $0.value) })
        attempt { try $0.setFieldChoices(choices, for: key) }
    }

    /// The most recently opened decks, newest first.
    public func recentDecks(limit: Int) -> [RecentDeck] {
        attempt { try $0.recentDecks(limit: limit) } ?? []
    }

    /// The deck's latest steps, newest first; none when the store can't be read.
    public func latestEvents(of key: DeckKey, limit: Int) -> [DatedDecisionEvent] {
        attempt { try $0.latestEvents(of: key, limit: limit) } ?? []
    }

    /// When each decision in force was made, by card id.
    public func decisionDates(of key: DeckKey) -> [String: Date] {
        let decisions = attempt { try $0.history(of: key) } ?? []
        return Dictionary(decisions.map { ($0.cardID, $0.decidedAt) }) { _, later in later }
    }

    /// Commits one change in its own transaction; returns its sequence number in the store written to (nil when
    /// not even the in-memory copy could keep it).
    ///
    /// `progress` is the state after the change. A change the file refuses is kept in the in-memory copy the
    /// journal goes on with, so it is still shown and exported.
    @discardableResult
    public func record(_ change: ProgressChange, progress: DeckProgress, of deck: Deck, key: DeckKey) -> Int64? {
        guard let event = DecisionEvent(change, after: progress, in: deck) else { return nil }
        let date = Date()
        guard case .success(let recorded) = storage.perform({ try $0.record(event, in: key, at: date) }) else {
            return nil
        }
        if !recorded.onDisk { unsavedStepCount += 1 }
        return recorded.value
    }

    private func attempt<Value>(_ body: (DecisionStore) throws -> Value) -> Value? {
        storage.use(body)
    }
}
