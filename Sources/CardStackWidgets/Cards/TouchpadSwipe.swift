// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import CardStackCore
import GtkSupport

/// The scroll controller every page with a touchpad gesture installs: `scroll-begin` (only a touchpad sends
/// it) starts the gesture, each scroll event reports its delta and unit, `scroll-end` ends it. Mouse wheels send
/// deltas without a begin, in wheel clicks.
@MainActor
enum TouchpadSwipe {
    /// Adds the controller to `widget`; `moved` returns whether it used the event.
    static func install(
        on widget: UnsafeMutablePointer<GtkWidget>,
        with signals: SignalGroup,
        began: @escaping @MainActor () -> Void,
        moved: @escaping @MainActor (_ delta: Point, _ unit: TouchpadScroll.Unit) -> Bool,
        ended: @escaping @MainActor () -> Void
    ) {
        let flags = GtkEventControllerScrollFlags(GTK_EVENT_CONTROLLER_SCROLL_BOTH_AXES.rawValue)
        let scroll = created(gtk_event_controller_scroll_new(flags))
        signals.connect(scroll.raw, .void("scroll-begin")) { began() }
        signals.connect(scroll.raw, .delta("scroll")) { dx, dy in
            let unit: TouchpadScroll.Unit = gtk_event_controller_scroll_get_unit(scroll) == GDK_SCROLL_UNIT_WHEEL ? .wheelClicks : .pixels
            return moved(Point(x: dx, y: dy), unit)
        }
        signals.connect(scroll.raw, .void("scroll-end")) { ended() }
        gtk_widget_add_controller(widget, scroll)
    }
}
