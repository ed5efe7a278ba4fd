// SPDX-License-Identifier: GPL-3.0-or-later

/// Order statistics of a set of timings, in milliseconds.
///
/// Percentiles interpolate linearly between the two nearest ranks (Hyndman and Fan's type 7, as NumPy and R
/// compute them by default), so a p99 of a few hundred frames does not jump from one frame to the next.
struct Statistics: Codable, Sendable {
    /// 60 Hz frame budget in milliseconds.
    static let budget60Hz = 1000.0 / 60
    /// 120 Hz frame budget in milliseconds.
    static let budget120Hz = 1000.0 / 120

    var count: Int
    var p50: Double
    var p95: Double
    var p99: Double
    var max: Double
    var mean: Double
    /// Samples above the 60 Hz budget (16.7 ms).
    var over60Hz: Int
    /// Samples above the 120 Hz budget (8.3 ms).
    var over120Hz: Int

    /// Summarises `samples` (milliseconds); every field is zero for no samples.
    init(_ samples: [Double]) {
        let sorted = samples.sorted()
        count = sorted.count
        p50 = Self.percentile(0.50, ofSorted: sorted)
        p95 = Self.percentile(0.95, ofSorted: sorted)
        p99 = Self.percentile(0.99, ofSorted: sorted)
        max = sorted.last ?? 0
        mean = sorted.isEmpty ? 0 : sorted.reduce(0, +) / Double(sorted.count)
        over60Hz = sorted.filter { $0 > Self.budget60Hz }.count
        over120Hz = sorted.filter { $0 > Self.budget120Hz }.count
    }

    /// The `fraction` quantile (0…1) of ascending `sorted`, interpolated; 0 when empty.
    static func percentile(_ fraction: Double, ofSorted sorted: [Double]) -> Double {
        guard let first = sorted.first else { return 0 }
        guard sorted.count > 1 else { return first }
        let rank = fraction * Double(sorted.count - 1)
        let lower = Int(rank.rounded(.down))
        let upper = Swift.min(lower + 1, sorted.count - 1)
        let weight = rank - Double(lower)
        return sorted[lower] + (sorted[upper] - sorted[lower]) * weight
    }

    /// The median of `values`; 0 when empty.
    static func median(_ values: [Double]) -> Double {
        percentile(0.5, ofSorted: values.sorted())
    }
}
