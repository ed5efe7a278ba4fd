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

    /// A drag on the top sheet is seen before its content sees it (capture phase, on the host, which does not
    /// move under the pointer as the sheet does) and, once it is vertical, taken for the sheet and its content
    /// together, which follow it in turn (``handOff(_:of:on:at:time:)``); a sideways drag, or a mouse selecting
    /// text, is left to the content.
    private func installDrag() {
        let drag = created(gtk_gesture_drag_new())
        gtk_gesture_single_set_button(drag, UInt32(GDK_BUTTON_PRIMARY))
        gtk_event_controller_set_propagation_phase(drag, GTK_PHASE_CAPTURE)
        let clock = GestureClock()
        let gesture = SheetGesture()
        // The sheet the drag began on.
        weak var held: SheetFrame?
        signals.connect(drag.raw, .point("drag-begin")) { [weak self] x, y in
            guard let self else { return }
            let time = clock.begin(drag)
            gesture.phase = .undecided
            // A finger or the mouse takes the sheet from a touchpad swipe whose end never came.
            topFrame?.touchpad?.end(at: time)
            let picked = gtk_widget_pick(widget, x, y, GTK_PICK_DEFAULT)
            held = picked.flatMap(frame(containing:))
            guard let frame = held, frame === topFrame, let index = frames.firstIndex(where: { $0 === frame }) else {
                gesture.phase = .elsewhere
                gtk_gesture_set_state(drag, GTK_EVENT_SEQUENCE_DENIED)
                return
            }
            gesture.travel = 0
            gesture.content.reset()
            // A moving sheet, or coasting content, is caught at once, where it is, as anything in motion is.
            let flinging = stopFling()
            if flinging || (stack.isAnimating(at: time) && stack.beginDrag(index, at: time)) {
                gesture.phase = .nested(last: 0)
                gtk_gesture_set_state(drag, GTK_EVENT_SEQUENCE_CLAIMED)
                return
            }
            if !Self.isTouch(drag), let picked, Self.isSelectableText(picked) {
                gesture.phase = .elsewhere
            }
        }
        signals.connect(drag.raw, .point("drag-update")) { [weak self] dx, dy in
            guard let self, let frame = held else { return }
            dragMoved(gesture, drag, on: frame, translation: Point(x: dx, y: dy), at: clock.time(of: drag))
        }
        signals.connect(drag.raw, .point("drag-end")) { [weak self] _, dy in
            guard let self, let frame = held else { return }
            release(gesture, on: frame, translation: dy, at: clock.time(of: drag))
        }
        signals.connect(drag.raw, .pointer("cancel")) { [weak self] _ in
            guard let self, let frame = held, let index = frames.firstIndex(where: { $0 === frame }) else { return }
            gesture.phase = .elsewhere
            guard stack.isDragging(index) else { return }
            stack.cancelDrag(index, at: clock.time(of: drag))
            changed()
        }
        gtk_widget_add_controller(widget, drag)
    }

    /// The sheet `picked` (a widget under the pointer) belongs to.
    private func frame(containing picked: UnsafeMutablePointer<GtkWidget>) -> SheetFrame? {
        frames.first { picked == $0.widget || gtk_widget_is_ancestor(picked, $0.widget) != 0 }
    }

    private func dragMoved(_ gesture: SheetGesture, _ drag: OpaquePointer, on frame: SheetFrame, translation: Point, at time: Microseconds) {
        guard let index = frames.firstIndex(where: { $0 === frame }) else { return }
        switch gesture.phase {
        case .elsewhere, .sheet:
            return
        case .nested(let last):
            gesture.phase = .nested(last: translation.y)
            handOff(translation.y - last, of: gesture, on: frame, at: index, time: time)
        case .undecided:
            guard max(abs(translation.x), abs(translation.y)) > SheetTuning.dragSlop else { return }
            guard abs(translation.y) > abs(translation.x) * SheetTuning.axisRatio else {
                gesture.phase = .elsewhere
                gtk_gesture_set_state(drag, GTK_EVENT_SEQUENCE_DENIED)
                return
            }
            // From here the sheet and its content follow the finger 1:1, taking turns.
            gesture.phase = .nested(last: translation.y)
            gtk_gesture_set_state(drag, GTK_EVENT_SEQUENCE_CLAIMED)
        }
    }

    /// One move of a drag on the top sheet: the content scrolls back to its top before the sheet moves down,
    /// and the sheet rises to its full height before the content scrolls on.
    private func handOff(_ delta: Double, of gesture: SheetGesture, on frame: SheetFrame, at index: Int, time: Microseconds) {
        guard let adjustment = gtk_scrolled_window_get_vadjustment(OpaquePointer(frame.scrolled)) else { return }
        let offset = gtk_adjustment_get_value(adjustment)
        let limit = max(0, gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_page_size(adjustment))
        let rise = max(0, stack.sheets[index].height - stack.visibleHeight(of: index, at: time))
        let move = SheetScrollHandOff.split(delta, contentOffset: offset, contentLimit: limit, sheetRise: rise)
        if move.content != 0 { gtk_adjustment_set_value(adjustment, offset + move.content) }
        gesture.content.add(Point(x: 0, y: offset + move.content), at: time)
        guard move.sheet != 0 else { return }
        if !stack.isDragging(index) {
            guard stack.beginDrag(index, at: time) else { return }
            gesture.travel = 0
        }
        gesture.travel += move.sheet
        stack.updateDrag(index, translation: gesture.travel, at: time)
        relayout()
    }

    /// Two fingers on a touchpad move the sheet like a drag when the content would not scroll (a swipe's first
    /// move decides); otherwise they go on to the scrolled window, which scrolls with the touchpad's kinetics.
    private func touchpadMoved(_ swipe: SheetGesture, on frame: SheetFrame, by step: Double, at time: Microseconds) -> Bool {
        guard let index = frames.firstIndex(where: { $0 === frame }), frame === topFrame else { return false }
        switch swipe.phase {
        case .elsewhere, .nested:
            return false
        case .undecided:
            guard step != 0 else { return false }
            let target = SheetScrollHandOff.target(translation: step, contentOffset: frame.contentOffset, sheetBelowFull: stack.isBelowFull(index, at: time))
            guard target == .sheet, stack.beginDrag(index, at: time) else {
                swipe.phase = .elsewhere
                return false
            }
            swipe.phase = .sheet
        case .sheet:
            break
        }
        swipe.travel += step
        stack.updateDrag(index, translation: swipe.travel, at: time)
        relayout()
        return true
    }

    /// Lets go of what a gesture held: a held sheet closes or springs to a detent; content that was scrolling
    /// coasts on with the drag's speed.
    private func release(_ gesture: SheetGesture, on frame: SheetFrame, translation: Double, at time: Microseconds) {
        guard let index = frames.firstIndex(where: { $0 === frame }) else { return }
        switch gesture.phase {
        case .sheet:
            stack.endDrag(index, translation: translation, at: time)
        case .nested:
            if stack.isDragging(index) {
                stack.endDrag(index, translation: gesture.travel, at: time)
            } else {
                fling(frame, velocity: gesture.content.velocity(at: time).y, at: time)
            }
        case .undecided, .elsewhere:
            return
        }
        gesture.phase = .elsewhere
        changed()
    }

    // MARK: Coasting content

    /// Lets the content of `frame` coast on at `velocity` (points per second of scroll offset) with a finger's
    /// deceleration, as GTK's kinetic scrolling would have, until it stops or reaches an end.
    private func fling(_ frame: SheetFrame, velocity: Double, at time: Microseconds) {
        guard abs(velocity) >= DecayAnimation.restingSpeed,
              let adjustment = gtk_scrolled_window_get_vadjustment(OpaquePointer(frame.scrolled)) else { return }
        let limit = max(0, gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_page_size(adjustment))
        let motion = DecayAnimation(from: gtk_adjustment_get_value(adjustment), velocity: velocity, bounds: 0...limit, startTime: time)
        _ = stopFling()
        let tick = TickCallback.add(to: frame.scrolled) { [weak self] frameTime, _ in
            let time = Microseconds(frameTime)
            gtk_adjustment_set_value(adjustment, motion.value(at: time))
            guard !motion.isSettled(at: time) else {
                self?.contentFling = nil
                return false
            }
            return true
        }
        contentFling = (frame.scrolled, tick)
    }

    /// Stops content that coasts; true when some did.
    func stopFling() -> Bool {
        guard let fling = contentFling else { return false }
        contentFling = nil
        TickCallback.remove(fling.tick, from: fling.scrolled)
        return true
    }

    private static func isTouch(_ gesture: OpaquePointer) -> Bool {
        guard let device = gtk_gesture_get_device(gesture) else { return false }
        return gdk_device_get_source(device) == GDK_SOURCE_TOUCHSCREEN
    }

    /// A mouse drag that starts on selectable text selects it, as everywhere else.
    private static func isSelectableText(_ picked: UnsafeMutablePointer<GtkWidget>) -> Bool {
        var widget: UnsafeMutablePointer<GtkWidget>? = picked
        while let current = widget {
            if g_type_check_instance_is_a(current.cast(), gtk_label_get_type()) != 0 {
                return gtk_label_get_selectable(OpaquePointer(current)) != 0
            }
            if g_type_check_instance_is_a(current.cast(), gtk_text_view_get_type()) != 0 { return true }
            widget = gtk_widget_get_parent(current)
        }
        return false
    }
}

extension SheetHost {
    // MARK: Entry points

    /// The top open sheet's index in the stack.
    private var topIndex: Int? { stack.top.flatMap { stack.index(of: $0.id) } }

    /// Grabs the top sheet where it is, as a drag does; the benchmark drives these with synthetic times.
    @discardableResult
    public func beginDrag(time: Microseconds) -> Bool {
        guard let index = topIndex, stack.beginDrag(index, at: time) else { return false }
        gtk_widget_queue_allocate(widget)
        return true
    }

    /// Moves the held top sheet to `translation` points below where it was grabbed.
    public func updateDrag(translation: Double, time: Microseconds) {
        guard let index = topIndex, stack.isDragging(index) else { return }
        stack.updateDrag(index, translation: translation, at: time)
        relayout()
    }

    /// Lets go of the held top sheet: it closes or springs to a detent.
    public func endDrag(translation: Double, time: Microseconds) {
        guard let index = topIndex, stack.isDragging(index) else { return }
        stack.endDrag(index, translation: translation, at: time)
        changed()
    }
}
