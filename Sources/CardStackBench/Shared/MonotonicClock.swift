// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc

/// `CLOCK_MONOTONIC`, the clock `g_get_monotonic_time` and GDK's frame clock read, at nanosecond resolution.
enum MonotonicClock {
    /// Nanoseconds per millisecond.
    static let nanosecondsPerMillisecond = 1_000_000.0
    /// Microseconds per millisecond.
    static let microsecondsPerMillisecond = 1_000.0

    /// Now, in nanoseconds since an arbitrary start.
    @inline(__always)
    static func nanoseconds() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }

    /// Milliseconds between two `nanoseconds()` readings.
    static func milliseconds(from start: Int64, to end: Int64) -> Double {
        Double(end - start) / nanosecondsPerMillisecond
    }
}
