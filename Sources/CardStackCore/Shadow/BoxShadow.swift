// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// A soft shadow under a rounded rectangle, as CSS draws an outset `box-shadow`: the rectangle moved down by an
/// offset, blurred by a Gaussian whose standard deviation is half the blur radius, and cut away where the
/// rectangle itself lies.
public struct BoxShadow: Sendable, Hashable {
    /// The rectangle's corner radius, in points.
    public var cornerRadius: Double
    /// How far the shadow falls below the rectangle, in points.
    public var offsetY: Double
    /// The CSS blur radius, in points: twice the Gaussian's standard deviation.
    public var blurRadius: Double

    /// Creates the shadow of a rectangle with `cornerRadius`, moved down `offsetY` and blurred by `blurRadius`.
    public init(cornerRadius: Double, offsetY: Double, blurRadius: Double) {
        self.cornerRadius = max(0, cornerRadius)
        self.offsetY = offsetY
        self.blurRadius = max(0, blurRadius)
    }

    /// The Gaussian's standard deviation, in points (CSS Backgrounds 3, § 7.2: half the blur radius).
    public var standardDeviation: Double { blurRadius / 2 }

    /// How far the blur spreads a point, in whole points: three standard deviations, past which less than
    /// 0.3 % of the shadow is left (what GTK's renderers keep as well).
    public var blurExtent: Double { (3 * standardDeviation).rounded(.up) }

    /// How far the shadow reaches past the rectangle on every side, in whole points.
    public var reach: Double { blurExtent + abs(offsetY).rounded(.up) }

    /// How far from a corner, along the edges, the shadow still changes, in whole points; past it the shadow is
    /// the same all along an edge, which is what lets one small template stretch to any size.
    public var cornerExtent: Double { (cornerRadius + blurExtent + abs(offsetY)).rounded(.up) }

    /// The shadow of a rectangle of `size`, `scale` pixels to a point: the alpha of every pixel from `reach`
    /// above and to the left of the rectangle to `reach` below and to the right of it.
    public func mask(for size: Size, scale: Int) -> ShadowMask {
        let scale = max(1, scale)
        let pixelsPerPoint = Double(scale)
        let width = Int(((size.width + 2 * reach) * pixelsPerPoint).rounded(.up))
        let height = Int(((size.height + 2 * reach) * pixelsPerPoint).rounded(.up))
        guard width > 0, height > 0 else { return ShadowMask(width: 0, height: 0, scale: scale, origin: Point(x: -reach, y: -reach), alpha: []) }
        // In pixels, with the rectangle's top-left corner `reach` in from the mask's.
        let inset = reach * pixelsPerPoint
        let rectangle = RoundedRectangle(
            minX: inset, minY: inset,
            maxX: inset + size.width * pixelsPerPoint, maxY: inset + size.height * pixelsPerPoint,
            radius: cornerRadius * pixelsPerPoint
        )
        let shift = offsetY * pixelsPerPoint
        var alpha = [Float](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                alpha[y * width + x] = rectangle.coverage(x: Double(x) + 0.5, y: Double(y) + 0.5 - shift)
            }
        }
        GaussianBlur(standardDeviation: standardDeviation * pixelsPerPoint).apply(to: &alpha, width: width, height: height)
        // An outset shadow is only what shows around the rectangle: none under it.
        for y in 0..<height {
            for x in 0..<width {
                let covered = rectangle.coverage(x: Double(x) + 0.5, y: Double(y) + 0.5)
                if covered > 0 { alpha[y * width + x] *= 1 - covered }
            }
        }
        return ShadowMask(width: width, height: height, scale: scale, origin: Point(x: -reach, y: -reach), alpha: alpha)
    }
}

/// A rectangle with round corners, in pixels, and how much of a pixel it covers.
private struct RoundedRectangle {
    let minX: Double, minY: Double, maxX: Double, maxY: Double
    let radius: Double

    /// How much of the pixel centred on (`x`, `y`) lies inside, from 0 to 1: one minus the signed distance from
    /// the outline, a pixel wide, as antialiased drawing gives.
    func coverage(x: Double, y: Double) -> Float {
        let halfWidth = (maxX - minX) / 2
        let halfHeight = (maxY - minY) / 2
        let corner = min(radius, halfWidth, halfHeight)
        let qx = abs(x - (minX + halfWidth)) - (halfWidth - corner)
        let qy = abs(y - (minY + halfHeight)) - (halfHeight - corner)
        let outside = (max(qx, 0) * max(qx, 0) + max(qy, 0) * max(qy, 0)).squareRoot()
        let distance = outside + min(max(qx, qy), 0) - corner
        return Float(min(1, max(0, 0.5 - distance)))
    }
}

/// A Gaussian blur of a grid of values, done as two passes of a one-dimensional kernel.
private struct GaussianBlur {
    let kernel: [Float]
    let radius: Int

    init(standardDeviation: Double) {
        radius = Int((3 * standardDeviation).rounded(.up))
        guard radius > 0 else {
            kernel = [1]
            return
        }
        let weights = (-radius...radius).map { offset in
            exp(-Double(offset * offset) / (2 * standardDeviation * standardDeviation))
        }
        let total = weights.reduce(0, +)
        kernel = weights.map { Float($0 / total) }
    }

    func apply(to values: inout [Float], width: Int, height: Int) {
        guard radius > 0 else { return }
        var pass = [Float](repeating: 0, count: values.count)
        // Each tap adds a weighted copy of a whole run of pixels, rather than each pixel summing its taps: the
        // inner loops walk memory in order with no sum to carry, which the compiler can turn into vector
        // instructions (`make bench`: the template at scale 2 in 7.3 ms rather than 9.7). Values past the edge
        // are zero, as the shadow has faded out there.
        kernel.withUnsafeBufferPointer { kernel in
            values.withUnsafeBufferPointer { source in
                pass.withUnsafeMutableBufferPointer { target in
                    for y in 0..<height {
                        let row = y * width
                        for tap in 0..<kernel.count {
                            let shift = tap - radius
                            let weight = kernel[tap]
                            for x in max(0, -shift)..<min(width, width - shift) {
                                target[row + x] += weight * source[row + x + shift]
                            }
                        }
                    }
                }
            }
            values.withUnsafeMutableBufferPointer { target in
                for index in target.indices { target[index] = 0 }
                pass.withUnsafeBufferPointer { source in
                    for y in 0..<height {
                        let row = y * width
                        for tap in 0..<kernel.count {
                            let sourceRow = y + tap - radius
                            guard sourceRow >= 0, sourceRow < height else { continue }
                            let weight = kernel[tap]
                            let from = sourceRow * width
                            for x in 0..<width {
                                target[row + x] += weight * source[from + x]
                            }
                        }
                    }
                }
            }
        }
    }
}
