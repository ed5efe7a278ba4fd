// SPDX-License-Identifier: GPL-3.0-or-later
import CardStackCore
import Foundation

/// Finds the record each card of the deck on show was read from, for Card details: in the bytes kept when the
/// deck was read (a pipe), or in its file, read again once the first time a card's record is asked for.
///
/// Cards keep only the parts they show, so a deck of 100,000 records costs no more than its cards; the records
/// are read again only when someone looks at one. A file that changed since the deck was read (its card at that
/// place has another id) gives no record rather than another card's.
public final class CardRecordLookup: @unchecked Sendable {
    /// Where the records are.
    public enum Source: Sendable {
        /// The bytes the deck was read from and each card's place in them.
        case kept(Data, DeckOrigins)
        /// The deck's file.
        case file(URL)
    }

    private let source: Source
    private let mapping: CardFieldMapping
    /// Guards ``read``: lookups run on background threads, one after another or at once.
    private let lock = NSLock()
    /// The file as read again: its bytes, each card's place, and each card's id to check it against the deck on
    /// show; nil until the first lookup, and when it can't be read.
    private var read: (data: Data, origins: DeckOrigins, ids: [String])?
    private var tried = false

    /// Records of a deck read from `source` with `mapping`.
    public init(source: Source, mapping: CardFieldMapping) {
        self.source = source
        self.mapping = mapping
    }

    /// The record of card `index`, whose id in the deck on show is `id`; nil for a deck without fields (lines of
    /// text, a folder) or a file that changed. Call it off the main thread: the first call reads a file whole.
    public func record(ofCard index: Int, id: String) -> CardRecord? {
        switch source {
        case .kept(let data, let origins):
            return CardRecord(card: index, in: data, origins: origins, mapping: mapping)
        case .file(let url):
            lock.lock()
            defer { lock.unlock() }
            if !tried {
                tried = true
                if let loaded = try? DeckLoader.loadKeepingInput(from: url, imageExtensions: [], mapping: mapping),
                   let input = loaded.input, let origins = loaded.origins {
                    read = (input, origins, loaded.deck.cards.map(\.id))
                }
            }
            guard let read, read.ids.indices.contains(index), read.ids[index] == id else { return nil }
            return CardRecord(card: index, in: read.data, origins: read.origins, mapping: mapping)
        }
    }
}
