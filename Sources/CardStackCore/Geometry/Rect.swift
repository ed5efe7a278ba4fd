// SPDX-License-Identifier: GPL-3.0-or-later

/// An axis-aligned rectangle, in logical pixels.
///
/// Edges are derived as if the rectangle were standardized, so a negative width or height still
/// describes the same area (as with CoreGraphics' `CGRect`).
public struct Rect: Sendable, Hashable {
    /// The corner the size is measured from; the top-left one when the size is positive.
    public var origin: Point
    /// The extents from `origin`.
    public var size: Size

    /// Creates a rectangle from its origin and size.
    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    /// Creates a rectangle from the coordinates of its origin and its extents.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    /// The smallest x inside the rectangle.
    public var minX: Double { min(origin.x, origin.x + size.width) }
    /// The x of the right edge.
    public var maxX: Double { max(origin.x, origin.x + size.width) }
    /// The smallest y inside the rectangle.
    public var minY: Double { min(origin.y, origin.y + size.height) }
    /// The y of the bottom edge.
    public var maxY: Double { max(origin.y, origin.y + size.height) }
    /// The x halfway between the left and right edges.
    public var midX: Double { (minX + maxX) / 2 }
    /// The y halfway between the top and bottom edges.
    public var midY: Double { (minY + maxY) / 2 }
    /// The horizontal extent, never negative.
    public var width: Double { maxX - minX }
    /// The vertical extent, never negative.
    public var height: Double { maxY - minY }
    /// The point halfway between all edges.
    public var center: Point { Point(x: midX, y: midY) }

    /// Whether `point` lies inside; the left and top edges are inside, the right and bottom
    /// edges are not, so rectangles that tile the plane never both claim a point.
    public func contains(_ point: Point) -> Bool {
        point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
    }

    /// Whether the two rectangles share some area; rectangles that only touch do not intersect.
    public func intersects(_ other: Rect) -> Bool {
        minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
    }

    /// The rectangle shrunk by `dx` on the left and right and by `dy` on the top and bottom;
    /// negative insets grow it.
    ///
    /// An inset larger than half an extent collapses that extent to zero at the centre rather
    /// than turning it inside out.
    public func insetBy(dx: Double, dy: Double) -> Rect {
        let width = self.width - 2 * dx
        let height = self.height - 2 * dy
        return Rect(
            x: width >= 0 ? minX + dx : midX,
            y: height >= 0 ? minY + dy : midY,
            width: max(0, width),
            height: max(0, height)
        )
    }
}

extension Rect {
    /// The rectangle with its edges on whole units: grown to them when `outward`, else shrunk to them.
    public func rounded(outward: Bool) -> Rect {
        let low: (Double) -> Double = outward ? { $0.rounded(.down) } : { $0.rounded(.up) }
        let high: (Double) -> Double = outward ? { $0.rounded(.up) } : { $0.rounded(.down) }
        let x = low(minX), y = low(minY)
        return Rect(x: x, y: y, width: max(0, high(maxX) - x), height: max(0, high(maxY) - y))
    }

    /// The rectangle moved by `dx` across and `dy` down.
    public func offsetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: minX + dx, y: minY + dy, width: width, height: height)
    }

    /// The area the two rectangles share; nil when they do not intersect.
    public func intersection(_ other: Rect) -> Rect? {
        guard intersects(other) else { return nil }
        let x = max(minX, other.minX), y = max(minY, other.minY)
        return Rect(x: x, y: y, width: min(maxX, other.maxX) - x, height: min(maxY, other.maxY) - y)
    }

    /// What is left of this rectangle outside `other`: up to four rectangles (the bands above and below
    /// `other`, then the parts left and right of it between them) that do not overlap; none if `other` covers it,
    /// itself alone if they do not intersect.
    public func subtracting(_ other: Rect) -> [Rect] {
        guard intersects(other) else { return [self] }
        var parts: [Rect] = []
        if other.minY > minY { parts.append(Rect(x: minX, y: minY, width: width, height: other.minY - minY)) }
        if other.maxY < maxY { parts.append(Rect(x: minX, y: other.maxY, width: width, height: maxY - other.maxY)) }
        let top = max(minY, other.minY)
        let bottom = min(maxY, other.maxY)
        if other.minX > minX { parts.append(Rect(x: minX, y: top, width: other.minX - minX, height: bottom - top)) }
        if other.maxX < maxX { parts.append(Rect(x: other.maxX, y: top, width: maxX - other.maxX, height: bottom - top)) }
        return parts
    }

    /// What is left of this rectangle outside every one of `covers`: rectangles that do not overlap, none if the
    /// covers hide all of it.
    ///
    /// Each cover cuts the parts left by the ones before it (``subtracting(_:)-(Rect)``), so k covers leave at
    /// most 4^k parts and usually far fewer: covers that overlap one another, such as stacked sheets, cut the
    /// same few bands. O(k · parts).
    public func subtracting(_ covers: some Sequence<Rect>) -> [Rect] {
        covers.reduce([self]) { parts, cover in
            parts.flatMap { $0.subtracting(cover) }.filter { $0.width > 0 && $0.height > 0 }
        }
    }
}
