// SPDX-License-Identifier: GPL-3.0-or-later

/// Ranges of bytes in one input, in the order appended, 8 bytes a range while every offset fits in 32 bits
/// (an input under 4 GiB) and 16 after.
///
/// A deck of records keeps one range per card for as long as it is open: as `[Range<Int>]`, twice what says the
/// same for any deck file there is.
public struct ByteRanges: RandomAccessCollection, Sendable, Equatable {
    /// Each range's bounds, lower then upper, while all fit in 32 bits.
    private var narrow: [UInt32] = []
    /// Each range's bounds once one didn't fit: every range, moved here from `narrow` then.
    private var wide: [Int] = []

    /// No ranges.
    public init() {}

    public var startIndex: Int { 0 }
    public var endIndex: Int { (wide.isEmpty ? narrow.count : wide.count) / 2 }

    public subscript(position: Int) -> Range<Int> {
        precondition(indices.contains(position), "no range \(position) among \(count)")
        return wide.isEmpty
            ? Int(narrow[2 * position])..<Int(narrow[2 * position + 1])
            : wide[2 * position]..<wide[2 * position + 1]
    }

    /// Makes room for `count` ranges in all.
    public mutating func reserveCapacity(_ count: Int) {
        if wide.isEmpty { narrow.reserveCapacity(2 * count) } else { wide.reserveCapacity(2 * count) }
    }

    /// Adds `range` at the end.
    public mutating func append(_ range: Range<Int>) {
        if wide.isEmpty, let lower = UInt32(exactly: range.lowerBound), let upper = UInt32(exactly: range.upperBound) {
            narrow.append(lower)
            narrow.append(upper)
            return
        }
        if wide.isEmpty {
            wide = narrow.map(Int.init)
            narrow = []
        }
        wide.append(range.lowerBound)
        wide.append(range.upperBound)
    }

    public static func == (left: ByteRanges, right: ByteRanges) -> Bool {
        left.elementsEqual(right)
    }
}
