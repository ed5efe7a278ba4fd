// SPDX-License-Identifier: GPL-3.0-or-later
import CardStackCore
import CardStackFiles
import CardStackStore
import CardStackWidgets
import Dispatch
import Foundation
import GtkSupport

/// Reads what each photo's XMP sidecar said of it before this cull (stars, a reject, a pick, by darktable,
/// digiKam, Lightroom or an earlier cull), in the background once a photo deck is open, and hands the marks to
/// the session a few hundred cards at a time: the cards wear them as badges and Browse can list the unrated.
///
/// Both apps' sidecar names are looked at; a sidecar CardStack has written a decision into says what it held
/// before (its baseline in the store), so this cull's own marks never count as earlier ones. Only files that
/// exist are opened, so a folder without sidecars costs a `stat` a card.
@MainActor
final class SidecarMarksScan {
    private let cancellation = CancellationFlag()

    /// Cards read between two hand-overs.
    nonisolated static let batchSize = 200

    /// Starts reading the sidecars of `session`'s photo deck, keyed `key`, with baselines from `store`.
    init(session: DeckSession, key: DeckKey, store: DecisionStore) {
        let deck = session.deck
        let cancellation = cancellation
        DispatchQueue.global(qos: .utility).async {
            var found: [Int: PhotoMarks] = [:]
            var read = 0
            for (index, card) in deck.cards.enumerated() where !card.filePaths.isEmpty {
                if cancellation.isCancelled { return }
                if let marks = Self.marks(of: card, key: key, store: store), !marks.isUnrated { found[index] = marks }
                read += 1
                if read % Self.batchSize == 0, !found.isEmpty {
                    let batch = found
                    found = [:]
                    MainContext.invoke { [weak session] in if !cancellation.isCancelled { session?.addMarks(batch) } }
                }
            }
            let last = found
            MainContext.invoke { [weak session] in
                guard !cancellation.isCancelled else { return }
                session?.addMarks(last)
                let marks = session?.marks.values.map { $0 } ?? []
                Trace.log("marks: \(marks.count) of \(deck.cards.count) photos marked before (\(marks.filter { $0.stars > 0 }.count) rated, "
                          + "\(marks.filter(\.isRejected).count) rejected, \(marks.filter { $0.isPicked && $0.stars == 0 }.count) picked)")
            }
        }
    }

    /// Stops reading: another deck is open.
    func cancel() {
        cancellation.cancel()
    }

    /// The marks the first of `card`'s sidecars with any says it had before this cull.
    private nonisolated static func marks(of card: Card, key: DeckKey, store: DecisionStore) -> PhotoMarks? {
        for sidecar in SidecarStyle.existingSidecars(of: card.filePaths) where !FileNameEncoding.hasBytesOutsideUTF8(sidecar) {
            let values: SidecarValues
            if let record = try? store.sidecarRecord(of: sidecar, card: card.id, key: key) {
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
