// SPDX-License-Identifier: GPL-3.0-or-later

/// A frame clock time or duration in microseconds.
///
/// GdkFrameClock reports frame times in microseconds, so animation code takes them as they come
/// and converts to seconds only where the physics needs it.
public typealias Microseconds = Int64

/// Conversions between frame clock microseconds and the seconds the physics works in.
enum FrameTime {
    /// Microseconds in a second.
    static let microsecondsPerSecond: Double = 1_000_000

    /// Milliseconds in a second; deceleration rates are quoted per millisecond.
    static let millisecondsPerSecond: Double = 1_000

    /// Seconds from `start` to `end`, negative if `end` is earlier.
    ///
    /// Exact while the difference is below 2⁵³ µs (285 years), and never traps on overflow.
    static func seconds(from start: Microseconds, to end: Microseconds) -> Double {
        let (difference, overflow) = end.subtractingReportingOverflow(start)
        let microseconds = overflow ? Double(end) - Double(start) : Double(difference)
        return microseconds / microsecondsPerSecond
    }

    /// `start` plus `seconds`, rounded up to the next microsecond and saturating at the ends of
    /// the Int64 range (so an infinite duration becomes `Microseconds.max`).
    static func adding(seconds: Double, to start: Microseconds) -> Microseconds {
        let microseconds = (seconds * microsecondsPerSecond).rounded(.up)
        guard !microseconds.isNaN else {
            return start
        }
        // Double(Int64.max) rounds up to 2⁶³, which Int64 cannot hold, hence ≥ and <.
        if microseconds >= Double(Microseconds.max) {
            return .max
        }
        if microseconds < Double(Microseconds.min) {
            return .min
        }
        let (sum, overflow) = start.addingReportingOverflow(Microseconds(microseconds))
        if overflow {
            return microseconds > 0 ? .max : .min
        }
        return sum
    }
}
