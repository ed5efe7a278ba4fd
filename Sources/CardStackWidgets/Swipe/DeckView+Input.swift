// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import CardStackCore
import GtkSupport

extension DeckView {
    /// Drag (mouse and touchscreen alike, one finger) and two-finger touchpad scrolling move the front card.
    func installInputControllers() {
        let drag = created(gtk_gesture_drag_new())
        // A single-point gesture: a second finger on a touchscreen does not start another drag.
        gtk_gesture_single_set_button(drag, UInt32(GDK_BUTTON_PRIMARY))
        let clock = GestureClock()
        // The card a press grabbed, to open its details when the press turns out to be a tap.
        var pressed: Int?
        signals.connect(drag.raw, .point("drag-begin")) { [weak self] x, y in
            guard let self else { return }
            gtk_widget_grab_focus(widget)
            let time = clock.begin(drag)
            // A finger or the mouse takes the card from a touchpad swipe whose end never came.
            touchpad?.end(at: time)
            let front = interaction.progress.frontCardIndex
            let grabbed = beginDrag(at: Point(x: x, y: y), time: time)
            pressed = grabbed ? front : nil
            gtk_gesture_set_state(drag, grabbed ? GTK_EVENT_SEQUENCE_CLAIMED : GTK_EVENT_SEQUENCE_DENIED)
        }
        signals.connect(drag.raw, .point("drag-update")) { [weak self] dx, dy in
            self?.updateDrag(translation: Point(x: dx, y: dy), time: clock.time(of: drag))
        }
        signals.connect(drag.raw, .point("drag-end")) { [weak self] dx, dy in
            guard let self else { return }
            let translation = Point(x: dx, y: dy)
            endDrag(translation: translation, time: clock.time(of: drag))
            if let card = pressed, Tap.isTap(translation) { onActivateCard?(card) }
            pressed = nil
        }
        signals.connect(drag.raw, .pointer("cancel")) { [weak self] _ in
            guard let self else { return }
            pressed = nil
            interaction.cancelDrag(time: clock.time(of: drag))
            changed()
        }
        gtk_widget_add_controller(widget, drag)

        touchpad = TouchpadSwipe(
            on: widget, with: signals,
            began: { [weak self] time in self?.touchpadBegan(at: time) },
            moved: { [weak self] delta, unit, time in
                self?.touchpadMoved(by: TouchpadScroll.translation(forDelta: delta, unit: unit), at: time) ?? false
            },
            ended: { [weak self] time in self?.touchpadEnded(at: time) }
        )
    }

    // MARK: Entry points

    /// Grabs the front card at `point` (widget coordinates); false if the point is not on it.
    ///
    /// The gestures call these with the event's time; the benchmark calls them with synthetic times.
    @discardableResult
    public func beginDrag(at point: Point, time: Microseconds) -> Bool {
        guard interaction.beginDrag(at: point, time: time) else { return false }
        changed()
        return true
    }

    /// Moves the held card to `translation` from where the drag began.
    public func updateDrag(translation: Point, time: Microseconds) {
        guard interaction.isDragging else { return }
        interaction.updateDrag(translation: translation, time: time)
        changed()
    }

    /// Releases the held card: it flies off if a swipe is recognised, else springs back.
    public func endDrag(translation: Point, time: Microseconds) {
        guard interaction.isDragging else { return }
        if let decision = interaction.endDrag(translation: translation, time: time) {
            report(.did(.decide(decision)))
        } else {
            changed()
        }
    }

    // MARK: Touchpad

    /// Touchpad scrolling starts with `scroll-begin`; a mouse wheel never does, so it never drags a card.
    private func touchpadBegan(at time: Microseconds) {
        guard beginDrag(at: interaction.layout.frontCenter, time: time) else { return }
        scrollTranslation = .zero
    }

    /// Moves the held card by one scroll event's worth of finger motion.
    private func touchpadMoved(by step: Point, at time: Microseconds) -> Bool {
        guard let translation = scrollTranslation, interaction.isDragging else { return false }
        let moved = translation + step
        scrollTranslation = moved
        updateDrag(translation: moved, time: time)
        return true
    }

    /// Lifting the fingers releases the card with the velocity of the last 150 ms, so a flick swipes.
    private func touchpadEnded(at time: Microseconds) {
        guard let translation = scrollTranslation else { return }
        scrollTranslation = nil
        endDrag(translation: translation, time: time)
    }
}
