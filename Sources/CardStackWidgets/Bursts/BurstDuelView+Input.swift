// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import CardStackCore
import Foundation
import GtkSupport

extension BurstDuelView {
    /// How far a drag on a frame that is not zoomed must go to keep it, in points: a deliberate swipe, not a
    /// finger's wobble on a tap.
    static let swipeDistance = 48.0

    /// Takes the pointer, touch and touchpad input over the frames from `host` (a container of the pages and the
    /// duel) while a duel is on: a tap or a swipe on a frame keeps it, a drag on a zoomed pair pans both, two
    /// fingers pinch both, Ctrl+scroll zooms both at the pointer. The duel's bar gets its own clicks.
    ///
    /// On the host, in the capture phase, for the reason ``PhotoZoomView/takeInput(from:)`` gives: GTK 4.8 sends a
    /// press to the widget the pointer last moved over, which is the deck beneath when the duel opened under it.
    public func takeInput(from host: UnsafeMutablePointer<GtkWidget>) {
        installDrag(on: host)
        installPinch(on: host)
        installScroll(on: host)
    }

    /// `point` of `host` in the frames' area's points, nil when it is outside it (on the bar).
    private func local(_ point: Point, from host: UnsafeMutablePointer<GtkWidget>) -> Point? {
        var from = graphene_point_t(x: Float(point.x), y: Float(point.y))
        var to = graphene_point_t()
        guard gtk_widget_compute_point(host, widget, &from, &to) != 0 else { return nil }
        let local = Point(x: Double(to.x), y: Double(to.y))
        return Rect(origin: .zero, size: viewSize).contains(local) ? local : nil
    }

    private func installDrag(on host: UnsafeMutablePointer<GtkWidget>) {
        let drag = created(gtk_gesture_drag_new())
        gtk_gesture_single_set_button(drag, UInt32(GDK_BUTTON_PRIMARY))
        gtk_event_controller_set_propagation_phase(drag, GTK_PHASE_CAPTURE)
        var start: Point?
        var panning = false
        var pinchesBefore = 0
        signals.connect(drag.raw, .point("drag-begin")) { [weak self] x, y in
            guard let self, isShowing, let point = local(Point(x: x, y: y), from: host) else {
                start = nil
                return
            }
            // A mouse press is claimed at once (it may be the deck's beneath, see above); a finger only once it is no
            // pinch's: a second finger must be free to join it.
            let device = gtk_event_controller_get_current_event_device(drag)
            if device.map({ gdk_device_get_source($0) != GDK_SOURCE_TOUCHSCREEN }) ?? true {
                gtk_gesture_set_state(drag, GTK_EVENT_SEQUENCE_CLAIMED)
            }
            start = point
            panning = false
            pinchesBefore = pinches
            if var zoom, zoom.isZoomedIn, zoom.beginPan(at: GestureClock.time(of: drag)) {
                self.zoom = zoom
                panning = true
            }
        }
        signals.connect(drag.raw, .point("drag-update")) { [weak self] dx, dy in
            guard let self, start != nil, pinches == pinchesBefore else { return }
            if (dx * dx + dy * dy).squareRoot() >= 8 { gtk_gesture_set_state(drag, GTK_EVENT_SEQUENCE_CLAIMED) }
            guard panning, var zoom else { return }
            zoom.pan(translation: Point(x: dx, y: dy), at: GestureClock.time(of: drag))
            self.zoom = zoom
            changed()
        }
        // A drag another gesture took (a pinch) is no tap and no swipe.
        signals.connect(drag.raw, .pointer("cancel")) { [weak self] _ in
            if panning { self?.zoom?.endPan() }
            start = nil
        }
        signals.connect(drag.raw, .point("drag-end")) { [weak self] dx, dy in
            guard let self, let begin = start else { return }
            start = nil
            // A second finger made it a pinch: the finger that came first keeps nothing when it lifts.
            guard pinches == pinchesBefore else {
                if panning { zoom?.endPan() }
                return
            }
            if panning {
                zoom?.endPan()
                // A tap on a zoomed pair keeps the frame tapped, as on a fitted one.
                guard (dx * dx + dy * dy).squareRoot() < 8 else { return }
            }
            let moved = (dx * dx + dy * dy).squareRoot()
            guard moved < 8 || moved >= Self.swipeDistance, let side = DuelLayout(viewSize: viewSize).side(at: begin) else { return }
            choose(side)
        }
        gtk_widget_add_controller(host, drag)
    }

    private func installPinch(on host: UnsafeMutablePointer<GtkWidget>) {
        let pinch = created(gtk_gesture_zoom_new())
        gtk_event_controller_set_propagation_phase(pinch, GTK_PHASE_CAPTURE)
        func centre() -> Point? {
            var x = 0.0
            var y = 0.0
            gtk_gesture_get_bounding_box_center(pinch, &x, &y)
            return local(Point(x: x, y: y), from: host)
        }
        signals.connect(pinch.raw, .pointer("begin")) { [weak self] _ in
            guard let self, isShowing, var zoom, let point = centre() else { return }
            // Counted first: claiming the fingers cancels the drag of the first one, which then ends at once.
            pinches += 1
            gtk_gesture_set_state(pinch, GTK_EVENT_SEQUENCE_CLAIMED)
            zoom.beginPinch(centre: paneLocal(point), at: GestureClock.time(of: pinch))
            self.zoom = zoom
        }
        signals.connect(pinch.raw, .double("scale-changed")) { [weak self] scale in
            guard let self, isShowing, var zoom, let point = centre() else { return }
            zoom.pinch(scale: scale, centre: paneLocal(point), at: GestureClock.time(of: pinch))
            self.zoom = zoom
            zoomed()
        }
        signals.connect(pinch.raw, .pointer("end")) { [weak self] _ in
            guard let self, var zoom else { return }
            let time = GestureClock.time(of: pinch)
            Trace.log("duel: pinch ended at \(Int((zoom.view(at: time).scale / zoom.actualScale * 100).rounded())) %")
            zoom.endPinch(at: time)
            self.zoom = zoom
            changed()
        }
        gtk_widget_add_controller(host, pinch)
    }

    private func installScroll(on host: UnsafeMutablePointer<GtkWidget>) {
        var pointer: Point?
        let motion = created(gtk_event_controller_motion_new())
        gtk_event_controller_set_propagation_phase(motion, GTK_PHASE_CAPTURE)
        signals.connect(motion.raw, .point("motion")) { [weak self] x, y in pointer = self?.local(Point(x: x, y: y), from: host) }
        gtk_widget_add_controller(host, motion)
        let scroll = created(gtk_event_controller_scroll_new(GTK_EVENT_CONTROLLER_SCROLL_BOTH_AXES))
        gtk_event_controller_set_propagation_phase(scroll, GTK_PHASE_CAPTURE)
        signals.connect(scroll.raw, .delta("scroll")) { [weak self] dx, dy in
            guard let self, isShowing else { return false }
            guard var zoom else { return true }
            let state = gtk_event_controller_get_current_event_state(scroll)
            let time = clock.now
            if state.rawValue & GDK_CONTROL_MASK.rawValue != 0 {
                let at = pointer.map(paneLocal) ?? Point(x: zoom.viewSize.width / 2, y: zoom.viewSize.height / 2)
                zoom.zoom(by: pow(ZoomTuning.scrollStepFactor, -dy), around: at, at: time)
            } else if zoom.beginPan(at: time) {
                let unit = gtk_event_controller_scroll_get_unit(scroll) == GDK_SCROLL_UNIT_WHEEL ? 50.0 : 1.0
                zoom.pan(translation: Point(x: -dx * unit, y: -dy * unit), at: time)
                zoom.endPan()
            }
            self.zoom = zoom
            zoomed()
            return true
        }
        gtk_widget_add_controller(host, scroll)
    }

    /// `point` of the frames' area as a point of the pane it is in: the shared zoom is a pane's.
    func paneLocal(_ point: Point) -> Point {
        let layout = DuelLayout(viewSize: viewSize)
        let pane = layout.side(at: point) == .right ? layout.second : layout.first
        return Point(x: point.x - pane.minX, y: point.y - pane.minY)
    }

    /// The zoom changed: zoomed in, the pair's whole pictures are decoded.
    func zoomed() {
        if zoom?.isZoomedIn == true, let (left, right) = pair {
            decode(left, full: true)
            decode(right, full: true)
        }
        changed()
    }

    /// ← and → keep a frame, Z zooms both (and back), Ctrl+plus and Ctrl+minus step, Ctrl+Z and Ctrl+Shift+Z undo
    /// and redo, Escape leaves.
    func handleKey(_ keyval: UInt32, modifiers: GdkModifierType) -> Bool {
        guard isShowing else { return false }
        let key = Int32(bitPattern: keyval)
        let control = modifiers.rawValue & GDK_CONTROL_MASK.rawValue != 0
        let shift = modifiers.rawValue & GDK_SHIFT_MASK.rawValue != 0
        if control {
            switch key {
            case GDK_KEY_z where !shift: session?.undo()
            case GDK_KEY_Z, GDK_KEY_z: session?.redo()
            case GDK_KEY_plus, GDK_KEY_equal, GDK_KEY_KP_Add: step(by: ZoomTuning.scrollStepFactor)
            case GDK_KEY_minus, GDK_KEY_KP_Subtract: step(by: 1 / ZoomTuning.scrollStepFactor)
            default: return false
            }
            return true
        }
        switch key {
        case GDK_KEY_Left, GDK_KEY_KP_Left: choose(.left)
        case GDK_KEY_Right, GDK_KEY_KP_Right: choose(.right)
        case GDK_KEY_z, GDK_KEY_Z:
            guard var zoom else { return true }
            if zoom.isZoomedIn { zoom.returnHome(at: clock.now) } else { zoom.toggle(around: nil, at: clock.now) }
            self.zoom = zoom
            zoomed()
        case GDK_KEY_Escape: close()
        default: return false
        }
        return true
    }

    private func step(by factor: Double) {
        guard var zoom else { return }
        zoom.zoom(by: factor, around: Point(x: zoom.viewSize.width / 2, y: zoom.viewSize.height / 2), at: clock.now)
        self.zoom = zoom
        zoomed()
    }
}
