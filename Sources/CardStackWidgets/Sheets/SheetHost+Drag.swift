// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import CGtk
import CardStackCore
import GtkSupport

extension SheetHost {
    /// A drag on the top sheet is seen before its content sees it (capture phase, on the host, which does not
    /// move under the pointer as the sheet does) and, once it is vertical, taken for the sheet and its content
    /// together, which follow it in turn (``handOff(_:of:on:at:time:)``); a sideways drag, or a mouse selecting
    /// text, is left to the content.
    func installDrag() {
        let drag = created(gtk_gesture_drag_new())
        gtk_gesture_single_set_button(drag, UInt32(GDK_BUTTON_PRIMARY))
        gtk_event_controller_set_propagation_phase(drag, GTK_PHASE_CAPTURE)
        let gesture = SheetGesture()
        // The sheet the drag began on.
        weak var held: SheetFrame?
        signals.connect(drag.raw, .point("drag-begin")) { [weak self] x, y in
            guard let self else { return }
            let time = GestureClock.time(of: drag)
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
            dragMoved(gesture, drag, on: frame, translation: Point(x: dx, y: dy), at: GestureClock.time(of: drag))
        }
        signals.connect(drag.raw, .point("drag-end")) { [weak self] _, dy in
            guard let self, let frame = held else { return }
            release(gesture, on: frame, translation: dy, at: GestureClock.time(of: drag))
        }
        signals.connect(drag.raw, .pointer("cancel")) { [weak self] _ in
            guard let self, let frame = held, let index = frames.firstIndex(where: { $0 === frame }) else { return }
            gesture.phase = .elsewhere
            guard stack.isDragging(index) else { return }
            stack.cancelDrag(at: GestureClock.time(of: drag))
            changed()
        }
        gtk_widget_add_controller(widget, drag)
    }

    /// The sheet `picked` (a widget under the pointer) belongs to.
    func frame(containing picked: UnsafeMutablePointer<GtkWidget>) -> SheetFrame? {
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
        stack.updateDrag(gesture.travel, at: time)
        relayout()
    }

    /// Two fingers on a touchpad move the sheet like a drag when the content would not scroll (a swipe's first
    /// move decides); otherwise they go on to the scrolled window, which scrolls with the touchpad's kinetics.
    func touchpadMoved(_ swipe: SheetGesture, on frame: SheetFrame, by step: Double, at time: Microseconds) -> Bool {
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
        stack.updateDrag(swipe.travel, at: time)
        relayout()
        return true
    }

    /// Lets go of what a gesture held: a held sheet closes or springs to a detent; content that was scrolling
    /// coasts on with the drag's speed.
    func release(_ gesture: SheetGesture, on frame: SheetFrame, translation: Double, at time: Microseconds) {
        guard let index = frames.firstIndex(where: { $0 === frame }) else { return }
        switch gesture.phase {
        case .sheet:
            stack.endDrag(translation, at: time)
        case .nested:
            if stack.isDragging(index) {
                stack.endDrag(gesture.travel, at: time)
            } else {
                fling(frame, velocity: gesture.content.velocity(at: time).y, at: time)
            }
        case .undecided, .elsewhere:
            return
        }
        gesture.phase = .elsewhere
        changed()
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
