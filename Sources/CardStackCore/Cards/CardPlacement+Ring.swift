// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation

extension CardPlacement {
    /// Upright rectangles on whole points that together cover the ring between the card's outline grown by
    /// `outset` and shrunk by `inset` (unscaled points), turned and scaled as the card is: a band at most
    /// `bandHeight` points high at a time, two rectangles to a band where the inner outline crosses it whole,
    /// else one.
    ///
    /// What a turned card's shadow needs drawn under cairo, which pays for every pixel of the rectangles it is
    /// clipped to: the shadow reaches `outset` past the card, and the card is opaque `inset` in from its
    /// outline. Its bounding box less its upright interior (``uprightInterior(inset:)``) is 2 to 5 times the ring,
    /// the more the more it is turned (5 for a card flying off the deck); these bands are about 1.5 times it at
    /// 32 points.
    public func ringCover(outset: Double, inset: Double, bandHeight: Double) -> [Rect] {
        precondition(bandHeight >= 1, "a ring is covered a band of at least a point at a time")
        guard scale > 0, size.width + 2 * outset > 0, size.height + 2 * outset > 0 else { return [] }
        let outer = turnedCorners(halfWidth: size.width / 2 + outset, halfHeight: size.height / 2 + outset)
        let innerHalfWidth = size.width / 2 - inset
        let innerHalfHeight = size.height / 2 - inset
        let inner = innerHalfWidth > 0 && innerHalfHeight > 0 ? turnedCorners(halfWidth: innerHalfWidth, halfHeight: innerHalfHeight) : nil
        let top = outer.map(\.y).min().map { $0.rounded(.down) } ?? 0
        let bottom = outer.map(\.y).max().map { $0.rounded(.up) } ?? 0

        var cover: [Rect] = []
        var bandTop = top
        while bandTop < bottom {
            let bandBottom = min(bottom, bandTop + bandHeight)
            defer { bandTop = bandBottom }
            guard let reach = Self.extent(of: outer, from: bandTop, to: bandBottom) else { continue }
            let left = reach.lowerBound.rounded(.down)
            let right = reach.upperBound.rounded(.up)
            if let inner, let hole = Self.commonSpan(of: inner, from: bandTop, to: bandBottom) {
                let holeLeft = hole.lowerBound.rounded(.up)
                let holeRight = hole.upperBound.rounded(.down)
                if holeLeft < holeRight {
                    cover.append(Rect(x: left, y: bandTop, width: holeLeft - left, height: bandBottom - bandTop))
                    cover.append(Rect(x: holeRight, y: bandTop, width: right - holeRight, height: bandBottom - bandTop))
                    continue
                }
            }
            cover.append(Rect(x: left, y: bandTop, width: right - left, height: bandBottom - bandTop))
        }
        return cover
    }

    /// The corners, in order round the outline, of a rectangle of these half extents centred on the card, turned
    /// and scaled with it.
    private func turnedCorners(halfWidth: Double, halfHeight: Double) -> [Point] {
        let cosine = cos(rotation) * scale
        let sine = sin(rotation) * scale
        return [(-halfWidth, -halfHeight), (halfWidth, -halfHeight), (halfWidth, halfHeight), (-halfWidth, halfHeight)].map { x, y in
            Point(x: center.x + x * cosine - y * sine, y: center.y + x * sine + y * cosine)
        }
    }

    /// Where the convex polygon `corners` crosses the line at `y`, or nil if it does not reach it.
    private static func span(of corners: [Point], at y: Double) -> ClosedRange<Double>? {
        var low = Double.infinity
        var high = -Double.infinity
        for (start, end) in zip(corners, corners.dropFirst() + corners.prefix(1)) where min(start.y, end.y) <= y && y <= max(start.y, end.y) {
            let x = start.y == end.y ? [start.x, end.x] : [start.x + (y - start.y) * (end.x - start.x) / (end.y - start.y)]
            low = min(low, x.min() ?? low)
            high = max(high, x.max() ?? high)
        }
        return low <= high ? low...high : nil
    }

    /// The horizontal extent of the convex polygon `corners` between `top` and `bottom`: the spans along the
    /// band's two edges and the corners inside it.
    private static func extent(of corners: [Point], from top: Double, to bottom: Double) -> ClosedRange<Double>? {
        var xs = corners.filter { top <= $0.y && $0.y <= bottom }.map(\.x)
        for y in [top, bottom] {
            if let span = span(of: corners, at: y) { xs += [span.lowerBound, span.upperBound] }
        }
        guard let low = xs.min(), let high = xs.max() else { return nil }
        return low...high
    }

    /// The span the convex polygon `corners` covers on every line from `top` to `bottom`, or nil if there is
    /// none. Its left edge bulges left and its right edge right, so the narrowest it is lies at the band's
    /// edges.
    private static func commonSpan(of corners: [Point], from top: Double, to bottom: Double) -> ClosedRange<Double>? {
        guard let upper = span(of: corners, at: top), let lower = span(of: corners, at: bottom) else { return nil }
        let low = max(upper.lowerBound, lower.lowerBound)
        let high = min(upper.upperBound, lower.upperBound)
        return low < high ? low...high : nil
    }
}
