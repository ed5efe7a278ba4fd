// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import CardStackCore
import GtkSupport

/// The scroll controller every page with a touchpad gesture installs: `scroll-begin` (only a touchpad sends
/// it) starts the gesture, each scroll event reports its delta and unit, `scroll-end` ends it. Mouse wheels send
/// deltas without a begin, in wheel clicks. Each callback gets its event's time (`GestureClock`).
@MainActor
enum TouchpadSwipe {
    /// Adds the controller to `widget`; `moved` returns whether it used the event. In the capture `phase` the
    /// widget sees each event before its children do, and lets one it does not use go on to them (a sheet
    /// before its scrolled content).
    static func install(
        on widget: UnsafeMutablePointer<GtkWidget>,
        with signals: SignalGroup,
        phase: GtkPropagationPhase = GTK_PHASE_BUBBLE,
        began: @escaping @MainActor (_ time: Microseconds) -> Void,
        moved: @escaping @MainActor (_ delta: Point, _ unit: TouchpadScroll.Unit, _ time: Microseconds) -> Bool,
        ended: @escaping @MainActor (_ time: Microseconds) -> Void
    ) {
        let flags = GtkEventControllerScrollFlags(GTK_EVENT_CONTROLLER_SCROLL_BOTH_AXES.rawValue)
        let scroll = created(gtk_event_controller_scroll_new(flags))
        let clock = GestureClock()
        signals.connect(scroll.raw, .void("scroll-begin")) { began(clock.begin(scroll)) }
        signals.connect(scroll.raw, .delta("scroll")) { dx, dy in
            let unit: TouchpadScroll.Unit = gtk_event_controller_scroll_get_unit(scroll) == GDK_SCROLL_UNIT_WHEEL ? .wheelClicks : .pixels
            return moved(Point(x: dx, y: dy), unit, clock.time(of: scroll))
        }
        signals.connect(scroll.raw, .void("scroll-end")) { ended(clock.time(of: scroll)) }
        gtk_event_controller_set_propagation_phase(scroll, phase)
        gtk_widget_add_controller(widget, scroll)
    }
}
