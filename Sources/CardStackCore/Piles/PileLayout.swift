// SPDX-License-Identifier: GPL-3.0-or-later

/// Where every card of one pile sits, collapsed and expanded, and anywhere in between.
///
/// Cards are numbered newest first. Collapsed, the newest card sits at the top at its own height and up to two
/// more peek beneath it at the same height, each level lower and narrower; the rest hide behind. Expanded,
/// every card takes its own height, one under the other with a gap. Heights not measured yet are estimates;
/// replacing one costs O(log n), as does finding the cards in a visible band.
public struct PileLayout: Sendable, Hashable {
    /// Each card's height, newest first.
    public private(set) var heights: PrefixSums
    /// Which heights are measured rather than estimated.
    private var measured: [Bool]

    /// A pile of cards with these heights, newest first; all of them estimates until `measure` replaces them.
    public init(estimatedHeights: [Double]) {
        heights = PrefixSums(estimatedHeights)
        measured = Array(repeating: false, count: estimatedHeights.count)
    }

    /// A pile of cards with these heights, newest first, `measured` saying which are measured.
    public init(heights: [Double], measured: [Bool]) {
        precondition(heights.count == measured.count, "one flag per height")
        self.heights = PrefixSums(heights)
        self.measured = measured
    }

    /// How many cards the pile holds.
    public var count: Int { heights.count }

    /// Whether card `index`'s height is measured.
    public func isMeasured(_ index: Int) -> Bool { measured[index] }

    /// Replaces card `index`'s height with its measured `height`; returns how much the card grew.
    @discardableResult
    public mutating func measure(_ index: Int, height: Double) -> Double {
        let grown = height - heights[index]
        heights.set(height, at: index)
        measured[index] = true
        return grown
    }

    /// Replaces the estimates of `measured` cards (index, height) and returns how much the cards wholly above
    /// `anchor` grew: the scroll position moves by that much so what is at the anchor stays put. (A card that
    /// reaches the anchor keeps its top where it is, and so does what is shown of it.)
    public mutating func replaceEstimates(_ measured: [(index: Int, height: Double)], anchor: Double) -> Double {
        let above = measured.filter { !isMeasured($0.index) && expandedTop(of: $0.index) + heights[$0.index] <= anchor }.map(\.index)
        var grownAbove = 0.0
        for (index, height) in measured where !isMeasured(index) {
            let grown = measure(index, height: height)
            if above.contains(index) { grownAbove += grown }
        }
        return grownAbove
    }

    // MARK: Collapsed and expanded

    /// The pile's height collapsed: the newest card and the peeking levels.
    public var stackedHeight: Double {
        guard count > 0 else { return 0 }
        return heights[0] + PileTuning.stackedOffset * Double(min(count, PileTuning.stackedLevels) - 1)
    }

    /// The pile's height expanded: every card and the gaps between them.
    public var expandedHeight: Double {
        guard count > 0 else { return 0 }
        return heights.total + PileTuning.expandedGap * Double(count - 1)
    }

    /// The top of card `index` expanded, from the pile's top.
    public func expandedTop(of index: Int) -> Double {
        heights.sum(before: index) + PileTuning.expandedGap * Double(index)
    }

    /// Card `index`'s frame collapsed: stacked under the newest at its height, each level lower and narrower;
    /// cards below the last level hide behind it.
    public func stackedFrame(of index: Int, width: Double) -> PileCardFrame {
        let level = Double(min(index, PileTuning.stackedLevels - 1))
        return PileCardFrame(
            top: PileTuning.stackedOffset * level,
            inset: PileTuning.stackedInset * level,
            height: count > 0 ? heights[0] : 0,
            opacity: index < PileTuning.stackedLevels ? 1 : 0,
            width: width
        )
    }

    /// Card `index`'s frame expanded: its own height, full width.
    public func expandedFrame(of index: Int, width: Double) -> PileCardFrame {
        PileCardFrame(top: expandedTop(of: index), inset: 0, height: heights[index], opacity: 1, width: width)
    }

    /// Card `index`'s frame at `progress` from collapsed (0) to expanded (1); overshoot past 1 goes on.
    public func frame(of index: Int, progress: Double, width: Double) -> PileCardFrame {
        stackedFrame(of: index, width: width).interpolated(to: expandedFrame(of: index, width: width), by: progress)
    }

    /// The pile's height at `progress` from collapsed to expanded.
    public func height(atProgress progress: Double) -> Double {
        stackedHeight + (expandedHeight - stackedHeight) * progress
    }

    /// The cards of the expanded pile that reach into the band from `top` to `bottom` (pile coordinates).
    public func expandedCards(between top: Double, and bottom: Double) -> Range<Int> {
        guard count > 0, bottom >= top, bottom >= 0 else { return 0..<0 }
        // Card i spans [sum(i) + gap·i, sum(i+1) + gap·i]; its bottom edge grows with i, so search on sums
        // with the gap folded in: the first card whose bottom reaches `top`.
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) / 2
            if expandedTop(of: middle) + heights[middle] < top { low = middle + 1 } else { high = middle }
        }
        var upper = low
        // The band is a screen high: the cards in it are few, so walking them is cheap.
        while upper < count, expandedTop(of: upper) <= bottom { upper += 1 }
        return low..<upper
    }
}

/// Where one card of a pile is drawn, in the pile's coordinates.
public struct PileCardFrame: Sendable, Hashable {
    /// Its top edge, from the pile's top.
    public var top: Double
    /// How much narrower it is on each side than the pile.
    public var inset: Double
    public var height: Double
    public var opacity: Double
    /// The pile's width.
    public var width: Double

    public init(top: Double, inset: Double, height: Double, opacity: Double, width: Double) {
        self.top = top
        self.inset = inset
        self.height = height
        self.opacity = opacity
        self.width = width
    }

    /// The card's rectangle.
    public var rect: Rect {
        Rect(x: inset, y: top, width: max(0, width - 2 * inset), height: max(0, height))
    }

    /// This frame moved `fraction` of the way to `other` (beyond 1 for an overshooting spring).
    public func interpolated(to other: PileCardFrame, by fraction: Double) -> PileCardFrame {
        func mix(_ a: Double, _ b: Double) -> Double { a + (b - a) * fraction }
        return PileCardFrame(
            top: mix(top, other.top),
            inset: mix(inset, other.inset),
            height: mix(height, other.height),
            opacity: min(1, max(0, mix(opacity, other.opacity))),
            width: mix(width, other.width)
        )
    }
}
