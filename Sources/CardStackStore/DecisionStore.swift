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

    /// Where decisions are saved by default: `$XDG_DATA_HOME/io.github.cardstack.CardStack/decisions.sqlite`.
    ///
    /// As the XDG Base Directory spec says, an unset, empty or relative `XDG_DATA_HOME` is ignored
    /// in favour of `$HOME/.local/share`.
    public static func defaultURL(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        let dataHome: URL
        if let configured = environment["XDG_DATA_HOME"], configured.hasPrefix("/") {
            dataHome = URL(fileURLWithPath: configured, isDirectory: true)
        } else {
            let home = environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
                ?? FileManager.default.homeDirectoryForCurrentUser.path
            dataHome = URL(fileURLWithPath: home, isDirectory: true)
                .appendingPathComponent(".local", isDirectory: true)
                .appendingPathComponent("share", isDirectory: true)
        }
        return dataHome
            .appendingPathComponent(applicationID, isDirectory: true)
            .appendingPathComponent(fileName, isDirectory: false)
    }

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

    private init(inMemory database: DatabaseQueue) {
        self.database = database
        path = Self.inMemoryPath
    }

    /// An in-memory copy of the database at `url`, read without writing anything there (no migration, no `-wal`
    /// left behind on a clean file): what the app shows and exports when it can't save to the file (it is
    /// damaged for writing, read-only, or another CardStack holds it), and what `--export` reads.
    public static func snapshot(of url: URL) throws(DecisionStoreError) -> DecisionStore {
        let path = url.standardizedFileURL.path
        guard try DatabaseFileValidation.checkFiles(path: path) != .nothing else { return inMemory() }
        // SQLite can't read a WAL database whose folder it can't write its `-shm` file in (read-only, or a full
        // disk): read a private copy of the file and its log instead. Nothing can be writing to such a folder.
        if FileAccess.readOnlyPart(of: path) != nil { return try snapshotOfCopy(of: path) }
        do {
            return try backupIntoMemory(path)
        } catch {
            if case .corrupt = error { throw error }
            return try snapshotOfCopy(of: path)
        }
    }

    /// Copies the database at `path` into memory through SQLite's backup API, which is safe while another
    /// process writes to it.
    private static func backupIntoMemory(_ path: String) throws(DecisionStoreError) -> DecisionStore {
        // Even a read-only connection creates the `-wal` and `-shm` files of a WAL database: the ones this
        // makes go again after the copy.
        let sidecars = [path + "-wal", path + "-shm"]
        let existingSidecars = Set(sidecars.filter { FileManager.default.fileExists(atPath: $0) })
        defer { DatabaseFileValidation.removeCreatedSidecars(sidecars.filter { !existingSidecars.contains($0) }) }
        do {
            var configuration = Configuration()
            configuration.readonly = true
            configuration.busyMode = .timeout(busyTimeout)
            let source = try DatabaseQueue(path: path, configuration: configuration)
            let copy = try DatabaseQueue()
            try source.backup(to: copy)
            try source.close()
            // An older file is brought up to date in the copy only.
            try DecisionSchema.migrator.migrate(copy)
            return DecisionStore(inMemory: copy)
        } catch {
            throw DecisionStoreError(classifying: error, path: path)
        }
    }

    /// The snapshot of a database in a folder that can't be written: its file and log copied to a private
    /// temporary folder and read there, then removed. The copy goes to memory first (the user's runtime folder,
    /// then `/dev/shm`), as the disk with the temporary folder may be the full one.
    private static func snapshotOfCopy(of path: String) throws(DecisionStoreError) -> DecisionStore {
        let files = FileManager.default
        var places = [ProcessInfo.processInfo.environment["XDG_RUNTIME_DIR"], "/dev/shm"].compactMap { $0 }
            .filter { $0.hasPrefix("/") && files.isWritableFile(atPath: $0) }.map { URL(fileURLWithPath: $0, isDirectory: true) }
        places.append(files.temporaryDirectory)
        var copy: String?
        var failure: (any Error)?
        for place in places {
            let folder = place.appendingPathComponent("cardstack-snapshot-\(UUID().uuidString)", isDirectory: true)
            let file = folder.appendingPathComponent(URL(fileURLWithPath: path).lastPathComponent).path
            do {
                try files.createDirectory(at: folder, withIntermediateDirectories: true)
                try files.copyItem(atPath: path, toPath: file)
                if files.fileExists(atPath: path + "-wal") { try files.copyItem(atPath: path + "-wal", toPath: file + "-wal") }
                // A copy of a read-only file is read-only too; SQLite needs to write the copy's log to read it.
                try files.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file)
                copy = file
                break
            } catch {
                failure = error
                try? files.removeItem(at: folder)
            }
        }
        guard let copy else {
            throw .unavailable(path: path, reason: "it can't be copied to be read (\(failure?.localizedDescription ?? "no room"))")
        }
        defer { try? files.removeItem(atPath: URL(fileURLWithPath: copy).deletingLastPathComponent().path) }
        do {
            return try backupIntoMemory(copy)
        } catch {
            // Name the user's file, not the private copy.
            throw error.about(path)
        }
    }

    /// A store that keeps everything in memory until the app quits, for when the file can't be used.
    public static func inMemory() -> DecisionStore {
        do {
            let database = try DatabaseQueue()
            try DecisionSchema.migrator.migrate(database)
            return DecisionStore(inMemory: database)
        } catch {
            // Only running out of memory, or a broken v1 migration that every test would catch, gets here.
            preconditionFailure("An in-memory decisions database can't be created: \(error)")
        }
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

    /// Commits `event` for the deck `key`, which happened at `date`, before returning.
    public func record(_ event: DecisionEvent, in key: DeckKey, at date: Date) throws(DecisionStoreError) {
        try write { db in
            try db.execute(sql: "INSERT INTO deck (key) VALUES (?) ON CONFLICT (key) DO NOTHING", arguments: [key.path])
            try db.execute(
                sql: """
                    INSERT INTO event (deck_id, kind, card_id, direction, place_in_line, occurred_at)
                    VALUES ((SELECT id FROM deck WHERE key = ?), ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    key.path, event.storedKind, event.storedCardID, event.storedDirection, event.storedPlaceInLine,
                    date.timeIntervalSince1970,
                ]
            )
        }
    }

    /// The decisions in force for the deck `key`, in the order they came into force.
    ///
    /// No deck is at hand, so every id the log names counts as a card.
    public func history(of key: DeckKey) throws(DecisionStoreError) -> [StoredDecision] {
        let events = try events(of: key)
        var ids: [String] = []
        var indexByID: [String: Int] = [:]
        for (event, _) in events {
            if let id = event.storedCardID, indexByID[id] == nil {
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
        let indexByID = Self.firstIndices(in: deck, of: Set(events.compactMap(\.0.storedCardID)))
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
                    SELECT kind, card_id, direction, place_in_line, occurred_at FROM event
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
                        placeInLine: Int.fromDatabaseValue(row[3])
                    ),
                    let occurredAt = Double.fromDatabaseValue(row[4])
                else { continue }
                events.append((event, Date(timeIntervalSince1970: occurredAt)))
            }
            return events
        }
    }

    // MARK: - Access

    private func read<T>(_ body: (Database) throws -> T) throws(DecisionStoreError) -> T {
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
    private func write(_ body: (Database) throws -> Void) throws(DecisionStoreError) {
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
