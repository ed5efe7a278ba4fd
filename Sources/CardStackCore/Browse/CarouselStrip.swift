// SPDX-License-Identifier: GPL-3.0-or-later

/// The geometry of the Browse carousel for a view size: the card size, the distance between cards, and
/// where each card is drawn for a scroll offset.
///
/// The offset is in points along the strip: card `i` is centred when the offset is `i × pitch`, so the
/// first and the last card centre like every other.
public struct CarouselStrip: Sendable, Hashable {
    /// The area the strip is drawn in.
    public var viewSize: Size
    /// How many cards are on the strip.
    public var count: Int

    /// A strip of `count` cards in a view of `viewSize`.
    public init(viewSize: Size, count: Int) {
        self.viewSize = viewSize
        self.count = max(0, count)
    }

    /// The size of every card: about 70% of the view's width within the limits, and no taller than the
    /// view allows.
    public var cardSize: Size {
        let wanted = min(BrowseTuning.maximumCardWidth, max(BrowseTuning.minimumCardWidth, viewSize.width * BrowseTuning.cardWidthFraction))
        let availableHeight = max(0, viewSize.height - 2 * BrowseTuning.verticalMargin)
        let width = max(0, min(wanted, viewSize.width, availableHeight * BrowseTuning.cardAspectRatio))
        return Size(width: width, height: width / BrowseTuning.cardAspectRatio)
    }

    /// Points from one card's centre to the next one's.
    public var pitch: Double { cardSize.width + BrowseTuning.spacing }

    /// The offset at which the last card is centred.
    public var maximumOffset: Double { Double(max(0, count - 1)) * pitch }

    /// The offset at which card `index` is centred.
    public func offset(of index: Int) -> Double { Double(index) * pitch }

    /// The card nearest the centre at `offset`, or nil on an empty strip.
    public func index(nearest offset: Double) -> Int? {
        guard count > 0, pitch > 0, offset.isFinite else { return nil }
        return min(max(0, Int((offset / pitch).rounded())), count - 1)
    }

    /// The snap points: one per card.
    public var snapPoints: SnapPoints? {
        SnapPoints(start: 0, spacing: pitch, count: count)
    }

    /// The centre of card `index` in view coordinates at scroll `offset`.
    public func center(of index: Int, at offset: Double) -> Point {
        Point(x: viewSize.width / 2 + self.offset(of: index) - offset, y: viewSize.height / 2)
    }

    /// The cards at least partly in view at `offset`, left to right; O(1) whatever the count.
    public func visibleRange(at offset: Double) -> Range<Int> {
        guard count > 0, pitch > 0, offset.isFinite else { return 0..<0 }
        let halfView = viewSize.width / 2 + cardSize.width / 2
        let first = Int(((offset - halfView) / pitch).rounded(.up))
        let last = Int(((offset + halfView) / pitch).rounded(.down))
        let lower = min(max(0, first), count)
        let upper = min(max(lower, last + 1), count)
        return lower..<upper
    }
}
