// SPDX-License-Identifier: GPL-3.0-or-later
import CardStackCore
import CardStackFiles
import Dispatch
import CGtk
import Foundation
import GtkSupport

/// Looks at the photos of a deck's bursts, and at those a look may join to one, in the background: each is
/// decoded small and in grey once, for its sharpness (``Sharpness``), which puts a burst's sharpest frame on
/// top, and its difference hash (``DifferenceHash``), which finds a phone's bursts that have no sub-second times.
///
/// It starts once the Deck page has drawn its front photo and runs on a queue of its own at the lowest priority
/// (nice 19), one photo at a time, so it never holds up a frame or the decoding of what is on screen. The burst
/// frames come first and are handed over as soon as they are scored; the other photos follow, and the bursts are
/// found again with their hashes.
@MainActor
final class BurstLooks {
    /// The box a photo is decoded into to be looked at, in pixels: enough for an edge of focus to show, small
    /// enough that a JPEG decodes at an eighth of its size.
    nonisolated static let box = (width: 768, height: 768)

    private let cancellation = CancellationFlag()

    /// What a look goes through, handed to its thread.
    private struct Work: @unchecked Sendable {
        var cards: [Int]
        var inBursts: Set<Int>
        var frames: [BurstFrame]
        var bursts: [[Int]]
        var rules: BurstRules
        var deck: Deck
        /// Held weakly, and only touched on the main thread.
        weak var session: DeckSession?
    }

    /// Starts looking at the photos of `session`'s deck that `frames` (with their camera and time) and `rules`
    /// make worth it.
    init(session: DeckSession, frames: [BurstFrame], rules: BurstRules) {
        let deck = session.deck
        let bursts = session.bursts.bursts
        let cancellation = cancellation
        let cards = BurstGrouping.framesToLookAt(in: frames, bursts: bursts, rules: rules)
        guard !cards.isEmpty else { return }
        let inBursts = Set(bursts.flatMap { $0 })
        // After the first photo is on screen, at the lowest priority: the photos on screen decode first.
        session.afterFrontPhoto {
            // A thread of its own, which ends with the work: lowered, it can't be raised again for other work.
            let work = Work(cards: cards, inBursts: inBursts, frames: frames, bursts: bursts, rules: rules, deck: deck, session: session)
            Thread.detachNewThread { Self.look(work, unless: cancellation) }
        }
    }

    /// Looks at `cards` one after another on the calling thread, lowered to the lowest priority; hands over the
    /// scored bursts, then the bursts found again with the hashes.
    private nonisolated static func look(_ work: Work, unless cancellation: CancellationFlag) {
        cs_lower_thread_priority()
        let started = Date()
        var scores: [Int: Double] = [:]
        var hashes: [Int: DifferenceHash] = [:]
        var handedOver = false
        for (position, card) in work.cards.enumerated() {
            if cancellation.isCancelled { return }
            if let look = look(at: work.deck.cards[card]) {
                scores[card] = look.sharpness
                hashes[card] = look.hash
            }
            let isLast = position == work.cards.count - 1
            // The burst frames are scored: their order can be shown before the other photos are looked at.
            if !handedOver, isLast || !work.inBursts.contains(work.cards[position + 1]) {
                handedOver = true
                handOver(bursts: work.bursts, scores: scores, of: work, unless: cancellation)
            }
        }
        let hashed = work.frames.map { frame in
            var frame = frame
            frame.hash = hashes[frame.card]
            return frame
        }
        let found = BurstGrouping.bursts(in: hashed, rules: work.rules)
        if found != work.bursts { handOver(bursts: found, scores: scores, of: work, unless: cancellation) }
        Trace.log("burst looks: \(work.cards.count) photos looked at in \(Int(Date().timeIntervalSince(started) * 1_000)) ms, \(found.count) bursts")
    }

    /// Stops looking: another deck is open, or the burst rules changed.
    func cancel() {
        cancellation.cancel()
    }

    /// Hands `bursts`, ordered by `scores`, to `work`'s session on the main thread, unless it is gone or cancelled.
    private nonisolated static func handOver(bursts: [[Int]], scores: [Int: Double], of work: Work, unless cancellation: CancellationFlag) {
        var index = BurstIndex(bursts: bursts)
        index.order(bySharpness: scores)
        MainContext.invoke {
            guard let session = work.session, !cancellation.isCancelled else { return }
            session.adopt(index, sharpness: scores)
        }
    }

    /// A photo's sharpness and difference hash, from its picture decoded small and in grey; nil for one that
    /// can't be decoded, and for a video (no burst's frame).
    nonisolated static func look(at card: Card) -> (sharpness: Double, hash: DifferenceHash)? {
        guard !card.isVideo, let path = card.imagePath ?? card.rawPath else { return nil }
        let fileExtension = URL(fileURLWithPath: path).pathExtension
        guard let grey = ImageDecoder.grey(fileSystemPath: FileNameEncoding.fileSystemRepresentation(of: path), box: box,
                                           isRaw: { RawFormat.isRaw(header: $0, fileExtension: fileExtension) })
        else { return nil }
        return grey.pixels.withUnsafeBufferPointer { pixels in
            guard let sharpness = Sharpness.score(grey: pixels, width: grey.width, height: grey.height, rowStride: grey.width),
                  let hash = DifferenceHash(grey: pixels, width: grey.width, height: grey.height, rowStride: grey.width)
            else { return nil }
            return (sharpness, hash)
        }
    }
}
