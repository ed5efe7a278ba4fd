// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation

/// An upper bound on a decaying quantity, as a sum of terms e^(−rate·t)·(constant + slope·t).
///
/// Spring settle times have no closed form, but every spring's displacement and velocity fit
/// under such a bound, and each term only rises until its peak and then falls for good. That
/// makes "from when on does the bound stay below a threshold" a simple bracketed search.
struct DecayBound: Sendable {
    /// One e^(−rate·t)·(constant + slope·t) term; constant and slope are non-negative.
    struct Term: Sendable {
        var constant: Double
        var slope: Double
        var rate: Double
    }

    /// The most bisection steps, a count (chosen for CardStack: 200 halvings shrink any finite
    /// bracket below one ulp of its end, so the loop stops on convergence first).
    private static let maximumBisections = 200
    /// The most bracket doublings, a count (chosen for CardStack: about 1100 doublings overflow
    /// Double from any positive step, after which the bound is taken never to settle).
    private static let maximumDoublings = 1_100

    var terms: [Term]

    init(_ terms: Term...) {
        self.terms = terms.filter { $0.constant != 0 || $0.slope != 0 }
    }

    /// The bound at `time` seconds.
    func value(at time: Double) -> Double {
        terms.reduce(0) { sum, term in
            sum + term.value(at: time)
        }
    }

    /// The earliest time, in seconds, from which the bound stays below `threshold` forever;
    /// infinity if it never does.
    func settleTime(below threshold: Double) -> Double {
        if terms.reduce(0, { $0 + $1.maximum }) < threshold {
            return 0
        }
        if terms.contains(where: { $0.rate <= 0 }) {
            return .infinity
        }
        // Past every term's peak the sum only falls, so one crossing is left to find.
        let start = terms.reduce(0) { max($0, $1.peakTime) }
        if value(at: start) < threshold {
            return start
        }
        let slowestRate = terms.reduce(Double.infinity) { min($0, $1.rate) }
        var step = 1 / slowestRate
        var low = start
        var high = start + step
        var doublings = 0
        while value(at: high) >= threshold {
            doublings += 1
            guard doublings < Self.maximumDoublings, high.isFinite else {
                return .infinity
            }
            low = high
            step *= 2
            high = start + step
        }
        for _ in 0..<Self.maximumBisections {
            let middle = low + (high - low) / 2
            if middle <= low || middle >= high {
                break
            }
            if value(at: middle) < threshold {
                high = middle
            } else {
                low = middle
            }
        }
        return high
    }
}

extension DecayBound.Term {
    func value(at time: Double) -> Double {
        // A zero slope must not meet an infinite time as 0·∞.
        let polynomial = slope == 0 ? constant : constant + slope * time
        return polynomial == 0 ? 0 : exp(-rate * time) * polynomial
    }

    /// Where the term stops rising: d/dt = 0 at t = 1/rate − constant/slope.
    var peakTime: Double {
        guard slope > 0, rate > 0 else {
            return 0
        }
        return max(0, 1 / rate - constant / slope)
    }

    /// The largest value the term takes for t ≥ 0.
    var maximum: Double {
        if rate > 0 {
            return value(at: peakTime)
        }
        return rate == 0 && slope == 0 ? constant : .infinity
    }
}
