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
        signals.connect(drag.raw, .point("drag-begin")) { [weak self] x, y in
            self?.dragBegan(at: Point(x: x, y: y), gesture: drag)
        }
        signals.connect(drag.raw, .point("drag-update")) { [weak self] dx, dy in
            self?.dragMoved(by: Point(x: dx, y: dy))
        }
        signals.connect(drag.raw, .point("drag-end")) { [weak self] dx, dy in
            self?.dragEnded(at: Point(x: dx, y: dy))
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
            moved: { [weak self] delta, unit in self?.touchpadMoved(by: TouchpadScroll.translation(forDelta: delta, unit: unit)) ?? false },
            ended: { [weak self] in self?.touchpadEnded() }
        )
    }

    private func dragBegan(at point: Point, gesture: OpaquePointer) {
        gtk_widget_grab_focus(widget)
        let grabbed = beginDrag(at: point, time: now)
        gtk_gesture_set_state(gesture, grabbed ? GTK_EVENT_SEQUENCE_CLAIMED : GTK_EVENT_SEQUENCE_DENIED)
    }

    private func dragMoved(by translation: Point) {
        updateDrag(translation: translation, time: now)
    }

    private func dragEnded(at translation: Point) {
        endDrag(translation: translation, time: now)
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
    private func touchpadBegan() {
        guard beginDrag(at: interaction.layout.frontCenter, time: now) else { return }
        scrollTranslation = .zero
    }

    /// Moves the held card by one scroll event's worth of finger motion.
    private func touchpadMoved(by step: Point) -> Bool {
        guard let translation = scrollTranslation, interaction.isDragging else { return false }
        let moved = translation + step
        scrollTranslation = moved
        updateDrag(translation: moved, time: now)
        return true
    }

    /// Lifting the fingers releases the card with the velocity of the last 150 ms, so a flick swipes.
    private func touchpadEnded() {
        guard let translation = scrollTranslation else { return }
        scrollTranslation = nil
        endDrag(translation: translation, time: now)
    }
}
