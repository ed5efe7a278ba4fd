// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import CardStackCore
import GtkSupport

extension PhotoZoomView {
    /// Takes the pointer, touch and touchpad input of `host` (a container of the pages and this view) while a
    /// photo is zoomed: a drag (mouse or one finger) pans, a double click or double tap shrinks the photo back,
    /// two fingers pinch (on the screen or the touchpad), Ctrl+scroll zooms at the pointer and plain scrolling
    /// pans. Nothing beneath sees it.
    ///
    /// On the host, in the capture phase, rather than on this view: GTK 4.8 sends a press to the widget the
    /// pointer last moved over, so a click on the zoomed photo before the mouse moves would reach the deck
    /// beneath (and a drag swipe its card).
    public func takeInput(from host: UnsafeMutablePointer<GtkWidget>) {
        installDrag(on: host)
        installPinch(on: host)
        installScroll(on: host)
    }

    /// `point` of `host` in this view's points (the host holds the view, usually at its own origin).
    private func local(_ point: Point, from host: UnsafeMutablePointer<GtkWidget>) -> Point {
        var from = graphene_point_t(x: Float(point.x), y: Float(point.y))
        var to = graphene_point_t()
        guard host != widget, gtk_widget_compute_point(host, widget, &from, &to) != 0 else { return point }
        return Point(x: Double(to.x), y: Double(to.y))
    }

    /// The pan, and the double click or tap (two presses within the desktop's double-click time and distance)
    /// that toggles: one gesture, since a pan that claims the press would keep a click gesture from seeing it.
    private func installDrag(on host: UnsafeMutablePointer<GtkWidget>) {
        let drag = created(gtk_gesture_drag_new())
        gtk_gesture_single_set_button(drag, UInt32(GDK_BUTTON_PRIMARY))
        gtk_event_controller_set_propagation_phase(drag, GTK_PHASE_CAPTURE)
        var presses = DoubleClick()
        signals.connect(drag.raw, .point("drag-begin")) { [weak self] x, y in
            guard let self, var zoom else { return }
            // Every press while a photo is zoomed is the zoom's: nothing beneath is touched.
            gtk_gesture_set_state(drag, GTK_EVENT_SEQUENCE_CLAIMED)
            let time = GestureClock.time(of: drag)
            let point = local(Point(x: x, y: y), from: host)
            if presses.isSecond(at: point, time: time, within: DoubleClick.Limits(of: widget)) {
                toggle(at: point)
                return
            }
            if zoom.beginPan(at: time) {
                self.zoom = zoom
                closesAtHome = false
            }
        }
        signals.connect(drag.raw, .point("drag-update")) { [weak self] dx, dy in
            guard let self, var zoom else { return }
            zoom.pan(translation: Point(x: dx, y: dy), at: GestureClock.time(of: drag))
            self.zoom = zoom
            changed()
        }
        signals.connect(drag.raw, .point("drag-end")) { [weak self] _, _ in
            self?.zoom?.endPan()
        }
        gtk_widget_add_controller(host, drag)
    }

    /// Two fingers: their spread scales the photo, their centre carries it.
    private func installPinch(on host: UnsafeMutablePointer<GtkWidget>) {
        let pinch = created(gtk_gesture_zoom_new())
        gtk_event_controller_set_propagation_phase(pinch, GTK_PHASE_CAPTURE)
        func centre() -> Point {
            var x = 0.0
            var y = 0.0
            gtk_gesture_get_bounding_box_center(pinch, &x, &y)
            return local(Point(x: x, y: y), from: host)
        }
        signals.connect(pinch.raw, .pointer("begin")) { [weak self] _ in
            if self?.pinchBegan(at: centre(), time: GestureClock.time(of: pinch)) == true {
                gtk_gesture_set_state(pinch, GTK_EVENT_SEQUENCE_CLAIMED)
            }
        }
        signals.connect(pinch.raw, .double("scale-changed")) { [weak self] scale in
            self?.pinched(scale: scale, centre: centre(), time: GestureClock.time(of: pinch))
        }
        signals.connect(pinch.raw, .pointer("end")) { [weak self] _ in
            self?.pinchEnded(time: GestureClock.time(of: pinch))
        }
        gtk_widget_add_controller(host, pinch)
    }

    /// Two fingers came down with their centre at `centre`; answers whether the pinch is the zoom's. The three
    /// pinch handlers are also how tests drive the gesture where no touchpad pinch can be injected.
    func pinchBegan(at centre: Point, time: Microseconds) -> Bool {
        // Two fingers on a photo that is not zoomed yet take it from its card, and the same pinch goes on.
        if zoom == nil, onPinchToOpen?(centre) != true { return false }
        guard var zoom else { return false }
        zoom.beginPinch(centre: centre, at: time)
        self.zoom = zoom
        closesAtHome = false
        Trace.log("zoom: pinch began")
        return true
    }

    /// The fingers' spread is `scale` times what it was when they came down, their centre at `centre`.
    func pinched(scale: Double, centre: Point, time: Microseconds) {
        guard var zoom else { return }
        zoom.pinch(scale: scale, centre: centre, at: time)
        self.zoom = zoom
        changed()
    }

    /// The fingers lift: a pinch that ends at about fitted or below means "enough", back to the card, and the
    /// view closes.
    func pinchEnded(time: Microseconds) {
        guard var zoom else { return }
        Trace.log("zoom: pinch ended at \(Int((zoom.view(at: time).scale / zoom.actualScale * 100).rounded())) %")
        zoom.endPinch(at: time)
        self.zoom = zoom
        closesAtHome = zoom.isReturningHome
        changed()
    }

    /// Ctrl+scroll zooms a step a notch (or the touchpad's equivalent) at the pointer; plain scrolling pans.
    private func installScroll(on host: UnsafeMutablePointer<GtkWidget>) {
        var pointer: Point?
        let motion = created(gtk_event_controller_motion_new())
        gtk_event_controller_set_propagation_phase(motion, GTK_PHASE_CAPTURE)
        signals.connect(motion.raw, .point("motion")) { [weak self] x, y in pointer = self?.local(Point(x: x, y: y), from: host) }
        signals.connect(motion.raw, .point("enter")) { [weak self] x, y in pointer = self?.local(Point(x: x, y: y), from: host) }
        gtk_widget_add_controller(host, motion)

        let scroll = created(gtk_event_controller_scroll_new(GTK_EVENT_CONTROLLER_SCROLL_BOTH_AXES))
        gtk_event_controller_set_propagation_phase(scroll, GTK_PHASE_CAPTURE)
        signals.connect(scroll.raw, .delta("scroll")) { [weak self] dx, dy in
            guard let self, var zoom else { return false }
            let state = gtk_event_controller_get_current_event_state(scroll)
            let time = clock.now
            if state.rawValue & GDK_CONTROL_MASK.rawValue != 0 {
                let at = pointer ?? Point(x: zoom.viewSize.width / 2, y: zoom.viewSize.height / 2)
                zoom.zoom(by: pow(ZoomTuning.scrollStepFactor, -dy), around: at, at: time)
            } else if zoom.beginPan(at: time) {
                // A scroll step moves as far as a wheel notch scrolls a list (GTK's 50 pt for a discrete step).
                let unit = gtk_event_controller_scroll_get_unit(scroll) == GDK_SCROLL_UNIT_WHEEL ? 50.0 : 1.0
                zoom.pan(translation: Point(x: -dx * unit, y: -dy * unit), at: time)
                zoom.endPan()
            } else {
                // Nothing to pan at the card's size; the deck beneath still must not scroll.
                return true
            }
            self.zoom = zoom
            changed()
            return true
        }
        gtk_widget_add_controller(host, scroll)
    }

    /// Z and a double click: enlarged, back to the card; at the card's size, to 100 % at `point`.
    func toggle(at point: Point?) {
        guard var zoom else { return }
        closesAtHome = zoom.isZoomedIn
        if zoom.isZoomedIn {
            zoom.returnHome(at: clock.now)
        } else {
            zoom.toggle(around: point, at: clock.now)
        }
        self.zoom = zoom
        changed()
    }

    /// Z toggles, Escape returns to the card, an arrow decides (closing at once: the next photo starts fitted).
    func handleKey(_ keyval: UInt32, modifiers: GdkModifierType) -> Bool {
        guard zoom != nil else { return false }
        let key = Int32(bitPattern: keyval)
        if modifiers.rawValue & GDK_CONTROL_MASK.rawValue != 0 {
            // Ctrl+plus and Ctrl+minus step as Ctrl+scroll does, at the centre.
            let step: Double? = switch key {
            case GDK_KEY_plus, GDK_KEY_equal, GDK_KEY_KP_Add: ZoomTuning.scrollStepFactor
            case GDK_KEY_minus, GDK_KEY_KP_Subtract: 1 / ZoomTuning.scrollStepFactor
            default: nil
            }
            guard let step, var zoom else { return false }
            zoom.zoom(by: step, around: Point(x: zoom.viewSize.width / 2, y: zoom.viewSize.height / 2), at: clock.now)
            self.zoom = zoom
            changed()
            return true
        }
        guard modifiers.isPlain || key == GDK_KEY_Z else { return false }
        switch key {
        case GDK_KEY_z, GDK_KEY_Z:
            toggle(at: nil)
        case GDK_KEY_Escape:
            close()
        default:
            guard let direction = DeckView.direction(forKey: keyval) else { return false }
            close(animated: false)
            onDecide?(direction)
        }
        return true
    }
}
