// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import CardStackCore
import GtkSupport

extension BrowseView {
    /// Travel in points under which a press and release is a click: on a peeking card it centres that card
    /// (GTK's drag threshold is 8 px at scale 1).
    static let clickSlop = 8.0

    /// Drag (mouse and touchscreen), two-finger touchpad swipes and the mouse wheel move the strip.
    func installInputControllers() {
        let drag = created(gtk_gesture_drag_new())
        gtk_gesture_single_set_button(drag, UInt32(GDK_BUTTON_PRIMARY))
        signals.connect(drag.raw, .point("drag-begin")) { [weak self] _, _ in
            guard let self else { return }
            eventVelocity = VelocityTracker()
            eventVelocity.add(.zero, at: Self.eventTime(of: drag))
            gtk_widget_grab_focus(widget)
            let grabbed = beginDrag(time: now)
            gtk_gesture_set_state(drag, grabbed ? GTK_EVENT_SEQUENCE_CLAIMED : GTK_EVENT_SEQUENCE_DENIED)
        }
        signals.connect(drag.raw, .point("drag-update")) { [weak self] dx, _ in
            guard let self else { return }
            eventVelocity.add(Point(x: dx, y: 0), at: Self.eventTime(of: drag))
            updateDrag(translation: dx, time: now)
        }
        signals.connect(drag.raw, .point("drag-end")) { [weak self] dx, dy in
            guard let self else { return }
            var startX = 0.0
            var startY = 0.0
            gtk_gesture_drag_get_start_point(drag, &startX, &startY)
            let eventTime = Self.eventTime(of: drag)
            eventVelocity.add(Point(x: dx, y: 0), at: eventTime)
            dragEnded(translation: Point(x: dx, y: dy), start: Point(x: startX, y: startY), velocity: eventVelocity.velocity(at: eventTime).x)
        }
        signals.connect(drag.raw, .void("cancel")) { [weak self] in
            guard let self else { return }
            interaction.cancelDrag(time: now)
            changed()
        }
        gtk_widget_add_controller(widget, drag)

        TouchpadSwipe.install(
            on: widget, with: signals,
            began: { [weak self] in self?.touchpadBegan() },
            moved: { [weak self] delta, unit in self?.scrolled(by: delta, unit: unit) ?? false },
            ended: { [weak self] in self?.touchpadEnded() }
        )
    }

    /// A release after little travel is a click: a peeking card comes to the centre. Otherwise the strip
    /// settles where the snap rule says.
    /// The time of the event a controller is handling, in µs (GDK gives milliseconds).
    static func eventTime(of controller: OpaquePointer) -> Microseconds {
        Microseconds(gtk_event_controller_get_current_event_time(controller)) * 1_000
    }

    private func dragEnded(translation: Point, start: Point, velocity: Double) {
        let time = now
        if abs(translation.x) < Self.clickSlop, abs(translation.y) < Self.clickSlop,
           let tapped = interaction.item(at: start, time: time) {
            interaction.cancelDrag(time: time)
            if tapped != interaction.restingItem { interaction.scroll(to: tapped, time: time) }
        } else {
            interaction.endDrag(translation: translation.x, time: time, velocity: velocity)
        }
        changed()
    }

    // MARK: Entry points

    /// Grabs the strip; the gestures call these with the event's time, the benchmark with synthetic times.
    @discardableResult
    public func beginDrag(time: Microseconds) -> Bool {
        let grabbed = interaction.beginDrag(time: time)
        changed()
        return grabbed
    }

    /// Moves the held strip to `translation` points from where the drag began (positive to the right).
    public func updateDrag(translation: Double, time: Microseconds) {
        interaction.updateDrag(translation: translation, time: time)
        changed()
    }

    /// Lets go of the strip, which settles on the card the snap rule picks.
    public func endDrag(translation: Double, time: Microseconds) {
        interaction.endDrag(translation: translation, time: time)
        changed()
    }

    // MARK: Touchpad and wheel

    /// Only a touchpad sends `scroll-begin`: its two-finger swipe holds the strip until the fingers lift.
    private func touchpadBegan() {
        guard interaction.beginDrag(time: now) else { return }
        scrollTranslation = 0
        changed()
    }

    /// Touchpad deltas move the held strip 1:1; a wheel notch (vertical, horizontal or with Shift) moves one
    /// card, with AdwCarousel's cooldown.
    private func scrolled(by delta: Point, unit: TouchpadScroll.Unit) -> Bool {
        if let translation = scrollTranslation, interaction.isDragging {
            let moved = translation + TouchpadScroll.translation(forDelta: Point(x: delta.x, y: 0), unit: unit).x
            scrollTranslation = moved
            interaction.updateDrag(translation: moved, time: now)
            changed()
            return true
        }
        let notch = abs(delta.x) >= abs(delta.y) ? delta.x : delta.y
        guard notch != 0 else { return false }
        interaction.wheel(notch > 0 ? 1 : -1, time: now)
        changed()
        return true
    }

    /// Lifting the fingers lets go with the swipe's velocity and the touchpad's deceleration.
    private func touchpadEnded() {
        guard let translation = scrollTranslation else { return }
        scrollTranslation = nil
        interaction.endDrag(translation: translation, time: now, deceleration: BrowseTuning.touchpadDeceleration)
        changed()
    }
}
