// SPDX-License-Identifier: GPL-3.0-or-later

/// A box shadow cut into eight pieces round a small template rectangle, so the one template, blurred once, draws
/// the shadow of a rectangle of any size: corners as they are, edges stretched along their length.
///
/// Drawing pieces instead of one texture the size of the card leaves out the card's inside, where an outset
/// shadow has nothing, and lets a card that is partly covered draw only the pieces that show: a renderer pays for
/// every pixel of a texture it is given, seen or not.
public struct ShadowSlices: Sendable, Hashable {
    /// A piece of the shadow, named for where it lies round the rectangle.
    public enum Piece: Sendable, CaseIterable {
        case topLeft, top, topRight, left, right, bottomLeft, bottom, bottomRight
    }

    /// Where a piece goes round a rectangle, in points from its top-left corner.
    public struct Placement: Sendable, Hashable {
        /// Where the whole piece is drawn, stretched along an edge for the edges.
        public var destination: Rect
        /// The part of `destination` that shows: all of it, except for the corners of a rectangle shorter than
        /// its two corners, which meet halfway.
        public var visible: Rect
    }

    /// The length of edge the template keeps between its corners to be stretched, in points; every point of it
    /// is the same, so any length would do.
    public static let stretchLength = 2.0

    /// The shadow cut.
    public let shadow: BoxShadow

    /// Cuts `shadow`.
    public init(shadow: BoxShadow) {
        self.shadow = shadow
    }

    /// The size of the rectangle whose shadow is cut: just long enough for its corners not to reach each other.
    public var templateSize: Size {
        let side = 2 * shadow.cornerExtent + Self.stretchLength
        return Size(width: side, height: side)
    }

    /// Where `piece` lies round the template rectangle, in points from its top-left corner, on whole points.
    public func source(of piece: Piece) -> Rect {
        bounds(of: piece, around: templateSize)
    }

    /// Where `piece` goes round a rectangle of `size`; nil for an edge of a rectangle no longer than its two
    /// corners, which has no edge between them.
    public func placement(of piece: Piece, around size: Size) -> Placement? {
        let destination = bounds(of: piece, around: size)
        guard destination.width > 0, destination.height > 0 else { return nil }
        let corner = shadow.cornerExtent
        var visible = destination
        // Corners of a short rectangle overlap; each keeps the half on its own side.
        if size.width < 2 * corner {
            switch piece {
            case .topLeft, .bottomLeft: visible = visible.clipped(maxX: size.width / 2)
            case .topRight, .bottomRight: visible = visible.clipped(minX: size.width / 2)
            default: break
            }
        }
        if size.height < 2 * corner {
            switch piece {
            case .topLeft, .topRight: visible = visible.clipped(maxY: size.height / 2)
            case .bottomLeft, .bottomRight: visible = visible.clipped(minY: size.height / 2)
            default: break
            }
        }
        return Placement(destination: destination, visible: visible)
    }

    /// The whole shadow of a rectangle of `size`, pixel by pixel, put together from the pieces of `template` (the
    /// shadow of ``templateSize`` at some scale): what the eight pieces draw, as one mask the size of the shadow.
    ///
    /// For a renderer that pays for every piece drawn turned, and less for one mask: GTK's cairo renderer
    /// composites a turned piece row by row.
    public func wholeMask(from template: ShadowMask, around size: Size) -> ShadowMask {
        let scale = template.scale
        let pixelsPerPoint = Double(scale)
        let reach = shadow.reach
        let width = max(0, Int(((size.width + 2 * reach) * pixelsPerPoint).rounded(.up)))
        let height = max(0, Int(((size.height + 2 * reach) * pixelsPerPoint).rounded(.up)))
        // Each axis maps on its own: through a corner as it is, along an edge to the template's first pixel past
        // the corner. Under the rectangle the template has nothing, so its inside comes out empty as it should.
        let columns = (0..<width).map { templatePixel(for: $0, length: size.width, templateLength: templateSize.width, scale: scale) }
        let rows = (0..<height).map { templatePixel(for: $0, length: size.height, templateLength: templateSize.height, scale: scale) }
        var alpha = [Float](repeating: 0, count: width * height)
        for (y, row) in rows.enumerated() {
            for (x, column) in columns.enumerated() {
                alpha[y * width + x] = template[column, row]
            }
        }
        return ShadowMask(width: width, height: height, scale: scale, origin: Point(x: -reach, y: -reach), alpha: alpha)
    }

    /// The template's pixel along one axis for `pixel` of a whole mask along a side `length` points long.
    private func templatePixel(for pixel: Int, length: Double, templateLength: Double, scale: Int) -> Int {
        let pixelsPerPoint = Double(scale)
        let point = (Double(pixel) + 0.5) / pixelsPerPoint - shadow.reach
        let corner = min(shadow.cornerExtent, length / 2)
        let templatePoint: Double
        if point < corner {
            templatePoint = point
        } else if point >= length - corner {
            templatePoint = point - length + templateLength
        } else {
            templatePoint = shadow.cornerExtent
        }
        return Int(((templatePoint + shadow.reach) * pixelsPerPoint).rounded(.down))
    }

    /// The piece's rectangle round a rectangle of `size`; empty for an edge without length.
    private func bounds(of piece: Piece, around size: Size) -> Rect {
        let reach = shadow.reach
        let corner = shadow.cornerExtent
        let edgeWidth = max(0, size.width - 2 * corner)
        let edgeHeight = max(0, size.height - 2 * corner)
        switch piece {
        case .topLeft: return Rect(x: -reach, y: -reach, width: reach + corner, height: reach + corner)
        case .top: return Rect(x: corner, y: -reach, width: edgeWidth, height: reach)
        case .topRight: return Rect(x: size.width - corner, y: -reach, width: reach + corner, height: reach + corner)
        case .left: return Rect(x: -reach, y: corner, width: reach, height: edgeHeight)
        case .right: return Rect(x: size.width, y: corner, width: reach, height: edgeHeight)
        case .bottomLeft: return Rect(x: -reach, y: size.height - corner, width: reach + corner, height: reach + corner)
        case .bottom: return Rect(x: corner, y: size.height, width: edgeWidth, height: reach)
        case .bottomRight: return Rect(x: size.width - corner, y: size.height - corner, width: reach + corner, height: reach + corner)
        }
    }
}

private extension Rect {
    /// The part of the rectangle within the given edges.
    func clipped(minX left: Double = -.infinity, maxX right: Double = .infinity, minY top: Double = -.infinity, maxY bottom: Double = .infinity) -> Rect {
        let x = max(minX, left)
        let y = max(minY, top)
        return Rect(x: x, y: y, width: max(0, min(maxX, right) - x), height: max(0, min(maxY, bottom) - y))
    }
}
