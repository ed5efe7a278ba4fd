// SPDX-License-Identifier: GPL-3.0-or-later

/// The duel that settles a burst: two frames side by side, the user keeps one and the other is skipped, and the
/// one kept meets the next frame, until one is left; n − 1 choices settle n frames.
///
/// The duel keeps no state of its own: the pair on show is read from the deck's progress, so undo, redo and a
/// frame decided on another page show the right pair with nothing to update. The undecided frames, best first,
/// are the frame kept so far (which came before every frame not yet shown) and the frames still to come; the
/// first two of them are the pair, the kept one on the left, as Photo Mechanic's compare view keeps its left
/// frame.
public struct BurstDuel: Sendable, Equatable {
    /// The burst's frames, best first.
    public let frames: [Int]
    /// The way a frame kept goes: the deck's direction whose sidecar marks accept it.
    public static let keep = SwipeDirection.right
    /// The way a frame left out goes: rejected in its sidecar, never deleted.
    public static let skip = SwipeDirection.left

    /// A side of the duel.
    public enum Side: Sendable, Equatable {
        case left, right
    }

    /// A duel of `frames`, best first.
    public init(frames: [Int]) {
        self.frames = frames
    }

    /// The two frames on show, the kept one left; nil once fewer than two are undecided.
    public func pair(in progress: DeckProgress) -> (left: Int, right: Int)? {
        var found: [Int] = []
        for card in frames where progress.isUpcoming(card) {
            found.append(card)
            if found.count == 2 { return (found[0], found[1]) }
        }
        return nil
    }

    /// How many choices are left to make in `progress`: one fewer than the frames undecided.
    public func choicesLeft(in progress: DeckProgress) -> Int {
        max(0, frames.count(where: progress.isUpcoming) - 1)
    }

    /// Which choice the pair on show is, from 1, of the burst's n − 1.
    public func choiceNumber(in progress: DeckProgress) -> Int {
        frames.count - 1 - choicesLeft(in: progress) + 1
    }

    /// The decisions that keeping `side`'s frame makes, as one step: the other frame skipped and, when it was the
    /// last choice, the kept one kept. Nil when the duel is settled.
    public func decisions(keeping side: Side, in progress: DeckProgress) -> [Decision]? {
        guard let (left, right) = pair(in: progress) else { return nil }
        let (kept, skipped) = side == .left ? (left, right) : (right, left)
        var decisions = [Decision(cardIndex: skipped, direction: Self.skip)]
        if choicesLeft(in: progress) == 1 { decisions.append(Decision(cardIndex: kept, direction: Self.keep)) }
        return decisions
    }
}
