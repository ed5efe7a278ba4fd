// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import CardStackCore
import GtkSupport

extension BrowseView {
    /// Drag (mouse and touchscreen), two-finger touchpad swipes and the mouse wheel move the strip.
    func installInputControllers() {
        PageDrag.install(on: widget, with: signals, PageDrag.Handlers(
            began: { [weak self] _, time in
                guard let self else { return false }
                // A finger or the mouse takes the strip from a touchpad swipe whose end never came.
                touchpad?.end(at: time)
                return beginDrag(at: time)
            },
            moved: { [weak self] translation, time in self?.updateDrag(translation.x, at: time) },
            ended: { [weak self] translation, start, time in self?.dragEnded(translation: translation, start: start, time: time) },
            cancelled: { [weak self] time in
                guard let self else { return }
                interaction.cancelDrag(at: time)
                changed()
            }
        ))

        touchpad = TouchpadSwipe(
            on: widget, with: signals,
            began: { [weak self] time in self?.touchpadBegan(at: time) },
            moved: { [weak self] delta, unit, time in self?.scrolled(by: delta, unit: unit, at: time) ?? false },
            ended: { [weak self] time in self?.touchpadEnded(at: time) }
        )
    }

    /// A release after little travel is a click: a peeking card comes to the centre, the centred one opens its
    /// details. Otherwise the strip settles where the snap rule says.
    private func dragEnded(translation: Point, start: Point, time: Microseconds) {
        if Tap.isTap(translation), let tapped = interaction.item(under: start, at: time) {
            interaction.cancelDrag(at: time)
            if tapped != interaction.restingItem {
                interaction.scroll(to: tapped, at: time)
            } else if let card = centredCard {
                onActivateCard?(card)
            }
            changed()
        } else {
            endDrag(translation.x, at: time)
        }
    }

    // MARK: Entry points

    /// Grabs the strip; the gestures call these with the event's time, the benchmark with synthetic times.
    @discardableResult
    public func beginDrag(at time: Microseconds) -> Bool {
        happened = nil
        let grabbed = interaction.beginDrag(at: time)
        changed()
        return grabbed
    }

    /// Moves the held strip to `translation` points from where the drag began (positive to the right).
    public func updateDrag(_ translation: Double, at time: Microseconds) {
        interaction.updateDrag(translation, at: time)
        changed()
    }

    /// Lets go of the strip, which settles on the card the snap rule picks.
    public func endDrag(_ translation: Double, at time: Microseconds) {
        interaction.endDrag(translation, at: time)
        changed()
    }

    // MARK: Touchpad and wheel

    /// Only a touchpad sends `scroll-begin`: its two-finger swipe holds the strip until the fingers lift.
    private func touchpadBegan(at time: Microseconds) {
        guard interaction.beginDrag(at: time) else { return }
        happened = nil
        scrollTranslation = 0
        changed()
    }

    /// Touchpad deltas move the held strip 1:1; a wheel notch (vertical, horizontal or with Shift) moves one
    /// card, with AdwCarousel's cooldown.
    private func scrolled(by delta: Point, unit: TouchpadScroll.Unit, at time: Microseconds) -> Bool {
        if let translation = scrollTranslation, interaction.isDragging {
            let moved = translation + TouchpadScroll.translation(forDelta: Point(x: delta.x, y: 0), unit: unit).x
            scrollTranslation = moved
            interaction.updateDrag(moved, at: time)
            changed()
            return true
        }
        let notch = abs(delta.x) >= abs(delta.y) ? delta.x : delta.y
        guard notch != 0 else { return false }
        happened = nil
        interaction.wheel(notch > 0 ? 1 : -1, at: time)
        changed()
        return true
    }

    /// Lifting the fingers lets go with the swipe's velocity and the touchpad's deceleration.
    private func touchpadEnded(at time: Microseconds) {
        guard let translation = scrollTranslation else { return }
        scrollTranslation = nil
        interaction.endDrag(translation, at: time, velocity: nil, deceleration: BrowseTuning.touchpadDeceleration)
        changed()
    }
}
