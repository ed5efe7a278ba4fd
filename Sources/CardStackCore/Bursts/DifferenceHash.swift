// SPDX-License-Identifier: GPL-3.0-or-later

/// A photo's 64-bit difference hash (dHash): what it looks like at a glance, so that near-identical frames are
/// found by how few bits their hashes differ in.
///
/// The picture, in grey, is shrunk to 9 × 8 cells (each the mean of the pixels it covers); each bit says whether
/// a cell is brighter than the one to its left, row by row from the top, the first bit the most significant,
/// as ImageHash's `dhash` lays them out. Shrinking and comparing neighbours makes the hash stand small changes
/// of exposure, scale and noise, and change with the scene.
///
/// Complexity: O(width × height) to shrink, one pass over the pixels.
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
        var cells = [Double](repeating: 0, count: Self.columns * Self.rows)
        for row in 0..<Self.rows {
            let top = row * height / Self.rows
            let bottom = (row + 1) * height / Self.rows
            for column in 0..<Self.columns {
                let left = column * width / Self.columns
                let right = (column + 1) * width / Self.columns
                var sum = 0
                for y in top..<bottom {
                    let start = y * rowStride
                    for x in left..<right { sum += Int(pixels[start + x]) }
                }
                cells[row * Self.columns + column] = Double(sum) / Double((bottom - top) * (right - left))
            }
        }
        var bits: UInt64 = 0
        for row in 0..<Self.rows {
            for column in 0..<(Self.columns - 1) {
                bits <<= 1
                if cells[row * Self.columns + column + 1] > cells[row * Self.columns + column] { bits |= 1 }
            }
        }
        self.bits = bits
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
