// SPDX-License-Identifier: GPL-3.0-or-later
import CardStackCore
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Finds the record each card of the deck on show was read from, for Card details: in the bytes kept when the
/// deck was read (a pipe), at its place in the deck's file, or in the file read again once the first time a
/// card's record is asked for.
///
/// Cards keep only the parts they show, so a deck of 100,000 records costs no more than its cards and their
/// places; a record is read again only when someone looks at it. A file that changed since the deck was read is
/// read again whole, and where its card at that place has another id gives no record rather than another card's.
public final class CardRecordLookup: @unchecked Sendable {
    /// Where the records are.
    public enum Source: Sendable {
        /// The bytes the deck was read from and each card's place in them.
        case kept(Data, DeckOrigins)
        /// The deck's file, and where each card's record lies in it as it was read.
        case placed(URL, DeckLoader.RecordPlaces)
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
    /// text, a folder) or a file whose card at that place changed. Call it off the main thread: it reads the file,
    /// and reads it whole when the file has no places or changed since.
    public func record(ofCard index: Int, id: String) -> CardRecord? {
        switch source {
        case .kept(let data, let origins):
            return CardRecord(card: index, in: data, origins: origins, mapping: mapping)
        case .placed(let url, let places):
            if case .read(let record) = Self.record(ofCard: index, at: places, in: url, mapping: mapping) { return record }
            return recordReadAgain(ofCard: index, id: id, in: url)
        case .file(let url):
            return recordReadAgain(ofCard: index, id: id, in: url)
        }
    }

    /// A file's record at its place: what it says, or that the file is no longer the one read.
    private enum PlacedRecord {
        case read(CardRecord?)
        case fileChanged
    }

    /// The record of card `index` read from its place alone (and a CSV's header), while the file is the very one
    /// the places were noted in.
    private static func record(ofCard index: Int, at places: DeckLoader.RecordPlaces, in url: URL, mapping: CardFieldMapping) -> PlacedRecord {
        guard places.origins.ranges.indices.contains(index) else { return .read(nil) }
        let descriptor = open(FileNameEncoding.fileSystemRepresentation(of: url.path), O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return .fileChanged }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return .fileChanged }
        guard places.file.isSameFile(as: FileIdentity(status: info)) else { return .fileChanged }
        let range = places.origins.ranges[index]
        var origins: DeckOrigins
        var bytes = Data()
        switch places.origins.form {
        case .lines:
            return .read(nil)
        case .json:
            origins = DeckOrigins(form: .json)
        case .csv(let header):
            guard let read = bytesOf(header, from: descriptor) else { return .fileChanged }
            bytes = read
            origins = DeckOrigins(form: .csv(header: 0..<read.count))
        }
        guard let row = bytesOf(range, from: descriptor) else { return .fileChanged }
        origins.append(bytes.count..<bytes.count + row.count)
        bytes.append(row)
        return .read(CardRecord(card: 0, in: bytes, origins: origins, mapping: mapping))
    }

    /// The bytes of `range` in the file open at `descriptor`, nil when it ends before them.
    private static func bytesOf(_ range: Range<Int>, from descriptor: Int32) -> Data? {
        let bytes = FileBytes.read(descriptor, at: range.lowerBound, count: range.count)
        return bytes.count == range.count ? Data(bytes) : nil
    }

    /// The record of card `index` in the file at `url` as it is now, read whole the first time: the id of the
    /// card at that place tells whether it is still the card on show.
    private func recordReadAgain(ofCard index: Int, id: String, in url: URL) -> CardRecord? {
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
