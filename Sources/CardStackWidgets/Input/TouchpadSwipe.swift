// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import CGtk
import CardStackCore
import GtkSupport

/// The scroll controller every page with a touchpad gesture installs: `scroll-begin` (only a touchpad sends
/// it) starts the swipe, each scroll event reports its delta and unit, and the swipe ends with `scroll-end`,
/// after a silence when that never comes (``TouchpadGesture``; motion after it begins a new swipe), or when
/// another pointer takes over (``end(at:)``). Mouse wheels send deltas without a begin, in wheel clicks. Each callback gets its event's
/// time (`GestureClock`).
@MainActor
final class TouchpadSwipe {
    private var gesture = TouchpadGesture()
    private var silenceTimer: UInt32?
    private let ended: @MainActor (_ time: Microseconds) -> Void

    /// Adds the controller to `widget`; `moved` returns whether it used the event. In the capture `phase` the
    /// widget sees each event before its children do, and lets one it does not use go on to them (a sheet
    /// before its scrolled content).
    init(
        on widget: UnsafeMutablePointer<GtkWidget>,
        with signals: SignalGroup,
        phase: GtkPropagationPhase = GTK_PHASE_BUBBLE,
        began: @escaping @MainActor (_ time: Microseconds) -> Void,
        moved: @escaping @MainActor (_ delta: Point, _ unit: TouchpadScroll.Unit, _ time: Microseconds) -> Bool,
        ended: @escaping @MainActor (_ time: Microseconds) -> Void
    ) {
        self.ended = ended
        let flags = GtkEventControllerScrollFlags(GTK_EVENT_CONTROLLER_SCROLL_BOTH_AXES.rawValue)
        let scroll = created(gtk_event_controller_scroll_new(flags))
        signals.connect(scroll.raw, .void("scroll-begin")) { [weak self] in
            guard let self else { return }
            let time = GestureClock.time(of: scroll)
            gesture.begin(at: time)
            watchForSilence()
            began(time)
        }
        signals.connect(scroll.raw, .delta("scroll")) { [weak self] dx, dy in
            guard let self else { return false }
            let time = GestureClock.time(of: scroll)
            let fromTouchpad = Self.isTouchpad(scroll)
            switch gesture.report(at: time, fromTouchpad: fromTouchpad) {
            case .began:
                // Motion after a swipe ended by silence, which GTK takes for more of it: a new swipe.
                Trace.log("touchpad: swipe begun after a silence")
                watchForSilence()
                began(time)
            case .ignored where fromTouchpad:
                // The rest of a touchpad swipe another pointer took over moves nothing.
                return false
            default:
                break
            }
            let unit: TouchpadScroll.Unit = gtk_event_controller_scroll_get_unit(scroll) == GDK_SCROLL_UNIT_WHEEL ? .wheelClicks : .pixels
            return moved(Point(x: dx, y: dy), unit, time)
        }
        signals.connect(scroll.raw, .void("scroll-end")) { [weak self] in
            self?.finish(at: GestureClock.time(of: scroll), by: .fingersLifted)
        }
        gtk_event_controller_set_propagation_phase(scroll, phase)
        gtk_widget_add_controller(widget, scroll)
    }

    /// Whether a swipe is under way.
    var isActive: Bool { gesture.isActive }

    /// Ends the swipe under way as lifting the fingers would: its `scroll-end` came, or another pointer or a
    /// finger begins a gesture of its own.
    func end(at time: Microseconds) {
        finish(at: time, by: .takeover)
    }

    /// What ended a swipe: the trace says it, so a test on a compositor that never sends `scroll-end` can tell
    /// which way its swipes ended.
    private enum Ending: String {
        case fingersLifted = "scroll-end"
        case takeover = "another gesture"
        case silence = "silence"
    }

    private func finish(at time: Microseconds, by ending: Ending) {
        stopWatching()
        guard gesture.end() else { return }
        Trace.log("touchpad: swipe ended by \(ending.rawValue)")
        ended(time)
    }

    /// Stops watching for a silence (the widget is going away).
    func stop() {
        stopWatching()
        _ = gesture.end()
    }

    /// Checks at the swipe's deadline whether it went silent, and again at the next deadline if it did not.
    private func watchForSilence() {
        guard silenceTimer == nil, let deadline = gesture.deadline else { return }
        let wait = max(1, (deadline - Self.now) / 1_000 + 1)
        silenceTimer = TimeoutCallback.add(milliseconds: UInt32(clamping: wait)) { [weak self] in
            guard let self else { return false }
            silenceTimer = nil
            if let endedAt = gesture.endIfSilent(at: Self.now) {
                Trace.log("touchpad: swipe ended by \(Ending.silence.rawValue)")
                ended(endedAt)
            } else {
                watchForSilence()
            }
            return false
        }
    }

    private func stopWatching() {
        if let silenceTimer { TimeoutCallback.remove(silenceTimer) }
        silenceTimer = nil
    }

    private static var now: Microseconds { Microseconds(g_get_monotonic_time()) }

    private static func isTouchpad(_ controller: OpaquePointer) -> Bool {
        guard let device = gtk_event_controller_get_current_event_device(controller) else { return false }
        return gdk_device_get_source(device) == GDK_SOURCE_TOUCHPAD
    }
}
