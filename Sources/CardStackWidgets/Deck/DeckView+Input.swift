// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import CardStackCore
import GtkSupport

extension DeckView {
    /// Drag (mouse and touchscreen alike, one finger) and two-finger touchpad scrolling move the front card.
    func installInputControllers() {
        // The card a press grabbed, to open its details when the press turns out to be a tap.
        var pressed: Int?
        let drag = PageDrag.install(on: widget, with: signals, PageDrag.Handlers(
            began: { [weak self] start, time in
                guard let self else { return false }
                // A finger or the mouse takes the card from a touchpad swipe whose end never came.
                touchpad?.end(at: time)
                playsWhileHeld = false
                let front = interaction.progress.frontCardIndex
                let grabbed = beginDrag(start, at: time)
                pressed = grabbed ? front : nil
                return grabbed
            },
            moved: { [weak self] translation, time in self?.updateDrag(translation, at: time) },
            ended: { [weak self] translation, start, time in
                guard let self else { return }
                endDrag(translation, at: time)
                if playsWhileHeld {
                    stopPlayback()
                } else if let card = pressed, Tap.isTap(translation) {
                    tapped(card, at: start + translation, time: time)
                }
                pressed = nil
            },
            cancelled: { [weak self] time in
                guard let self else { return }
                pressed = nil
                interaction.cancelDrag(at: time)
                changed()
            }
        ))

        installLongPress(groupedWith: drag)

        let focus = created(gtk_event_controller_focus_new())
        signals.connect(focus.raw, .void("leave")) { [weak self] in self?.forgetWhatHappened() }
        gtk_widget_add_controller(widget, focus)

        // Where the pointer is over the deck, for Z to zoom there.
        let motion = created(gtk_event_controller_motion_new())
        signals.connect(motion.raw, .point("motion")) { [weak self] x, y in self?.pointer = Point(x: x, y: y) }
        signals.connect(motion.raw, .point("enter")) { [weak self] x, y in self?.pointer = Point(x: x, y: y) }
        signals.connect(motion.raw, .void("leave")) { [weak self] in self?.pointer = nil }
        gtk_widget_add_controller(widget, motion)

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
    public func beginDrag(_ point: Point, at time: Microseconds) -> Bool {
        guard interaction.beginDrag(point, at: time) else { return false }
        changed()
        return true
    }

    /// Moves the held card to `translation` from where the drag began.
    public func updateDrag(_ translation: Point, at time: Microseconds) {
        guard interaction.isDragging else { return }
        interaction.updateDrag(translation, at: time)
        changed()
    }

    /// Releases the held card: it flies off if a swipe is recognised, else springs back.
    public func endDrag(_ translation: Point, at time: Microseconds) {
        guard interaction.isDragging else { return }
        if let decision = interaction.endDrag(translation, at: time) {
            session.decide(decision)
        } else {
            changed()
        }
    }

    // MARK: Touchpad

    /// Touchpad scrolling starts with `scroll-begin`; a mouse wheel never does, so it never drags a card.
    private func touchpadBegan(at time: Microseconds) {
        guard beginDrag(interaction.layout.frontCenter, at: time) else { return }
        scrollTranslation = .zero
    }

    /// Moves the held card by one scroll event's worth of finger motion.
    private func touchpadMoved(by step: Point, at time: Microseconds) -> Bool {
        guard let translation = scrollTranslation, interaction.isDragging else { return false }
        let moved = translation + step
        scrollTranslation = moved
        updateDrag(moved, at: time)
        return true
    }

    /// Lifting the fingers releases the card with the velocity of the last 150 ms, so a flick swipes.
    private func touchpadEnded(at time: Microseconds) {
        guard let translation = scrollTranslation else { return }
        scrollTranslation = nil
        endDrag(translation, at: time)
    }
}
