// SPDX-License-Identifier: GPL-3.0-or-later
import CardStackCore
import CardStackFiles
import Dispatch
import Foundation
import GtkSupport

/// Reads when and by which camera each photo of a photo deck was taken, in the background once the deck is open;
/// then puts the deck in capture order (``CaptureOrder``: the photos behind the front one, which stays on screen,
/// and Browse's list) and finds its bursts (``BurstGrouping``), whose frames ``BurstLooks`` then looks at.
///
/// A JPEG's or a TIFF-based RAW's facts are read from its first bytes (``PhotoCaptureDay``); other RAWs and HEIF
/// files through exiv2. A RAW+JPEG pair is one card, read from its JPEG (or its RAW when the JPEG doesn't say).
@MainActor
public final class CaptureOrderScan {
    private let cancellation = CancellationFlag()

    /// How many files' facts are read with a folder of photos before it is shown, counting a file read through
    /// exiv2 (a CR3, a HEIC) as ``exiv2Cost`` files: a folder within it opens in the order taken, the same way
    /// every time; a larger one opens in name order and is reordered behind the photo on screen. Counted rather
    /// than timed, so what a folder opens on never depends on how busy the machine is.
    public nonisolated static let openingBudget = 200
    /// What reading a file through exiv2 counts, against a JPEG's first bytes.
    nonisolated static let exiv2Cost = 8

    /// The capture facts of `cards` that have any, read on the calling thread; nil when reading them would cost
    /// more than `budget` (see ``openingBudget``).
    public nonisolated static func captureFacts(of cards: [Card], within budget: Int) -> [Int: CaptureFacts]? {
        let cost = cards.reduce(0) { total, card in
            total + datedPaths(of: card).reduce(0) { $0 + (headerReadable.contains(($1 as NSString).pathExtension.lowercased()) ? 1 : exiv2Cost) }
        }
        guard cost <= budget else { return nil }
        return readFacts(of: cards, unless: CancellationFlag())
    }

    /// The capture facts of `cards` that have any; nil when `cancellation` is set between two cards.
    private nonisolated static func readFacts(of cards: [Card], unless cancellation: CancellationFlag) -> [Int: CaptureFacts]? {
        var facts: [Int: CaptureFacts] = [:]
        for (index, card) in cards.enumerated() {
            if cancellation.isCancelled { return nil }
            if let found = captureFacts(of: card) { facts[index] = found }
        }
        return facts
    }

    /// The looks of the deck's burst frames, once the bursts are found.
    private var looks: BurstLooks?

    /// Starts reading the capture facts of `session`'s photos (or takes `known`, read with the deck, whose order
    /// the deck already has); once all are read, puts the photos behind the one on screen in the order taken when
    /// `ordersByTime`, and finds the bursts by `rules`.
    public init(session: DeckSession, ordersByTime: Bool, rules: BurstRules, known: [Int: CaptureFacts]? = nil) {
        let deck = session.deck
        let cancellation = cancellation
        let started = Date()
        DispatchQueue.global(qos: .utility).async {
            guard let facts = known ?? Self.readFacts(of: deck.cards, unless: cancellation) else { return }
            let ranks = ordersByTime && known == nil ? CaptureOrder.ranks(of: deck.cards.indices, times: facts.compactMapValues(\.time)) : nil
            let frames = facts.keys.sorted().map { BurstFrame(card: $0, camera: facts[$0]?.camera, time: facts[$0]?.time) }
            let bursts = BurstGrouping.bursts(in: frames, rules: rules)
            MainContext.invoke { [weak self, weak session] in
                guard let self, let session, !cancellation.isCancelled else { return }
                if let ranks { session.reorder(by: ranks) }
                session.adopt(BurstIndex(bursts: bursts))
                Trace.log("capture order: \(facts.count) of \(deck.cards.count) photos dated in \(Int(Date().timeIntervalSince(started) * 1_000)) ms, "
                    + "\(bursts.count) bursts")
                looks = BurstLooks(session: session, frames: frames, rules: rules)
            }
        }
    }

    /// Stops reading: another deck is open, or the order or the burst rules changed.
    public func cancel() {
        cancellation.cancel()
        looks?.cancel()
    }

    /// Extensions whose files hold their EXIF where ``PhotoCaptureDay`` reads it: JPEG, RAWs that are TIFF files
    /// (not Olympus's ORF, Panasonic's RW2 or Fuji's RAF, whose headers are their own: exiv2 reads those), and
    /// HEIF photos (their EXIF item).
    private nonisolated static let headerReadable: Set<String> = ["jpg", "jpeg", "jpe", "tif", "tiff", "dng", "nef", "nrw", "cr2", "arw", "srw", "pef", "heic", "heif", "hif"]
    /// JPEG's extensions: a JPEG whose first bytes hold no time has none for exiv2 either.
    private nonisolated static let jpegExtensions: Set<String> = ["jpg", "jpeg", "jpe"]

    /// The files of `card` that may say when it was taken: its photos, not a video (whose time is its container's,
    /// in another clock than a photo's EXIF).
    private nonisolated static func datedPaths(of card: Card) -> [String] {
        card.isVideo ? [] : [card.imagePath, card.rawPath].compactMap { $0 }
    }

    private nonisolated static func captureFacts(of card: Card) -> CaptureFacts? {
        for path in datedPaths(of: card) {
            let fileExtension = (path as NSString).pathExtension.lowercased()
            if headerReadable.contains(fileExtension), let facts = PhotoCaptureDay.captureFacts(ofFileAt: path), facts.time != nil { return facts }
            // A RAW's EXIF can lie past the header read (behind a large maker note): exiv2 finds it.
            guard !jpegExtensions.contains(fileExtension) else { continue }
            if let shooting = PhotoMetadata.read(fileSystemPath: FileNameEncoding.fileSystemRepresentation(of: path), isRaw: true)?.shooting,
               shooting.captureTime != nil {
                return CaptureFacts(time: shooting.captureTime, camera: shooting.camera)
            }
        }
        return nil
    }
}
