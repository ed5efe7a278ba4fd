// SPDX-License-Identifier: GPL-3.0-or-later

/// Puts input events on the frame clock's timeline by their own timestamps, so velocity and flicks measure how
/// fast the hand moved, not how promptly a busy main loop handled the events.
///
/// Devices stamp events in milliseconds on a clock of their own (X server time, the compositor's); the frame
/// clock counts microseconds on `g_get_monotonic_time`. Every event is handled some time after it happened, and
/// the least of those delays is the nearest to none: so the timeline is anchored at the most promptly handled
/// event it has seen, and places each event at the anchor's time plus the spacing of their stamps. An event
/// handled before that place was handled more promptly than the anchor, and becomes the anchor.
///
/// A timeline anchored at each gesture's press would place a press handled late, after a stall, at the moment it
/// was handled, and then squash the moves queued behind it into the moment they were handled too: a quick flick
/// would read as a jump followed by stillness, and spring back. Anchored at the most prompt event, they keep the
/// spacing the hand gave them. Events of one display share one clock, so one timeline serves all its gestures.
///
/// Timestamps wrap after 2³² ms; stamps are compared by their signed spacing, which the wrap does not disturb.
public struct EventTimeline: Sendable {
    /// How long before it is handled an event may be placed, in microseconds. Placed earlier, the event clock
    /// has jumped or drifted from the frame clock (or the main loop stalled so long that the hand's pace no
    /// longer matters), and the timeline anchors afresh; a release placed that far back would also start its
    /// animation visibly far along.
    public static let longestDelay: Microseconds = 250_000

    private var anchor: (event: UInt32, time: Microseconds)?

    /// Creates a timeline that has seen no events.
    public init() {}

    /// The time on the frame clock's timeline of an event stamped `eventMilliseconds` (0 when it has no stamp)
    /// and handled at `now`: the anchor's time plus the stamps' spacing, never after `now`. Without a stamp,
    /// `now`.
    public mutating func time(eventMilliseconds: UInt32, handledAt now: Microseconds) -> Microseconds {
        guard eventMilliseconds != 0 else { return now }
        if let anchor {
            let spacing = Microseconds(Int32(bitPattern: eventMilliseconds &- anchor.event)) * 1_000
            let placed = anchor.time + spacing
            if placed <= now, now - placed <= Self.longestDelay {
                return placed
            }
        }
        anchor = (eventMilliseconds, now)
        return now
    }
}
