// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import CGtk
import CardStackCore
import GtkSupport

extension SheetHost {
    /// Where one drag or touchpad swipe on a sheet stands.
    final class SheetGesture {
        enum Phase {
            /// Not yet past the slop: nobody has it.
            case undecided
            /// A touchpad swipe that moves the sheet.
            case sheet
            /// A drag that scrolls the content and moves the sheet in turn, move by move (the nested-scroll
            /// hand-off); `last` is the drag's travel at the previous move.
            case nested(last: Double)
            /// It belongs to the content (selecting text, a button) or to nobody.
            case elsewhere
        }

        var phase = Phase.undecided
        /// A touchpad swipe's travel so far, or a drag's share of travel that moved the sheet, in points down.
        var travel = 0.0
        /// The content's scroll offset during a drag, for the fling it may end with.
        var content = VelocityTracker()
    }

    /// Taps on the scrim or on a lower sheet's strip, and Escape.
    func installInputControllers() {
        let click = created(gtk_gesture_click_new())
        gtk_gesture_single_set_button(click, UInt32(GDK_BUTTON_PRIMARY))
        signals.connect(click.raw, .press("released")) { [weak self] _, x, y in self?.tapped(at: Point(x: x, y: y)) }
        gtk_widget_add_controller(widget, click)
        installDrag()
    }

    /// A tap on the scrim closes the top sheet; on a lower sheet's visible strip, every sheet above that one.
    private func tapped(at point: Point) {
        guard let top = stack.top, let topIndex = stack.index(of: top.id),
              let picked = gtk_widget_pick(widget, point.x, point.y, GTK_PICK_DEFAULT) else { return }
        if picked == widget || picked == content {
            closeTop()
            return
        }
        guard let frame = frame(containing: picked), let index = frames.firstIndex(where: { $0 === frame }),
              index < topIndex, stack.index(of: frames[index].id) == index else { return }
        closeAbove(index)
    }

    public func keyPressed(keyval: UInt32, keycode: UInt32, modifiers: GdkModifierType) -> Bool {
        guard Int32(bitPattern: keyval) == GDK_KEY_Escape, modifiers.isPlain else { return false }
        return closeTop()
    }

    // MARK: One sheet

    /// A two-finger touchpad swipe moves the sheet (a drag is the host's); the handle closes it (Enter, click) or
    /// changes its detent (Up, Down); the Close button closes it.
    func installInput(on frame: SheetFrame) {
        signals.connect(frame.handle.raw, .void("clicked")) { [weak self, weak frame] in
            guard let self, let frame, frame === topFrame else { return }
            closeTop()
        }
        signals.connect(frame.closeButton.raw, .void("clicked")) { [weak self, weak frame] in
            guard let self, let frame, frame === topFrame else { return }
            closeTop()
        }
        let handleKeys = created(gtk_event_controller_key_new())
        signals.connect(handleKeys.raw, .key("key-pressed")) { [weak self, weak frame] keyval, _, _ in
            guard let self, let frame, let index = frames.firstIndex(where: { $0 === frame }) else { return false }
            let direction: Int
            switch Int32(bitPattern: keyval) {
            case GDK_KEY_Up, GDK_KEY_KP_Up: direction = -1
            case GDK_KEY_Down, GDK_KEY_KP_Down: direction = 1
            default: return false
            }
            stack.step(index, direction: direction, at: now)
            changed()
            return true
        }
        gtk_widget_add_controller(frame.handle, handleKeys)
        if let keyPressed = frame.keyPressed {
            let keys = created(gtk_event_controller_key_new())
            signals.connect(keys.raw, .key("key-pressed")) { [weak self, weak frame] keyval, _, modifiers in
                let modifierMask = GDK_CONTROL_MASK.rawValue | GDK_ALT_MASK.rawValue
                guard let self, let frame, frame === topFrame, modifiers.rawValue & modifierMask == 0 else { return false }
                return keyPressed(keyval)
            }
            gtk_widget_add_controller(frame.widget, keys)
        }

        let swipe = SheetGesture()
        frame.touchpad = TouchpadSwipe(
            on: frame.widget, with: signals, phase: GTK_PHASE_CAPTURE,
            began: { _ in
                swipe.phase = .undecided
                swipe.travel = 0
            },
            moved: { [weak self, weak frame] delta, unit, time in
                guard let self, let frame else { return false }
                return touchpadMoved(swipe, on: frame, by: TouchpadScroll.translation(forDelta: delta, unit: unit).y, at: time)
            },
            ended: { [weak self, weak frame] time in
                guard let self, let frame else { return }
                release(swipe, on: frame, translation: swipe.travel, at: time)
                // A mouse wheel sends no begin: until the next one, nothing belongs to the sheet.
                swipe.phase = .elsewhere
            }
        )
        swipe.phase = .elsewhere
    }
}

extension SheetHost {
    // MARK: Entry points

    /// The top open sheet's index in the stack.
    private var topIndex: Int? { stack.top.flatMap { stack.index(of: $0.id) } }

    /// Grabs the top sheet where it is, as a drag does; the benchmark drives these with synthetic times.
    @discardableResult
    public func beginDrag(at time: Microseconds) -> Bool {
        guard let index = topIndex, stack.beginDrag(index, at: time) else { return false }
        gtk_widget_queue_allocate(widget)
        return true
    }

    /// Moves the held top sheet to `translation` points below where it was grabbed.
    public func updateDrag(_ translation: Double, at time: Microseconds) {
        guard let index = topIndex, stack.isDragging(index) else { return }
        stack.updateDrag(translation, at: time)
        relayout()
    }

    /// Lets go of the held top sheet: it closes or springs to a detent.
    public func endDrag(_ translation: Double, at time: Microseconds) {
        guard let index = topIndex, stack.isDragging(index) else { return }
        stack.endDrag(translation, at: time)
        changed()
    }
}
