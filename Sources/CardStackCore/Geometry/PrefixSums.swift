// SPDX-License-Identifier: GPL-3.0-or-later

/// Running totals of a list of lengths that change one at a time: a Fenwick tree.
///
/// Changing one length, reading the total before an index, and finding the index at a running total all cost
/// O(log n), so a list of 100,000 card heights whose estimates are replaced as cards appear stays cheap.
public struct PrefixSums: Sendable, Hashable {
    private var tree: [Double]
    private var values: [Double]

    /// The running totals of `values`, built in O(n).
    public init(_ values: [Double]) {
        self.values = values
        tree = [0] + values
        let count = values.count
        var index = 1
        while index <= count {
            let parent = index + (index & -index)
            if parent <= count { tree[parent] += tree[index] }
            index += 1
        }
    }

    /// How many lengths there are.
    public var count: Int { values.count }

    /// The length at `index`.
    public subscript(index: Int) -> Double { values[index] }

    /// Sets the length at `index`.
    public mutating func set(_ value: Double, at index: Int) {
        let delta = value - values[index]
        guard delta != 0 else { return }
        values[index] = value
        var position = index + 1
        while position < tree.count {
            tree[position] += delta
            position += position & -position
        }
    }

    /// The sum of the lengths before `index` (0 for index 0, the total for `count`).
    public func sum(before index: Int) -> Double {
        var total = 0.0
        var position = min(max(0, index), values.count)
        while position > 0 {
            total += tree[position]
            position -= position & -position
        }
        return total
    }

    /// The total of every length.
    public var total: Double { sum(before: values.count) }

    /// The index of the length that contains running total `offset`: the first index whose end lies past
    /// `offset` (`count` when `offset` is at or past the total; 0 for a negative offset). Lengths must not be
    /// negative.
    public func index(containing offset: Double) -> Int {
        guard offset >= 0 else { return 0 }
        var position = 0
        var remaining = offset
        var step = 1
        while step * 2 < tree.count { step *= 2 }
        while step > 0 {
            let next = position + step
            if next < tree.count, tree[next] <= remaining {
                position = next
                remaining -= tree[next]
            }
            step /= 2
        }
        return min(position, values.count)
    }
}
