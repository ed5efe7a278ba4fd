// SPDX-License-Identifier: GPL-3.0-or-later
import CardStackCore
import Foundation
import GtkSupport
import Translation

/// A photo deck's bursts, as every page shares them: the frames best first, what each frame says of its burst,
/// the stack the Deck swipes whole and the duel's choices.
extension DeckSession {
    /// Takes on the bursts `index` (and the frames' `sharpness`, once they are scored): the best frame of each
    /// burst comes first in line where its burst is, the front card included when it is a frame of one (the stack
    /// on screen then shows its best frame on top). Not a step; every page hears it as a reordering.
    public func adopt(_ index: BurstIndex, sharpness: [Int: Double] = [:]) {
        let changed = index != bursts
        bursts = index
        self.sharpness.merge(sharpness) { _, new in new }
        if changed { burstsObservers.tell(()) }
        guard index.isScored else { return announce(.reordered) }
        let base = ranks ?? Dictionary(uniqueKeysWithValues: deck.cards.indices.map { ($0, $0) })
        let frontIsFrame = progress.frontCardIndex.flatMap(index.frames(ofBurstWith:)) != nil
        reorder(by: index.ranks(puttingBestFirstIn: base), keepingFront: !frontIsFrame)
    }

    /// Tells `observer` when the bursts change, from now on, under `owner`'s identity.
    public func observeBursts(as owner: AnyObject, _ observer: @escaping @MainActor () -> Void) {
        burstsObservers.set(observer, for: owner)
    }

    /// What photo `cardIndex` is of a burst, as its badge says and a screen reader hears it: "Burst · 5", with
    /// "Sharpest" for its sharpest frame, and "Kept 1 of 5 from a burst" once every frame is decided; nil for a
    /// photo in none.
    public func burstText(of cardIndex: Int) -> String? {
        guard let frames = bursts.frames(ofBurstWith: cardIndex) else { return nil }
        // Settled, every frame says what came of its burst, where Piles, Browse and History show it.
        if frames.allSatisfy({ progress.direction(of: $0) != nil }) {
            let kept = frames.count { progress.direction(of: $0) == BurstDuel.keep }
            return String(format: trn("Kept %1$ld of %2$ld from a burst", "Kept %1$ld of %2$ld from a burst", frames.count), kept, frames.count)
        }
        let count = String(format: tr("Burst · %ld"), frames.count)
        return bursts.isSharpest(cardIndex) ? count + " · " + tr("Sharpest") : count
    }

    /// What Card details says of photo `cardIndex`'s burst: its place by sharpness and its score ("2 of 5 by
    /// sharpness, which is 1,234"), or only how many frames it has until they are scored; nil outside a burst.
    public func burstDetail(of cardIndex: Int) -> String? {
        guard let frames = bursts.frames(ofBurstWith: cardIndex), let place = frames.firstIndex(of: cardIndex) else { return nil }
        guard bursts.isScored, let score = sharpness[cardIndex] else { return String(format: tr("One of %ld frames"), frames.count) }
        let scoreText = score.formatted(.number.precision(.fractionLength(0)))
        return String(format: tr("%1$ld of %2$ld by sharpness, which is %3$@"), place + 1, frames.count, scoreText)
    }

    /// The frames of the burst `cardIndex` is a frame of that are still undecided, best first: the stack the Deck
    /// shows; empty for a card in no burst.
    public func undecidedFrames(ofBurstWith cardIndex: Int) -> [Int] {
        bursts.undecidedFrames(ofBurstWith: cardIndex, in: progress)
    }

    /// Makes the decisions of one choice in a burst's duel (``BurstDuel``) as one step.
    @discardableResult
    public func settle(_ decisions: [Decision]) -> Step? {
        guard let first = decisions.first else { return nil }
        return decisions.count == 1 ? perform { $0.decide(first.cardIndex, first.direction) } : perform { $0.decideTogether(decisions) }
    }

    /// Runs `work` once the Deck page has drawn its front photo (now, if it has), or after `limit` seconds if it
    /// never does (a photo that can't be shown): what the first photo doesn't need waits for it, as looking at
    /// a folder's bursts does.
    func afterFrontPhoto(orWithin limit: UInt32 = 3, _ work: @escaping @MainActor () -> Void) {
        guard untilFrontPhoto != nil else { return work() }
        var done = false
        let once: @MainActor () -> Void = {
            guard !done else { return }
            done = true
            work()
        }
        untilFrontPhoto?.append(once)
        TimeoutCallback.add(milliseconds: limit * 1_000) {
            once()
            return false
        }
    }

    /// The Deck page drew its front photo: the work kept back for it goes.
    public func frontPhotoDrawn() {
        guard let waiting = untilFrontPhoto else { return }
        untilFrontPhoto = nil
        waiting.forEach { $0() }
    }
}
