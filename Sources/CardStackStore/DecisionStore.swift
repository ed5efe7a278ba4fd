// SPDX-License-Identifier: GPL-3.0-or-later
import CardStackCore
import Foundation
import GRDB

/// Saves every decision, undo and redo the moment it happens, and gives a deck back as it was left.
///
/// Each event is committed in its own transaction to an append-only log in an SQLite database in
/// WAL mode with `synchronous=NORMAL`: a committed event survives the process being killed (a power
/// cut may lose the last few). The state is derived by replaying the log, so there is no second copy
/// that could disagree with it.
///
/// All methods are synchronous and safe to call from any thread; GRDB serializes them.
public final class DecisionStore: Sendable {
    /// The application ID, which names the folder in the user's data directory.
    public static let applicationID = "io.github.cardstack.CardStack"
    /// The database file's name inside that folder.
    public static let fileName = "decisions.sqlite"
    /// How long, in seconds, a read or write waits for another connection to let go before it
    /// throws `.locked`: long enough to ride out another instance's commit or a WAL checkpoint
    /// (milliseconds), short enough that a stuck lock can't freeze a swipe for long.
    public static let busyTimeout: TimeInterval = 2
    /// What `DecisionStoreError` names as the path of an in-memory store.
    static let inMemoryPath = ":memory:"

    /// The database file's path, or `":memory:"` for an in-memory store.
    public let path: String
    private let database: DatabaseQueue

    /// Opens the database at `url`, creating it and its folder if needed, and brings its schema up to date.
    ///
    /// An existing file is first checked read-only; a damaged one throws `.corrupt` and is left
    /// byte for byte as it was.
    public convenience init(url: URL) throws(DecisionStoreError) {
        try self.init(url: url, busyTimeout: Self.busyTimeout)
    }

    /// Opens the database at `url`, waiting at most `busyTimeout` seconds for other connections.
    init(url: URL, busyTimeout: TimeInterval) throws(DecisionStoreError) {
        let path = url.standardizedFileURL.path
        try FileAccess.createFolder(url.standardizedFileURL.deletingLastPathComponent())
        try DatabaseFileValidation.validate(path: path, busyTimeout: busyTimeout)
        if let readOnly = FileAccess.readOnlyPart(of: path) {
            throw .readOnly(path: readOnly)
        }

        var configuration = Configuration()
        configuration.journalMode = .wal // also sets synchronous=NORMAL
        configuration.busyMode = .timeout(busyTimeout)
        configuration.label = "CardStack decisions"
        do {
            let database = try DatabaseQueue(path: path, configuration: configuration)
            try DecisionSchema.migrator.migrate(database)
            self.database = database
        } catch {
            throw DecisionStoreError(classifying: error, path: path)
        }
        self.path = path
    }

    /// A store over `database`, held in memory.
    init(inMemory database: DatabaseQueue) {
        self.database = database
        path = Self.inMemoryPath
    }

    /// Folds the write-ahead log into the database file and closes it, as the app quits: the file alone then
    /// holds every decision (a copy of it is a backup), and the `-wal` file is gone. Any later call fails with
    /// an error; a store that can't be checkpointed (another process holds it) is closed all the same.
    public func close() {
        // The last connection to close checkpoints the log and deletes it; TRUNCATE first so a reader that
        // keeps the file open elsewhere still leaves the main file complete.
        _ = try? database.writeWithoutTransaction { try $0.checkpoint(.truncate) }
        try? database.close()
    }

    // MARK: - Recent decks

    /// Notes that the deck `key`, titled `title`, was opened at `date`, for the Recent Decks menu.
    public func recordOpened(_ key: DeckKey, title: String, at date: Date) throws(DecisionStoreError) {
        try write { db in
            try db.execute(
                sql: """
                    INSERT INTO deck (key, title, opened_at) VALUES (?, ?, ?)
                    ON CONFLICT (key) DO UPDATE SET title = excluded.title, opened_at = excluded.opened_at
                    """,
                arguments: [key.path, title, date.timeIntervalSince1970]
            )
        }
    }

    /// The fields the user chose for parts of `key`'s cards (part name to field name), empty when none were.
    public func fieldChoices(of key: DeckKey) throws(DecisionStoreError) -> [String: String] {
        try read { db in
            let text = try String.fetchOne(db, sql: "SELECT field_choices FROM deck WHERE key = ?", arguments: [key.path])
            guard let data = text?.data(using: .utf8), let choices = try? JSONDecoder().decode([String: String].self, from: data) else { return [:] }
            return choices
        }
    }

    /// Keeps `choices` (part name to field name) as the fields `key`'s cards are read with from now on; empty
    /// goes back to the common names.
    public func setFieldChoices(_ choices: [String: String], for key: DeckKey) throws(DecisionStoreError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let text = choices.isEmpty ? nil : (try? encoder.encode(choices)).map { String(decoding: $0, as: UTF8.self) }
        try write { db in
            try db.execute(
                sql: """
                    INSERT INTO deck (key, field_choices) VALUES (?, ?)
                    ON CONFLICT (key) DO UPDATE SET field_choices = excluded.field_choices
                    """,
                arguments: [key.path, text]
            )
        }
    }

    /// The `limit` most recently opened decks, newest first.
    public func recentDecks(limit: Int) throws(DecisionStoreError) -> [RecentDeck] {
        try read { db in
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT key, title, opened_at FROM deck
                    WHERE opened_at IS NOT NULL
                    ORDER BY opened_at DESC, id DESC
                    LIMIT ?
                    """,
                arguments: [max(0, limit)]
            )
            return rows.compactMap { row -> RecentDeck? in
                guard
                    let key = String.fromDatabaseValue(row[0]),
                    let openedAt = Double.fromDatabaseValue(row[2])
                else { return nil }
                return RecentDeck(
                    key: DeckKey(storedPath: key),
                    title: String.fromDatabaseValue(row[1]) ?? "",
                    lastOpened: Date(timeIntervalSince1970: openedAt)
                )
            }
        }
    }

    // MARK: - Events

    /// Commits `event` for the deck `key`, which happened at `date`, before returning; answers its sequence number.
    @discardableResult
    public func record(_ event: DecisionEvent, in key: DeckKey, at date: Date) throws(DecisionStoreError) -> Int64 {
        var sequence: Int64 = 0
        try write { db in
            try db.execute(sql: "INSERT INTO deck (key) VALUES (?) ON CONFLICT (key) DO NOTHING", arguments: [key.path])
            try db.execute(
                sql: """
                    INSERT INTO event (deck_id, kind, card_id, direction, directions, place_in_line, file_batch, stars, colour_label, sent_back, cards, occurred_at)
                    VALUES ((SELECT id FROM deck WHERE key = ?), ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    key.path, event.storedKind, event.storedCardID, event.storedDirection, event.storedDirections, event.storedPlaceInLine,
                    event.storedFileBatch, event.storedStars, event.storedColourLabel, event.storedSentBack, event.storedCards, date.timeIntervalSince1970,
                ]
            )
            sequence = db.lastInsertedRowID
        }
        return sequence
    }

    /// The decisions in force for the deck `key`, in the order they came into force.
    ///
    /// No deck is at hand, so every id the log names counts as a card.
    public func history(of key: DeckKey) throws(DecisionStoreError) -> [StoredDecision] {
        let events = try events(of: key)
        var ids: [String] = []
        var indexByID: [String: Int] = [:]
        for (event, _) in events {
            for id in event.cardIDs where indexByID[id] == nil {
                indexByID[id] = ids.count
                ids.append(id)
            }
        }
        var replay = DecisionReplay(cardCount: ids.count) { indexByID[$0] }
        for (event, date) in events {
            replay.apply(event, at: date)
        }
        return replay.decisionsInForce { ids[$0] }
    }

    /// Where the user left `deck`: every card's place, and the steps undo and redo can take back or make
    /// again, as they were when the app last recorded one.
    ///
    /// Stored cards are matched to `deck` by id; ids no longer in the deck are skipped, and a card decided
    /// twice counts once, the first time.
    public func progress(for deck: Deck, key: DeckKey) throws(DecisionStoreError) -> DeckProgress {
        let events = try events(of: key)
        let indexByID = Self.firstIndices(in: deck, of: Set(events.flatMap(\.0.cardIDs)))
        var replay = DecisionReplay(cardCount: deck.cards.count) { indexByID[$0] }
        for (event, date) in events {
            replay.apply(event, at: date)
        }
        return replay.progress
    }

    /// The index of the first card with each of `ids` that `deck` has.
    ///
    /// Only the ids the log names are looked up: a map of every card's id cost a 100,000-card deck a table of
    /// 262,144 buckets (6 MB) at each open, for a log that names a handful of them, or none.
    private static func firstIndices(in deck: Deck, of ids: Set<String>) -> [String: Int] {
        var indexByID: [String: Int] = [:]
        guard !ids.isEmpty else { return indexByID }
        for (index, card) in deck.cards.enumerated() where indexByID[card.id] == nil && ids.contains(card.id) {
            indexByID[card.id] = index
            if indexByID.count == ids.count { break }
        }
        return indexByID
    }

    /// The decisions in force for `deck`, ready to export, in the order they were made.
    ///
    /// A card no longer in the deck keeps its row, with an empty title.
    public func exportRows(of deck: Deck, key: DeckKey) throws(DecisionStoreError) -> [ExportRow] {
        let history = try history(of: key)
        let indexByID = Self.firstIndices(in: deck, of: Set(history.map(\.cardID)))
        return history.map { decision in
            let card = indexByID[decision.cardID].map { deck.cards[$0] }
            return ExportRow(
                cardID: decision.cardID,
                title: card?.title ?? "",
                direction: decision.direction,
                label: deck.label(for: decision.direction),
                decidedAt: decision.decidedAt,
                // Export files are UTF-8 text: bytes of a name that aren't UTF-8 can only be shown, as U+FFFD.
                path: card?.imagePath.map(FileNameEncoding.displayName)
            )
        }
    }

    /// The deck's whole event log, in the order it was written.
    ///
    /// Rows this version can't make sense of are skipped.
    func events(of key: DeckKey) throws(DecisionStoreError) -> [(DecisionEvent, Date)] {
        try events(of: key, newestFirst: false, limit: nil)
    }

    /// The deck's latest `limit` steps, undos and redos, newest first, each with when it happened: what
    /// History shows. Shifts to the back of the line are not steps and are left out.
    public func latestEvents(of key: DeckKey, limit: Int) throws(DecisionStoreError) -> [DatedDecisionEvent] {
        try events(of: key, newestFirst: true, limit: max(0, limit)).map { DatedDecisionEvent(event: $0.0, date: $0.1) }
    }

    private func events(of key: DeckKey, newestFirst: Bool, limit: Int?) throws(DecisionStoreError) -> [(DecisionEvent, Date)] {
        try read { db in
            // The history stored under the unresolved path (before links were resolved) reads with the rest.
            let deckIDs = try Int64.fetchAll(db, sql: "SELECT id FROM deck WHERE key IN (?, ?)",
                                             arguments: [key.path, key.unresolvedPath ?? key.path])
            guard !deckIDs.isEmpty else { return [] }
            let places = Array(repeating: "?", count: deckIDs.count).joined(separator: ", ")
            // A limited read is History's, which never shows shifts.
            let rows = try Row.fetchCursor(
                db,
                sql: """
                    SELECT kind, card_id, direction, place_in_line, occurred_at, file_batch, stars, colour_label, directions, sent_back, cards FROM event
                    WHERE deck_id IN (\(places))\(limit == nil ? "" : " AND kind <> 'shifted'")
                    ORDER BY sequence\(newestFirst ? " DESC" : "")\(limit == nil ? "" : " LIMIT ?")
                    """,
                arguments: StatementArguments(deckIDs + (limit.map { [Int64($0)] } ?? []))
            )
            var events: [(DecisionEvent, Date)] = []
            while let row = try rows.next() {
                // fromDatabaseValue returns nil where a typed subscript would trap, so a row
                // edited by hand is skipped instead of crashing the app.
                guard
                    let event = DecisionEvent(
                        storedKind: String.fromDatabaseValue(row[0]),
                        cardID: String.fromDatabaseValue(row[1]),
                        direction: String.fromDatabaseValue(row[2]),
                        directions: String.fromDatabaseValue(row[8]),
                        placeInLine: Int.fromDatabaseValue(row[3]),
                        fileBatch: Int64.fromDatabaseValue(row[5]),
                        stars: Int.fromDatabaseValue(row[6]),
                        colourLabel: Int.fromDatabaseValue(row[7]),
                        sentBack: Int.fromDatabaseValue(row[9]),
                        cards: String.fromDatabaseValue(row[10])
                    ),
                    let occurredAt = Double.fromDatabaseValue(row[4])
                else { continue }
                events.append((event, Date(timeIntervalSince1970: occurredAt)))
            }
            return events
        }
    }

    // MARK: - Access

    func read<T>(_ body: (Database) throws -> T) throws(DecisionStoreError) -> T {
        do {
            return try database.read(body)
        } catch {
            throw DecisionStoreError(classifying: error, path: path)
        }
    }

    /// Runs `body` in its own transaction, committed before returning.
    ///
    /// IMMEDIATE takes the write lock up front, so a busy database makes SQLite wait for up to
    /// `busyTimeout` rather than fail at once when a deferred transaction tries to upgrade.
    func write(_ body: (Database) throws -> Void) throws(DecisionStoreError) {
        do {
            try database.inTransaction(.immediate) { db in
                try body(db)
                return .commit
            }
        } catch {
            throw DecisionStoreError(classifying: error, path: path)
        }
    }
}
