// SPDX-License-Identifier: GPL-3.0-or-later
import CardStackCore
import Foundation
import GRDB

extension DecisionStore {
    /// What CardStack remembers of `sidecar` for card `cardID` of deck `key` while a decision of CardStack's is
    /// in it: nil when CardStack never wrote it, or gave it back since.
    public func sidecarRecord(of sidecar: String, card cardID: String, key: DeckKey) throws(DecisionStoreError) -> SidecarRecord? {
        try read { db in
            let row = try Row.fetchOne(db, sql: """
                SELECT kind, rating, pick_label, label, colour_labels, created, written_rating, written_pick_label, written_label,
                       written_colour_labels, written_known FROM sidecar_baseline
                WHERE deck_id = (SELECT id FROM deck WHERE key = ?) AND card_id = ? AND sidecar = ?
                ORDER BY id DESC LIMIT 1
                """, arguments: [key.path, cardID, sidecar])
            guard let row, row["kind"] as String == "written" else { return nil }
            let written = row["written_known"] as Int != 0
                ? SidecarValues(rating: row["written_rating"], pickLabel: row["written_pick_label"], label: row["written_label"],
                                colourLabels: row["written_colour_labels"])
                : nil
            let baseline = SidecarValues(rating: row["rating"], pickLabel: row["pick_label"], label: row["label"], colourLabels: row["colour_labels"])
            return SidecarRecord(baseline: baseline, written: written, created: row["created"] as Int != 0)
        }
    }

    /// Records what `sidecar` holds for a decision on card `cardID`, before the decision is written into it.
    public func recordSidecarWritten(_ sidecar: String, card cardID: String, record: SidecarRecord, key: DeckKey) throws(DecisionStoreError) {
        try insertSidecarRow(kind: "written", sidecar: sidecar, card: cardID, record: record, key: key)
    }

    /// Records that `sidecar` was given back its baseline: the next decision reads it afresh.
    public func recordSidecarRestored(_ sidecar: String, card cardID: String, key: DeckKey) throws(DecisionStoreError) {
        try insertSidecarRow(kind: "restored", sidecar: sidecar, card: cardID, record: nil, key: key)
    }

    private func insertSidecarRow(kind: String, sidecar: String, card cardID: String, record: SidecarRecord?, key: DeckKey) throws(DecisionStoreError) {
        try write { db in
            try db.execute(sql: "INSERT INTO deck (key) VALUES (?) ON CONFLICT (key) DO NOTHING", arguments: [key.path])
            try db.execute(
                sql: """
                    INSERT INTO sidecar_baseline (deck_id, card_id, sidecar, kind, rating, pick_label, label, colour_labels, created,
                                                  recorded_at, written_rating, written_pick_label, written_label, written_colour_labels,
                                                  written_known)
                    VALUES ((SELECT id FROM deck WHERE key = ?), ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [key.path, cardID, sidecar, kind, record?.baseline.rating, record?.baseline.pickLabel, record?.baseline.label,
                            record?.baseline.colourLabels, (record?.created ?? false) ? 1 : 0, Date().timeIntervalSince1970,
                            record?.written?.rating, record?.written?.pickLabel, record?.written?.label, record?.written?.colourLabels,
                            record?.written != nil ? 1 : 0]
            )
        }
    }
}

/// The cards whose sidecars may not say what the decisions say: those of the events after the last one whose
/// sidecar writes were finished.
public enum SidecarBacklog: Sendable, Equatable {
    /// Nothing since.
    case none
    /// These cards (by id).
    case cards(Set<String>)
    /// Every card: a step about no single card (Start Over, a direction returned) or sidecars never written.
    case all
}

extension DecisionStore {
    /// Records that the sidecar writes of deck `key`'s events up to `sequence` are finished (never moving back).
    public func recordSidecarsSynced(through sequence: Int64, key: DeckKey) throws(DecisionStoreError) {
        try write { db in
            try db.execute(sql: """
                UPDATE deck SET sidecars_synced_through = max(coalesce(sidecars_synced_through, 0), ?) WHERE key = ?
                """, arguments: [sequence, key.path])
        }
    }

    /// Which cards of deck `key` changed after the last event whose sidecar writes were finished, and the latest
    /// event's sequence, to record once they are.
    public func sidecarBacklog(of key: DeckKey) throws(DecisionStoreError) -> (backlog: SidecarBacklog, through: Int64?) {
        try read { db in
            guard let deck = try Row.fetchOne(db, sql: "SELECT id, sidecars_synced_through FROM deck WHERE key = ?", arguments: [key.path]),
                  let deckID = Int64.fromDatabaseValue(deck[0])
            else { return (.none, nil) }
            let latest = try Int64.fetchOne(db, sql: "SELECT max(sequence) FROM event WHERE deck_id = ?", arguments: [deckID])
            guard let latest else { return (.none, nil) }
            guard let synced = Int64.fromDatabaseValue(deck[1]) else { return (.all, latest) }
            var cards: Set<String> = []
            let rows = try Row.fetchCursor(db, sql: """
                SELECT kind, card_id FROM event WHERE deck_id = ? AND sequence > ? AND kind NOT IN ('shifted', 'moved files')
                """, arguments: [deckID, synced])
            while let row = try rows.next() {
                guard let card = String.fromDatabaseValue(row[1]) else { return (.all, latest) }
                cards.insert(card)
            }
            return (cards.isEmpty ? .none : .cards(cards), latest)
        }
    }
}
