// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import CardStackCore
import GtkSupport

/// The one-finger drag every swiping page takes, from the mouse and the touchscreen alike: a primary-button
/// GtkGestureDrag that focuses the page, times its events on the frame clock's timeline, and claims the
/// sequence only when the page grabbed something (otherwise the press goes on to what is around).
@MainActor
enum PageDrag {
    /// What a page does with a drag, each with the event's time.
    struct Handlers {
        /// A press at `start` (widget coordinates): true when the page grabbed something to move.
        var began: @MainActor (_ start: Point, _ time: Microseconds) -> Bool
        /// The pointer is `translation` from the press.
        var moved: @MainActor (_ translation: Point, _ time: Microseconds) -> Void
        /// Released `translation` from the press at `start`.
        var ended: @MainActor (_ translation: Point, _ start: Point, _ time: Microseconds) -> Void
        /// Another gesture took the sequence, or the window lost it.
        var cancelled: @MainActor (_ time: Microseconds) -> Void
    }

    /// Adds the drag to `widget` and returns it (to group another gesture with: a claimed drag denies every
    /// gesture outside its group); its signals live as long as `signals` does. A single-point gesture: a second
    /// finger on a touchscreen does not start another drag.
    @discardableResult
    static func install(on widget: UnsafeMutablePointer<GtkWidget>, with signals: SignalGroup, _ handlers: Handlers) -> OpaquePointer {
        let drag = created(gtk_gesture_drag_new())
        gtk_gesture_single_set_button(drag, UInt32(GDK_BUTTON_PRIMARY))
        var sequence = DragSequenceTrace()
        // A denied sequence still ends with drag-end: the trace tells a press that held nothing from one that did.
        var grabbed = false
        signals.connect(drag.raw, .point("drag-begin")) { x, y in
            gtk_widget_grab_focus(widget)
            let time = GestureClock.time(of: drag)
            sequence.begin(at: time)
            grabbed = handlers.began(Point(x: x, y: y), time)
            gtk_gesture_set_state(drag, grabbed ? GTK_EVENT_SEQUENCE_CLAIMED : GTK_EVENT_SEQUENCE_DENIED)
        }
        signals.connect(drag.raw, .point("drag-update")) { dx, dy in
            let time = GestureClock.time(of: drag)
            sequence.add(Point(x: dx, y: dy), at: time)
            handlers.moved(Point(x: dx, y: dy), time)
        }
        signals.connect(drag.raw, .point("drag-end")) { dx, dy in
            var startX = 0.0
            var startY = 0.0
            gtk_gesture_drag_get_start_point(drag, &startX, &startY)
            let time = GestureClock.time(of: drag)
            sequence.add(Point(x: dx, y: dy), at: time)
            Trace.log("drag: \(sequence.text) (released\(grabbed ? "" : "; nothing was held"))")
            handlers.ended(Point(x: dx, y: dy), Point(x: startX, y: startY), time)
        }
        signals.connect(drag.raw, .pointer("cancel")) { _ in handlers.cancelled(GestureClock.time(of: drag)) }
        gtk_widget_add_controller(widget, drag)
        return drag
    }
}
