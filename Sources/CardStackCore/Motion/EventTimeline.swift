// SPDX-License-Identifier: GPL-3.0-or-later

/// Puts a gesture's input events on the frame clock's timeline by their own timestamps, so velocity and flicks
/// measure how fast the hand moved, not how promptly a busy main loop handled the events.
///
/// Devices stamp events in milliseconds on a clock of their own (X server time, the compositor's); the frame
/// clock counts microseconds on `g_get_monotonic_time`. The first event of a gesture anchors the two at the
/// moment it is handled; every later event keeps its spacing from the first, and is never placed after the
/// moment it is handled. Timestamps wrap after 2³² ms, which the spacing survives.
public struct EventTimeline: Sendable {
    private var anchor: (event: UInt32, time: Microseconds)?

    public init() {}

    /// Starts a gesture at an event stamped `eventMilliseconds` (0 when the event has no stamp) handled at
    /// `now`; returns its time on the frame clock's timeline, which is `now`.
    @discardableResult
    public mutating func begin(eventMilliseconds: UInt32, handledAt now: Microseconds) -> Microseconds {
        anchor = eventMilliseconds == 0 ? nil : (eventMilliseconds, now)
        return now
    }

    /// The time of a later event of the same gesture, stamped `eventMilliseconds` and handled at `now`: the
    /// anchor's time plus the events' spacing, at most `now`. Without a stamp or an anchor, `now`.
    public func time(eventMilliseconds: UInt32, handledAt now: Microseconds) -> Microseconds {
        guard eventMilliseconds != 0, let anchor else { return now }
        let spacing = Microseconds(eventMilliseconds &- anchor.event) * 1_000
        return min(anchor.time + spacing, now)
    }
}
