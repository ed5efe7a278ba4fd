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

    /// Starts reading the capture times of `session`'s photos; the order changes once all are read, the front
    /// photo with it only while `frontIsShown` says it is not on screen yet.
    public init(session: DeckSession, frontIsShown: @escaping @MainActor () -> Bool) {
        let deck = session.deck
        let cancellation = cancellation
        let started = Date()
        DispatchQueue.global(qos: .utility).async {
            var times: [Int: CaptureTime] = [:]
            for (index, card) in deck.cards.enumerated() {
                if cancellation.isCancelled { return }
                if let time = Self.captureTime(of: card) { times[index] = time }
            }
            let ranks = CaptureOrder.ranks(of: deck.cards.indices, times: times)
            let dated = times.count
            MainContext.invoke { [weak session] in
                guard let session, !cancellation.isCancelled else { return }
                session.reorder(by: ranks, keepingFront: frontIsShown())
                Trace.log("capture order: \(dated) of \(deck.cards.count) photos dated in \(Int(Date().timeIntervalSince(started) * 1_000)) ms")
            }
        }
    }

    /// Stops reading: another deck is open, or name order was chosen.
    public func cancel() {
        cancellation.cancel()
    }

    /// Extensions whose files hold their EXIF where ``PhotoCaptureDay`` reads it: JPEG and TIFF-based RAWs.
    private nonisolated static let headerReadable: Set<String> = ["jpg", "jpeg", "jpe", "tif", "tiff", "dng", "nef", "nrw", "cr2", "arw", "srw", "pef", "orf", "rw2", "raf"]

    private nonisolated static func captureTime(of card: Card) -> CaptureTime? {
        for path in [card.imagePath, card.rawPath].compactMap({ $0 }) {
            let fileExtension = (path as NSString).pathExtension.lowercased()
            if headerReadable.contains(fileExtension) {
                if let time = PhotoCaptureDay.captureTime(ofFileAt: path) { return time }
            } else if let time = PhotoMetadata.read(fileSystemPath: FileNameEncoding.fileSystemRepresentation(of: path), isRaw: true)?.shooting.captureTime {
                return time
            }
        }
        return nil
    }
}
