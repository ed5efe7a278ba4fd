// SPDX-License-Identifier: GPL-3.0-or-later

/// A shadow's alpha, pixel by pixel, row after row, from 0 (none) to 1.
public struct ShadowMask: Sendable, Equatable {
    /// Pixels per row.
    public let width: Int
    /// Rows.
    public let height: Int
    /// Pixels to a point.
    public let scale: Int
    /// Where the mask's top-left corner lies, in points from the top-left corner of the rectangle casting it.
    public let origin: Point
    /// The alpha of every pixel, row after row.
    public let alpha: [Float]

    /// The alpha at column `x` and row `y`; zero outside the mask.
    public subscript(x: Int, y: Int) -> Float {
        guard x >= 0, x < width, y >= 0, y < height else { return 0 }
        return alpha[y * width + x]
    }

    /// The pixels of `area`, given in points from the rectangle's top-left corner, as a mask of their own;
    /// `area` should lie on whole points.
    public func cropped(to area: Rect) -> ShadowMask {
        let pixelsPerPoint = Double(scale)
        let left = Int(((area.minX - origin.x) * pixelsPerPoint).rounded())
        let top = Int(((area.minY - origin.y) * pixelsPerPoint).rounded())
        let columns = max(0, Int((area.width * pixelsPerPoint).rounded()))
        let rows = max(0, Int((area.height * pixelsPerPoint).rounded()))
        var cropped = [Float]()
        cropped.reserveCapacity(columns * rows)
        for y in top..<(top + rows) {
            for x in left..<(left + columns) { cropped.append(self[x, y]) }
        }
        return ShadowMask(width: columns, height: rows, scale: scale, origin: Point(x: area.minX, y: area.minY), alpha: cropped)
    }

    /// The mask's first column repeated `count` times: an edge that is the same all along, made longer.
    public func repeatingFirstColumn(_ count: Int) -> ShadowMask {
        let column = (0..<height).map { self[0, $0] }
        return ShadowMask(width: count, height: height, scale: scale, origin: origin, alpha: column.flatMap { Array(repeating: $0, count: count) })
    }

    /// The mask's first row repeated `count` times.
    public func repeatingFirstRow(_ count: Int) -> ShadowMask {
        let row = (0..<width).map { self[$0, 0] }
        return ShadowMask(width: width, height: count, scale: scale, origin: origin, alpha: Array((0..<count).map { _ in row }.joined()))
    }
}
