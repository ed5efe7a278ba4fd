// SPDX-License-Identifier: GPL-3.0-or-later

/// A photo deck's bursts and each frame's burst: what the Deck asks to draw a burst as one stack and swipe it as
/// one, and what the duel settles.
///
/// Each burst lists its frames best first: the sharpest once ``order(bySharpness:)`` has scores, in capture order
/// until then and among frames without one.
///
/// Complexity: built in O(n) in the frames; each lookup is O(1) on average.
public struct BurstIndex: Sendable, Equatable {
    /// Each burst's frames, best first.
    public private(set) var bursts: [[Int]]
    /// Each frame's burst, by its index in ``bursts``.
    private var burstOfCard: [Int: Int] = [:]
    /// Whether the frames were ordered by sharpness, so the first of each burst is the sharpest.
    public private(set) var isScored = false

    /// No bursts: a deck that isn't of photos, grouping off, or times not read yet.
    public static let none = BurstIndex(bursts: [])

    /// The bursts `bursts` (each two frames or more, a frame in one burst at most), their frames in capture order.
    public init(bursts: [[Int]]) {
        self.bursts = bursts
        for (index, frames) in bursts.enumerated() {
            for card in frames { burstOfCard[card] = index }
        }
    }

    /// Whether there is no burst.
    public var isEmpty: Bool { bursts.isEmpty }

    /// The frames of the burst card `card` is a frame of, best first; nil for a card in no burst.
    public func frames(ofBurstWith card: Int) -> [Int]? {
        burstOfCard[card].map { bursts[$0] }
    }

    /// The frames of `card`'s burst still undecided in `progress`, best first; empty for a card in no burst.
    public func undecidedFrames(ofBurstWith card: Int, in progress: DeckProgress) -> [Int] {
        (frames(ofBurstWith: card) ?? []).filter(progress.isUpcoming)
    }

    /// Whether `card` is the sharpest frame of its burst (only once frames were scored).
    public func isSharpest(_ card: Int) -> Bool {
        isScored && frames(ofBurstWith: card)?.first == card
    }

    /// Puts each burst's frames in order of `scores` (higher first, a frame without one after those with one, in
    /// capture order among equals).
    public mutating func order(bySharpness scores: [Int: Double]) {
        bursts = bursts.map { frames in
            frames.enumerated().sorted { lhs, rhs in
                let (left, right) = (scores[lhs.element] ?? -.infinity, scores[rhs.element] ?? -.infinity)
                return left != right ? left > right : lhs.offset < rhs.offset
            }.map(\.element)
        }
        isScored = true
    }

    /// `ranks` (each card's place in the deck's order) with each burst's frames in its own order, in the places
    /// its frames held: the best frame comes first wherever the burst is in line.
    public func ranks(puttingBestFirstIn ranks: [Int: Int]) -> [Int: Int] {
        var result = ranks
        for frames in bursts {
            let places = frames.compactMap { ranks[$0] }.sorted()
            guard places.count == frames.count else { continue }
            for (card, place) in zip(frames, places) { result[card] = place }
        }
        return result
    }
}
