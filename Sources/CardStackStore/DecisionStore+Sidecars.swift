// SPDX-License-Identifier: GPL-3.0-or-later
import CardStackCore
import Foundation
import GRDB

/// What a photo's sidecar held before CardStack wrote a decision into it, kept so the decision can be taken
/// back exactly, after a relaunch too.
public struct SidecarBaseline: Sendable, Equatable {
    /// The values the sidecar held of the properties CardStack writes.
    public var values: SidecarValues
    /// Whether there was no sidecar: taken back, an emptied one is removed.
    public var created: Bool

    public init(values: SidecarValues, created: Bool) {
        self.values = values
        self.created = created
    }
}

extension DecisionStore {
    /// The baseline of `sidecar` for card `cardID` of deck `key` while a decision of CardStack's is in it: nil
    /// when CardStack never wrote it, or gave it back since.
    public func sidecarBaseline(of sidecar: String, card cardID: String, key: DeckKey) throws(DecisionStoreError) -> SidecarBaseline? {
        try read { db in
            let row = try Row.fetchOne(db, sql: """
                SELECT kind, rating, pick_label, created FROM sidecar_baseline
                WHERE deck_id = (SELECT id FROM deck WHERE key = ?) AND card_id = ? AND sidecar = ?
                ORDER BY id DESC LIMIT 1
                """, arguments: [key.path, cardID, sidecar])
            guard let row, row["kind"] as String == "written" else { return nil }
            return SidecarBaseline(values: SidecarValues(rating: row["rating"], pickLabel: row["pick_label"]), created: row["created"] as Int != 0)
        }
    }

    /// Records what `sidecar` held before CardStack first wrote a decision on card `cardID` into it.
    public func recordSidecarWritten(_ sidecar: String, card cardID: String, baseline: SidecarBaseline, key: DeckKey) throws(DecisionStoreError) {
        try insertSidecarRow(kind: "written", sidecar: sidecar, card: cardID, baseline: baseline, key: key)
    }

    /// Records that `sidecar` was given back its baseline: the next decision reads it afresh.
    public func recordSidecarRestored(_ sidecar: String, card cardID: String, key: DeckKey) throws(DecisionStoreError) {
        try insertSidecarRow(kind: "restored", sidecar: sidecar, card: cardID, baseline: nil, key: key)
    }

    private func insertSidecarRow(kind: String, sidecar: String, card cardID: String, baseline: SidecarBaseline?, key: DeckKey) throws(DecisionStoreError) {
        try write { db in
            try db.execute(sql: "INSERT INTO deck (key) VALUES (?) ON CONFLICT (key) DO NOTHING", arguments: [key.path])
            try db.execute(
                sql: """
                    INSERT INTO sidecar_baseline (deck_id, card_id, sidecar, kind, rating, pick_label, created, recorded_at)
                    VALUES ((SELECT id FROM deck WHERE key = ?), ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [key.path, cardID, sidecar, kind, baseline?.values.rating, baseline?.values.pickLabel,
                            (baseline?.created ?? false) ? 1 : 0, Date().timeIntervalSince1970]
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
