// SPDX-License-Identifier: GPL-3.0-or-later
import CardStackCore
import Foundation
import GRDB

/// The database layout and its migrations, one per released schema version.
///
/// Migrations are append-only: a shipped one is never edited, a change is a new migration, so
/// every file written by any version upgrades the same way.
enum DecisionSchema {
    /// Registers every migration in order.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            // `deck.title` and `deck.opened_at` stay NULL until the deck is opened through
            // `recordOpened`, so recording events alone never adds a Recent Decks entry.
            // `event` is only ever inserted into: the state is derived by replaying it in
            // `sequence` order, so a crash loses at most the event being written.
            // Times are seconds since 1970 (UTC), readable with `datetime(occurred_at, 'unixepoch')`.
            // AUTOINCREMENT keeps sequences increasing even if rows are ever deleted.
            try db.execute(sql: """
                CREATE TABLE deck (
                    id INTEGER PRIMARY KEY,
                    key TEXT NOT NULL UNIQUE,
                    title TEXT,
                    opened_at REAL
                );
                CREATE TABLE event (
                    sequence INTEGER PRIMARY KEY AUTOINCREMENT,
                    deck_id INTEGER NOT NULL REFERENCES deck (id),
                    kind TEXT NOT NULL,
                    card_id TEXT,
                    direction TEXT,
                    occurred_at REAL NOT NULL
                );
                CREATE INDEX event_by_deck ON event (deck_id, sequence);
                """)
        }
        migrator.registerMigration("v2 steps") { db in
            // Version 2 records every step of the shared history: any card decided (not only the front
            // one), returned, moved, whole directions returned, restarts and undo/redo of each, and the
            // shifts that reorder the line. `place_in_line` is how many cards were ahead of a decided
            // one; it stays NULL in v1 rows, which only ever decided the front card (v1 did not store
            // shifts, so replay brings such a card to the front first).
            try db.execute(sql: "ALTER TABLE event ADD COLUMN place_in_line INTEGER")
        }
        migrator.registerMigration("v3 field choices") { db in
            // Which field of a list's records fills which part of its cards, as the user chose it in Open As…:
            // a JSON object of part names to field names, NULL while the common names are used.
            try db.execute(sql: "ALTER TABLE deck ADD COLUMN field_choices TEXT")
        }
        migrator.registerMigration("v4 sidecar baselines") { db in
            // What a photo's XMP sidecar held of the properties CardStack writes, before CardStack first wrote
            // them for a decision on the card (`kind` 'written'), and when the card went back undecided and the
            // sidecar was given back what it held ('restored'): the latest row of a sidecar says which. Kept
            // with the decisions, so an undo after a relaunch still restores exactly what was there. Only ever
            // inserted into, like `event`.
            try db.execute(sql: """
                CREATE TABLE sidecar_baseline (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    deck_id INTEGER NOT NULL REFERENCES deck(id),
                    card_id TEXT NOT NULL,
                    sidecar TEXT NOT NULL,
                    kind TEXT NOT NULL CHECK (kind IN ('written', 'restored')),
                    rating TEXT,
                    pick_label TEXT,
                    created INTEGER NOT NULL,
                    recorded_at REAL NOT NULL
                );
                CREATE INDEX sidecar_baseline_by_sidecar ON sidecar_baseline (deck_id, card_id, sidecar, id);
                """)
        }
        migrator.registerMigration("v5 file batches") { db in
            // Files of a direction's cards moved together (to the trash, or to a folder the user chose) as one
            // undoable step: the batch is written, each file 'pending', before the first file moves, and each
            // file's outcome after, so a relaunch after the process was killed mid-way still knows every file
            // the step may have moved. `destination` is 'trash' or a folder's path; `location` is where a file is
            // now when that is not its old place or the trash (a folder moved to, a free name it was restored
            // under). The event of the step names its batch in `event.file_batch`.
            try db.execute(sql: """
                CREATE TABLE file_batch (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    deck_id INTEGER NOT NULL REFERENCES deck(id),
                    destination TEXT NOT NULL,
                    started_at REAL NOT NULL
                );
                CREATE TABLE file_batch_item (
                    batch_id INTEGER NOT NULL REFERENCES file_batch(id),
                    position INTEGER NOT NULL,
                    path TEXT NOT NULL,
                    state TEXT NOT NULL CHECK (state IN ('pending', 'moved', 'failed', 'back')),
                    location TEXT,
                    reason TEXT,
                    PRIMARY KEY (batch_id, position)
                );
                ALTER TABLE event ADD COLUMN file_batch INTEGER REFERENCES file_batch(id);
                """)
        }
        migrator.registerMigration("v6 sidecar sync") { db in
            // The latest event whose sidecar writes were finished, for each deck: events after it (the app was
            // stopped before their sidecars were written, or sidecars were off) have their cards' sidecars
            // brought in line when the deck is next opened with sidecars on. NULL: never written.
            try db.execute(sql: "ALTER TABLE deck ADD COLUMN sidecars_synced_through INTEGER")
        }
        migrator.registerMigration("v7 sidecar writes") { db in
            // What CardStack wrote of each property, beside what the sidecar held before: a property that no
            // longer holds CardStack's value was written by another program since, and is left to it. Rows of
            // earlier versions have `written_known` 0: what they wrote is not known, so none of it is claimed.
            try db.execute(sql: """
                ALTER TABLE sidecar_baseline ADD COLUMN written_rating TEXT;
                ALTER TABLE sidecar_baseline ADD COLUMN written_pick_label TEXT;
                ALTER TABLE sidecar_baseline ADD COLUMN written_known INTEGER NOT NULL DEFAULT 0;
                """)
        }
        migrator.registerMigration("v8 moved file identity") { db in
            // What told each file of a batch apart before it moved (device, inode, size, modification time in
            // nanoseconds, and for a move to another file system a fingerprint of its bytes): undo moves back only
            // the file that is still that file, never another that took its name. NULL in rows of earlier
            // versions, and for a file that could not be looked at.
            try db.execute(sql: """
                ALTER TABLE file_batch_item ADD COLUMN device INTEGER;
                ALTER TABLE file_batch_item ADD COLUMN inode INTEGER;
                ALTER TABLE file_batch_item ADD COLUMN size INTEGER;
                ALTER TABLE file_batch_item ADD COLUMN modified_ns INTEGER;
                ALTER TABLE file_batch_item ADD COLUMN fingerprint TEXT;
                """)
        }
        migrator.registerMigration("v9 ratings") { db in
            // Stars and colour labels given to photos (`kind` 'rated'): the card's whole rating after the step,
            // `stars` 0–5 and `colour_label` darktable's number, NULL where none was given. The colour label's two
            // sidecar properties beside the rating's; NULL in rows of earlier versions, which wrote none.
            try db.execute(sql: """
                ALTER TABLE event ADD COLUMN stars INTEGER;
                ALTER TABLE event ADD COLUMN colour_label INTEGER;
                ALTER TABLE sidecar_baseline ADD COLUMN label TEXT;
                ALTER TABLE sidecar_baseline ADD COLUMN colour_labels TEXT;
                ALTER TABLE sidecar_baseline ADD COLUMN written_label TEXT;
                ALTER TABLE sidecar_baseline ADD COLUMN written_colour_labels TEXT;
                """)
        }
        migrator.registerMigration("v10 file steps across directions") { db in
            // A file step may take the files of several directions' cards at once: all of them, comma-separated
            // (`direction` keeps the first, as earlier versions read it; NULL in their rows, which had one). A batch
            // moved to a folder keeps its files' subfolders under the deck's folder, `root`: NULL where the files
            // went side by side, as in earlier versions.
            try db.execute(sql: """
                ALTER TABLE event ADD COLUMN directions TEXT;
                ALTER TABLE file_batch ADD COLUMN root TEXT;
                """)
        }
        migrator.registerMigration("v11 ratings that move on") { db in
            // A rating that also sent its photo, the front card, to the back of the line (Preferences' next photo
            // after a rating) has `sent_back` 1, so undoing it after a relaunch brings the photo to the front again.
            try db.execute(sql: "ALTER TABLE event ADD COLUMN sent_back INTEGER")
        }
        migrator.registerMigration("v12 steps of several cards") { db in
            // A step that decided several cards at once (`kind` 'decided together': a burst's frames swiped as one,
            // a duel's last choice) names them all in `cards`, a JSON array of {"cardID", "direction"} objects in
            // the order they were decided; `card_id` and `direction` keep the first, which undo and redo rows name.
            // Earlier versions skip such rows, as they skip any kind they don't know.
            try db.execute(sql: "ALTER TABLE event ADD COLUMN cards TEXT")
        }
        return migrator
    }
}

extension DecisionEvent {
    /// The `event.kind` column's value.
    var storedKind: String {
        switch self {
        case .decided: "decided"
        case .decidedTogether: "decided together"
        case .returned: "returned"
        case .moved: "moved"
        case .reviewing: "reviewing"
        case .restarted: "restarted"
        case .undone: "undone"
        case .redone: "redone"
        case .shifted: "shifted"
        case .movedFiles: "moved files"
        case .rated: "rated"
        }
    }

    /// The `event.card_id` column's value.
    var storedCardID: String? {
        switch self {
        case .decided(let cardID, _, _), .returned(let cardID), .moved(let cardID, _), .shifted(let cardID): cardID
        case .undone(let cardID), .redone(let cardID, _): cardID
        case .rated(let cardID, _, _): cardID
        case .decidedTogether(let cards): cards.first?.cardID
        case .restarted, .reviewing, .movedFiles: nil
        }
    }

    /// The `event.direction` column's value.
    var storedDirection: String? {
        switch self {
        case .decided(_, let direction, _), .moved(_, let direction), .reviewing(let direction): direction.rawValue
        case .movedFiles(let directions, _): directions.first?.rawValue
        case .redone(_, let direction): direction?.rawValue
        case .decidedTogether(let cards): cards.first?.direction.rawValue
        case .returned, .restarted, .undone, .shifted, .rated: nil
        }
    }

    /// The `event.directions` column's value: every direction of a file step, comma-separated.
    var storedDirections: String? {
        if case .movedFiles(let directions, _) = self { return directions.map(\.rawValue).joined(separator: ",") }
        return nil
    }

    /// The `event.cards` column's value: the cards of a step that decided several, as JSON.
    var storedCards: String? {
        guard case .decidedTogether(let cards) = self, let data = try? JSONEncoder().encode(cards) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    /// The `event.stars` column's value.
    var storedStars: Int? {
        if case .rated(_, let rating, _) = self { return rating.stars }
        return nil
    }

    /// The `event.colour_label` column's value.
    var storedColourLabel: Int? {
        if case .rated(_, let rating, _) = self { return rating.label?.rawValue }
        return nil
    }

    /// The `event.sent_back` column's value: 1 for a rating that sent its photo to the back of the line.
    var storedSentBack: Int? {
        if case .rated(_, _, true) = self { return 1 }
        return nil
    }

    /// The `event.place_in_line` column's value.
    var storedPlaceInLine: Int? {
        if case .decided(_, _, let place) = self { return place }
        return nil
    }

    /// The `event.file_batch` column's value.
    var storedFileBatch: Int64? {
        if case .movedFiles(_, let batch) = self { return batch }
        return nil
    }

    /// Rebuilds an event from its columns; nil for a row this version can't make sense of
    /// (a kind added later, a value edited by hand), which replay then skips.
    init?(storedKind: String?, cardID: String?, direction: String?, directions: String? = nil, placeInLine: Int? = nil, fileBatch: Int64? = nil,
          stars: Int? = nil, colourLabel: Int? = nil, sentBack: Int? = nil, cards: String? = nil) {
        let direction = direction.flatMap(SwipeDirection.init(rawValue:))
        switch (storedKind, cardID, direction) {
        case ("decided", let cardID?, let direction?): self = .decided(cardID: cardID, direction: direction, placeInLine: placeInLine)
        case ("decided together", _, _):
            guard let cards, let decoded = try? JSONDecoder().decode([DecidedCard].self, from: Data(cards.utf8)), !decoded.isEmpty else { return nil }
            self = .decidedTogether(decoded)
        case ("returned", let cardID?, _): self = .returned(cardID: cardID)
        case ("moved", let cardID?, let direction?): self = .moved(cardID: cardID, direction: direction)
        case ("reviewing", _, let direction?): self = .reviewing(direction)
        case ("restarted", _, _): self = .restarted
        case ("undone", let cardID, _): self = .undone(cardID: cardID)
        case ("redone", let cardID, let direction): self = .redone(cardID: cardID, direction: direction)
        case ("shifted", let cardID?, _): self = .shifted(cardID: cardID)
        case ("rated", let cardID?, _):
            self = .rated(cardID: cardID, rating: PhotoRating(stars: stars, label: colourLabel.flatMap(ColourLabel.init(rawValue:))), sentBack: sentBack == 1)
        case ("moved files", _, let direction?):
            // Rows of earlier versions name their one direction in `direction` alone.
            let all = directions.map { $0.split(separator: ",").map { SwipeDirection(rawValue: String($0)) } } ?? [direction]
            guard let fileBatch, !all.isEmpty, !all.contains(nil) else { return nil }
            self = .movedFiles(directions: all.compactMap { $0 }, batch: fileBatch)
        default: return nil
        }
    }
}
