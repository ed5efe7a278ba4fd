// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import CardStackCore

/// The times gestures' events happened, on the frame clock's timeline: what every gesture handler hands the
/// core, so a flick is as fast as the hand was however late the events were handled (`EventTimeline`).
@MainActor
enum GestureClock {
    /// One timeline for every gesture, since the display's events share one clock: each gesture's events are
    /// placed by the most promptly handled event of any gesture before it.
    private static var timeline = EventTimeline()

    /// The time of the event `controller` is handling.
    static func time(of controller: OpaquePointer) -> Microseconds {
        timeline.time(eventMilliseconds: gtk_event_controller_get_current_event_time(controller),
                      handledAt: Microseconds(g_get_monotonic_time()))
    }
}
