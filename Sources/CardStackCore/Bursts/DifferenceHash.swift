// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation


/// A photo's 64-bit difference hash (dHash): what it looks like at a glance, so that near-identical frames are
/// found by how few bits their hashes differ in.
///
/// The picture, in grey, is shrunk to 9 × 8 cells; each bit says whether a cell is brighter than the one to its
/// left, row by row from the top, the first bit the most significant. Both the layout and the shrinking are
/// ImageHash's `dhash` (PyPI), the reference photo tools share: Pillow's Lanczos filter, three lobes wide at the
/// shrunk size, one pass across and one down, each rounded to whole grey levels as Pillow's 8-bit images are.
/// Shrinking and comparing neighbours makes the hash stand small changes of exposure, scale and noise, and
/// change with the scene.
///
/// Complexity: O(width × height): each pass reads every pixel about six times (the filter's width).
public struct DifferenceHash: Sendable, Hashable, CustomStringConvertible {
    /// The 64 bits.
    public let bits: UInt64

    public init(bits: UInt64) {
        self.bits = bits
    }

    /// The hash of a grey picture `width` × `height`, one byte a pixel, rows `rowStride` bytes apart; nil for a
    /// picture smaller than 9 × 8 or a buffer too short for it.
    public init?(grey pixels: UnsafeBufferPointer<UInt8>, width: Int, height: Int, rowStride: Int) {
        guard width >= Self.columns, height >= Self.rows, rowStride >= width, pixels.count >= (height - 1) * rowStride + width else { return nil }
        let across = Self.lanczosTaps(from: width, to: Self.columns)
        let down = Self.lanczosTaps(from: height, to: Self.rows)
        // Across first, every row shrunk to nine columns; then down, as Pillow resizes.
        var narrow = [UInt8](repeating: 0, count: height * Self.columns)
        for y in 0..<height {
            let row = y * rowStride
            for (column, taps) in across.enumerated() {
                var sum = 0.0
                for (offset, weight) in taps.weights.enumerated() { sum += Double(pixels[row + taps.start + offset]) * weight }
                narrow[y * Self.columns + column] = Self.greyLevel(sum)
            }
        }
        var bits: UInt64 = 0
        for taps in down {
            var cells = [UInt8](repeating: 0, count: Self.columns)
            for column in 0..<Self.columns {
                var sum = 0.0
                for (offset, weight) in taps.weights.enumerated() { sum += Double(narrow[(taps.start + offset) * Self.columns + column]) * weight }
                cells[column] = Self.greyLevel(sum)
            }
            for column in 0..<(Self.columns - 1) {
                bits <<= 1
                if cells[column + 1] > cells[column] { bits |= 1 }
            }
        }
        self.bits = bits
    }

    /// For each of `outputs` cells of a line `inputs` pixels long, the first pixel it reads and the weight of each
    /// pixel from there: Pillow's Lanczos-3 coefficients, the filter stretched by the shrink, normalised to 1.
    static func lanczosTaps(from inputs: Int, to outputs: Int) -> [(start: Int, weights: [Double])] {
        let scale = Double(inputs) / Double(outputs)
        let stretch = max(scale, 1)
        let support = 3 * stretch
        return (0..<outputs).map { cell in
            let centre = (Double(cell) + 0.5) * scale
            let first = max(Int(centre - support + 0.5), 0)
            let last = min(Int(centre + support + 0.5), inputs)
            var weights = (first..<last).map { pixel in lanczos((Double(pixel) - centre + 0.5) / stretch) }
            let total = weights.reduce(0, +)
            if total != 0 { weights = weights.map { $0 / total } }
            return (first, weights)
        }
    }

    /// The Lanczos window of three lobes: sinc(x) · sinc(x / 3) inside ±3, nothing outside.
    private static func lanczos(_ x: Double) -> Double {
        guard x > -3, x < 3 else { return 0 }
        func sinc(_ value: Double) -> Double { value == 0 ? 1 : sin(Double.pi * value) / (Double.pi * value) }
        return sinc(x) * sinc(x / 3)
    }

    /// A filtered value as a whole grey level, rounded and kept within 0–255, as Pillow stores each pass.
    private static func greyLevel(_ value: Double) -> UInt8 {
        UInt8(max(0, min(255, value.rounded())))
    }

    /// In how many of their 64 bits two hashes differ: 0 for the same picture, about 32 for unrelated ones.
    public func distance(to other: DifferenceHash) -> Int {
        (bits ^ other.bits).nonzeroBitCount
    }

    /// Sixteen hexadecimal digits, as ImageHash prints a hash.
    public var description: String {
        let digits = String(bits, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// The grid the picture is shrunk to: one column more than the bits in a row.
    static let columns = 9
    static let rows = 8
}
