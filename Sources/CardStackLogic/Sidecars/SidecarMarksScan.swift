// SPDX-License-Identifier: GPL-3.0-or-later
import CardStackCore
import CardStackFiles
import CardStackStore
import Dispatch
import Foundation
import GtkSupport

/// Reads what each photo's XMP sidecar said of it before this cull (stars, a reject, a pick, by darktable,
/// digiKam, Lightroom or an earlier cull), in the background once a photo deck is open, and hands the marks on
/// a few hundred cards at a time, for the session: the cards wear them as badges and Browse can list the unrated.
///
/// Both apps' sidecar names are looked at; a sidecar CardStack has written a decision into says what it held
/// before (its baseline in the store), so this cull's own marks never count as earlier ones. Only files that
/// exist are opened, so a folder without sidecars costs a `stat` a card.
@MainActor
public final class SidecarMarksScan {
    private let cancellation = CancellationFlag()

    /// Cards read between two hand-overs.
    nonisolated static let batchSize = 200

    /// Starts reading the sidecars of photo deck `deck`, keyed `key`, with baselines from the journal's
    /// `storage`; `onMarks` is given each batch found, by card index, until ``cancel()``.
    public init(deck: Deck, key: DeckKey, storage: JournalStorage, onMarks: @escaping @MainActor ([Int: PhotoMarks]) -> Void) {
        let cancellation = cancellation
        DispatchQueue.global(qos: .utility).async {
            var found: [Int: PhotoMarks] = [:]
            // For the trace: how many were marked, rated, rejected, and picked without stars.
            var counts = (marked: 0, rated: 0, rejected: 0, picked: 0)
            var read = 0
            for (index, card) in deck.cards.enumerated() where !card.photoPaths.isEmpty {
                if cancellation.isCancelled { return }
                if let marks = Self.marks(of: card, key: key, storage: storage), !marks.isUnrated {
                    found[index] = marks
                    counts.marked += 1
                    if marks.stars > 0 { counts.rated += 1 }
                    if marks.isRejected { counts.rejected += 1 }
                    if marks.isPicked, marks.stars == 0 { counts.picked += 1 }
                }
                read += 1
                if read % Self.batchSize == 0, !found.isEmpty {
                    let batch = found
                    found = [:]
                    MainContext.invoke { if !cancellation.isCancelled { onMarks(batch) } }
                }
            }
            let (last, total) = (found, counts)
            MainContext.invoke {
                guard !cancellation.isCancelled else { return }
                onMarks(last)
                Trace.log("marks: \(total.marked) of \(deck.cards.count) photos marked before (\(total.rated) rated, "
                          + "\(total.rejected) rejected, \(total.picked) picked)")
            }
        }
    }

    /// Stops reading: another deck is open.
    public func cancel() {
        cancellation.cancel()
    }

    /// The marks the first of `card`'s sidecars with any says it had before this cull.
    private nonisolated static func marks(of card: Card, key: DeckKey, storage: JournalStorage) -> PhotoMarks? {
        for sidecar in SidecarStyle.existingSidecars(of: card.photoPaths) where !FileNameEncoding.hasBytesOutsideUTF8(sidecar) {
            let values: SidecarValues
            if let record = storage.use({ try $0.sidecarRecord(of: sidecar, card: card.id, key: key) }) ?? nil {
                values = record.baseline
            } else if case .success(let contents) = XMPSidecar.read(sidecar, tags: SidecarSync.tags) {
                values = SidecarValues(keyed: contents.values)
            } else {
                continue
            }
            let marks = PhotoMarks(values)
            if !marks.isUnrated { return marks }
        }
        return nil
    }
}
