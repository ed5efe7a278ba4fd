// SPDX-License-Identifier: GPL-3.0-or-later
import CardStackCore
import CardStackFiles
import Dispatch
import Foundation
import GtkSupport

/// Reads when each photo of a photo deck was taken, in the background once the deck is open, then puts the deck
/// in capture order (``CaptureOrder``): the photos behind the front one, which stays on screen, and Browse's list.
///
/// A JPEG's or a TIFF-based RAW's time is read from its first bytes (``PhotoCaptureDay``); other RAWs and HEIF
/// files through exiv2. A RAW+JPEG pair is one card, timed by its JPEG (or its RAW when the JPEG doesn't say).
@MainActor
public final class CaptureOrderScan {
    private let cancellation = CancellationFlag()

    /// How many files' times are read with a folder of photos before it is shown, counting a file read through
    /// exiv2 (a CR3, a HEIC) as ``exiv2Cost`` files: a folder within it opens in the order taken, the same way
    /// every time; a larger one opens in name order and is reordered behind the photo on screen. Counted rather
    /// than timed, so what a folder opens on never depends on how busy the machine is.
    public nonisolated static let openingBudget = 200
    /// What reading a file through exiv2 counts, against a JPEG's first bytes.
    nonisolated static let exiv2Cost = 8

    /// The capture times of `cards` that say one, read on the calling thread; nil when reading them would cost
    /// more than `budget` (see ``openingBudget``).
    public nonisolated static func captureTimes(of cards: [Card], within budget: Int) -> [Int: CaptureTime]? {
        let cost = cards.reduce(0) { total, card in
            total + [card.imagePath, card.rawPath].compactMap { $0 }.reduce(0) { $0 + (headerReadable.contains(($1 as NSString).pathExtension.lowercased()) ? 1 : exiv2Cost) }
        }
        guard cost <= budget else { return nil }
        return readTimes(of: cards, unless: CancellationFlag())
    }

    /// The capture times of `cards` that say one; nil when `cancellation` is set between two cards.
    private nonisolated static func readTimes(of cards: [Card], unless cancellation: CancellationFlag) -> [Int: CaptureTime]? {
        var times: [Int: CaptureTime] = [:]
        for (index, card) in cards.enumerated() {
            if cancellation.isCancelled { return nil }
            if let time = captureTime(of: card) { times[index] = time }
        }
        return times
    }

    /// Starts reading the capture times of `session`'s photos; once all are read, the photos behind the one on
    /// screen are put in the order taken.
    public init(session: DeckSession) {
        let deck = session.deck
        let cancellation = cancellation
        let started = Date()
        DispatchQueue.global(qos: .utility).async {
            guard let times = Self.readTimes(of: deck.cards, unless: cancellation) else { return }
            let ranks = CaptureOrder.ranks(of: deck.cards.indices, times: times)
            let dated = times.count
            MainContext.invoke { [weak session] in
                guard let session, !cancellation.isCancelled else { return }
                session.reorder(by: ranks)
                Trace.log("capture order: \(dated) of \(deck.cards.count) photos dated in \(Int(Date().timeIntervalSince(started) * 1_000)) ms")
            }
        }
    }

    /// Stops reading: another deck is open, or name order was chosen.
    public func cancel() {
        cancellation.cancel()
    }

    /// Extensions whose files hold their EXIF where ``PhotoCaptureDay`` reads it: JPEG, RAWs that are TIFF files
    /// (not Olympus's ORF, Panasonic's RW2 or Fuji's RAF, whose headers are their own: exiv2 reads those), and
    /// HEIF photos (their EXIF item).
    private nonisolated static let headerReadable: Set<String> = ["jpg", "jpeg", "jpe", "tif", "tiff", "dng", "nef", "nrw", "cr2", "arw", "srw", "pef", "heic", "heif", "hif"]
    /// JPEG's extensions: a JPEG whose first bytes hold no time has none for exiv2 either.
    private nonisolated static let jpegExtensions: Set<String> = ["jpg", "jpeg", "jpe"]

    private nonisolated static func captureTime(of card: Card) -> CaptureTime? {
        for path in [card.imagePath, card.rawPath].compactMap({ $0 }) {
            let fileExtension = (path as NSString).pathExtension.lowercased()
            if headerReadable.contains(fileExtension), let time = PhotoCaptureDay.captureTime(ofFileAt: path) { return time }
            // A RAW's EXIF can lie past the header read (behind a large maker note): exiv2 finds it.
            guard !jpegExtensions.contains(fileExtension) else { continue }
            if let time = PhotoMetadata.read(fileSystemPath: FileNameEncoding.fileSystemRepresentation(of: path), isRaw: true)?.shooting.captureTime {
                return time
            }
        }
        return nil
    }
}
