// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import CardStackCore

/// The times a gesture's events happened, on the frame clock's timeline: what every gesture handler hands the
/// core, so a flick is as fast as the hand was however late the events were handled (`EventTimeline`).
@MainActor
final class GestureClock {
    private var timeline = EventTimeline()

    /// Starts a gesture at the event `controller` is handling; returns its time.
    @discardableResult
    func begin(_ controller: OpaquePointer) -> Microseconds {
        timeline.begin(eventMilliseconds: gtk_event_controller_get_current_event_time(controller), handledAt: Self.now)
    }

    /// The time of the event `controller` is handling, a later one of the same gesture.
    func time(of controller: OpaquePointer) -> Microseconds {
        timeline.time(eventMilliseconds: gtk_event_controller_get_current_event_time(controller), handledAt: Self.now)
    }

    private static var now: Microseconds { Microseconds(g_get_monotonic_time()) }
}
