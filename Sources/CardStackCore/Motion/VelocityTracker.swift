// SPDX-License-Identifier: GPL-3.0-or-later

/// Estimates a pointer's 2D velocity from its recent positions, for flicks and grab-releases.
///
/// Only the last 150 ms count, so the velocity reflects how the pointer moved just before
/// release rather than over the whole drag.
public struct VelocityTracker: Sendable {
    /// How far back samples count, in microseconds (libadwaita's swipe tracker, 150 ms).
    public static let window: Microseconds = 150_000

    private struct Sample: Sendable {
        var position: Point
        var time: Microseconds
    }

    /// Oldest first; times never decrease.
    private var samples: [Sample] = []

    /// Creates a tracker with no samples.
    public init() {}

    /// Records the pointer at `position` at frame or event time `time`, dropping samples older
    /// than `window` before it.
    ///
    /// A sample older than the newest one is ignored: events delivered out of order would
    /// otherwise make Δt negative and flip the velocity. A sample at the same time as the newest
    /// replaces it, since the later report for one instant is the more current.
    public mutating func add(_ position: Point, at time: Microseconds) {
        if let newest = samples.last {
            if time < newest.time {
                return
            }
            if time == newest.time {
                samples[samples.count - 1].position = position
                return
            }
        }
        samples.append(Sample(position: position, time: time))
        let cutoff = Self.windowStart(endingAt: time)
        if let firstKept = samples.firstIndex(where: { $0.time >= cutoff }) {
            samples.removeFirst(firstKept)
        }
    }

    /// How long after the newest move a release that reports no motion of its own still lets go with that
    /// move's velocity, in microseconds (Android's VelocityTracker takes a pointer as stopped after 40 ms).
    public static let releasePause: Microseconds = 40_000

    /// Records the release at `position` at `time` and returns the velocity it lets go with, in pt/s.
    ///
    /// A finger's touch-up and a mouse button's release come where the last move left the pointer, a frame or
    /// so later, or later still from a busy compositor: counted as a sample, that wait would read as the pointer
    /// slowing, and a quick flick would spring back. So a release where the newest sample is, within
    /// ``releasePause`` of it, lets go with the velocity as of that sample; a release that moved, or that came
    /// after a longer stillness, is a sample like any other (``velocity(at:)`` at `time`).
    public mutating func release(at position: Point, time: Microseconds) -> Point {
        if let newest = samples.last, newest.position == position, time >= newest.time, time - newest.time <= Self.releasePause {
            return velocity(at: newest.time)
        }
        add(position, at: time)
        return velocity(at: time)
    }

    /// Forgets all samples, e.g. when a new drag begins.
    public mutating func reset() {
        samples.removeAll()
    }

    /// Velocity in pt/s at `time` (normally the release time): only samples in
    /// [time − window, time] count; (newest − oldest)/(Δt); zero with fewer than two such samples
    /// or Δt == 0.
    ///
    /// A pointer that paused for a whole window before release has no samples left in it and so
    /// reads as still, which is what the user meant.
    public func velocity(at time: Microseconds) -> Point {
        let cutoff = Self.windowStart(endingAt: time)
        guard let oldest = samples.first(where: { $0.time >= cutoff && $0.time <= time }),
              let newest = samples.last(where: { $0.time >= cutoff && $0.time <= time }),
              newest.time > oldest.time
        else {
            return .zero
        }
        let seconds = FrameTime.seconds(from: oldest.time, to: newest.time)
        return (newest.position - oldest.position) / seconds
    }

    /// `time − window`, saturating instead of trapping near the bottom of the Int64 range.
    private static func windowStart(endingAt time: Microseconds) -> Microseconds {
        let (start, overflow) = time.subtractingReportingOverflow(window)
        return overflow ? .min : start
    }
}
