// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import CardStackCore
import GtkSupport
import Translation

extension PileView {
    /// Travel in points before a drag's axis is decided (GTK's drag threshold).
    static let axisSlop = 8.0

    /// A click opens a collapsed pile; a sideways drag swipes a card (or a collapsed pile) back to the deck; a
    /// vertical one is left to the scrolled window. Right click and long press open a card's menu.
    func installInputControllers() {
        let click = created(gtk_gesture_click_new())
        gtk_gesture_single_set_button(click, UInt32(GDK_BUTTON_PRIMARY))
        signals.connect(click.raw, .press("released")) { [weak self] _, x, y in
            guard let self, interaction.held == nil else { return }
            gtk_widget_grab_focus(widget)
            if !isExpanded {
                setExpanded(true)
            } else if let item = item(at: Point(x: x, y: y)) {
                focusedItem = item
                changed()
                onActivateCard?(cards[item])
            }
        }
        gtk_widget_add_controller(widget, click)

        let secondary = created(gtk_gesture_click_new())
        gtk_gesture_single_set_button(secondary, UInt32(GDK_BUTTON_SECONDARY))
        signals.connect(secondary.raw, .press("pressed")) { [weak self] _, x, y in
            self?.openMenu(at: Point(x: x, y: y))
        }
        gtk_widget_add_controller(widget, secondary)

        let longPress = created(gtk_gesture_long_press_new())
        gtk_gesture_single_set_touch_only(longPress, 1)
        signals.connect(longPress.raw, .point("pressed")) { [weak self] x, y in
            self?.openMenu(at: Point(x: x, y: y))
        }
        gtk_widget_add_controller(widget, longPress)

        // The focus ring is drawn by the pile, so it is drawn again when the focus comes or goes.
        let focus = created(gtk_event_controller_focus_new())
        signals.connect(focus.raw, .void("enter")) { [weak self] in self.map { gtk_widget_queue_draw($0.widget) } }
        signals.connect(focus.raw, .void("leave")) { [weak self] in self.map { gtk_widget_queue_draw($0.widget) } }
        gtk_widget_add_controller(widget, focus)

        let drag = created(gtk_gesture_drag_new())
        gtk_gesture_single_set_button(drag, UInt32(GDK_BUTTON_PRIMARY))
        signals.connect(drag.raw, .point("drag-update")) { [weak self] dx, dy in
            guard let self else { return }
            var startX = 0.0
            var startY = 0.0
            gtk_gesture_drag_get_start_point(drag, &startX, &startY)
            dragMoved(Point(x: dx, y: dy), from: Point(x: startX, y: startY), gesture: drag, time: GestureClock.time(of: drag))
        }
        signals.connect(drag.raw, .point("drag-end")) { [weak self] dx, _ in
            self?.endDrag(dx, at: GestureClock.time(of: drag))
        }
        signals.connect(drag.raw, .pointer("cancel")) { [weak self] _ in
            self?.cancelDrag(at: GestureClock.time(of: drag))
        }
        gtk_widget_add_controller(widget, drag)
    }

    private func dragMoved(_ translation: Point, from start: Point, gesture: OpaquePointer, time: Microseconds) {
        if interaction.isHolding {
            updateDrag(translation.x, at: time)
            return
        }
        guard abs(translation.x) > Self.axisSlop || abs(translation.y) > Self.axisSlop else { return }
        guard PileSwipe.isSideways(translation) == true, let item = item(at: start), beginDrag(item, at: time) else {
            // Vertical: the scrolled window scrolls.
            gtk_gesture_set_state(gesture, GTK_EVENT_SEQUENCE_DENIED)
            return
        }
        gtk_gesture_set_state(gesture, GTK_EVENT_SEQUENCE_CLAIMED)
        updateDrag(translation.x, at: time)
    }

    // MARK: Entry points

    /// Holds item `item` (or, collapsed, the whole pile) sideways; false when there is no such card or a swipe
    /// is going on. The gestures call these with the event's time, the benchmark with synthetic times.
    @discardableResult
    public func beginDrag(_ item: Int, at time: Microseconds) -> Bool {
        guard interaction.beginDrag(item, at: time) else { return false }
        changed()
        return true
    }

    /// Moves the held card to `translation` points sideways.
    public func updateDrag(_ translation: Double, at time: Microseconds) {
        interaction.updateDrag(translation, at: time)
        changed()
    }

    /// Lets go of a swiped card without a decision (the system took the pointer away): it springs back from where
    /// it is, however fast it was moving.
    public func cancelDrag(at time: Microseconds) {
        interaction.cancelDrag(at: time)
        changed()
    }

    /// Lets go of a swiped card: it leaves, as one step that returns it (or the whole collapsed pile) to the
    /// deck, or it springs back.
    public func endDrag(_ translation: Double, at time: Microseconds) {
        switch interaction.endDrag(translation, at: time) {
        case .springsBack: changed()
        case .returnsCard(_, let item, let flight): returnCard(at: item, flying: flight, at: time)
        case .returnsAll(let flight): returnAll(flying: flight, at: time)
        }
    }

    // MARK: Steps

    /// Returns item `item`'s card to the deck as its next card; it flies off with `flying` when swiped, and
    /// the cards below close the gap with the spring.
    func returnCard(at item: Int, flying: PileSwipe? = nil, at time: Microseconds) {
        guard cards.indices.contains(item) else { return }
        let card = cards[item]
        let frame = frame(of: item, at: time)
        guard session.perform({ $0.returnToDeck(card) }) != nil else { return }
        interaction.cardLeft(card, from: frame, item: item, flying: flying, at: time)
        onToast?(String(format: tr("“%@” is back in the deck"), deck.cards[card].shownTitle), true)
        changed(resize: true)
    }

    /// Returns every card of the pile to the deck, as one step.
    func returnAll(flying: PileSwipe? = nil, at time: Microseconds) {
        let stacked = interaction.stackFrames(at: time)
        let returned = session.returnAll(direction)
        guard returned > 0 else { return }
        if let flying { interaction.pileLeft(stacked, flying: flying) }
        onToast?(String(format: trn("%ld card is back in the deck", "%ld cards are back in the deck", returned), returned), true)
        changed(resize: true)
    }

    // MARK: Keys

    func handleKey(_ keyval: UInt32, modifiers: GdkModifierType) -> Bool {
        let shift = modifiers.rawValue & GDK_SHIFT_MASK.rawValue != 0
        let other = modifiers.rawValue & (GDK_CONTROL_MASK.rawValue | GDK_ALT_MASK.rawValue) != 0
        guard !other else { return false }
        switch Int32(bitPattern: keyval) {
        case GDK_KEY_Return, GDK_KEY_KP_Enter, GDK_KEY_space:
            guard !shift, !cards.isEmpty else { return false }
            // Enter on a card of an open pile shows its details; otherwise Enter and Space open or close the pile.
            if isExpanded, Int32(bitPattern: keyval) != GDK_KEY_space, let item = focusedItem, cards.indices.contains(item) {
                onActivateCard?(cards[item])
            } else {
                setExpanded(!isExpanded)
            }
        case GDK_KEY_Escape:
            guard isExpanded else { return false }
            setExpanded(false)
        case GDK_KEY_Up, GDK_KEY_KP_Up:
            return moveFocus(by: -1)
        case GDK_KEY_Down, GDK_KEY_KP_Down:
            return moveFocus(by: 1)
        case GDK_KEY_Delete, GDK_KEY_KP_Delete, GDK_KEY_BackSpace:
            guard let item = focusedItem ?? (cards.isEmpty ? nil : 0) else { return false }
            if isExpanded { returnCard(at: item, at: now) } else { returnAll(at: now) }
        case GDK_KEY_Menu:
            openMenuForFocusedCard()
        case GDK_KEY_F10 where shift:
            openMenuForFocusedCard()
        default:
            return false
        }
        return true
    }

    /// Moves the focus ring to the previous or next card of an expanded pile and scrolls it into view; false
    /// at either end, so Up and Down go on to the widgets around.
    private func moveFocus(by delta: Int) -> Bool {
        guard isExpanded, !cards.isEmpty else { return false }
        let target = (focusedItem ?? (delta > 0 ? -1 : cards.count)) + delta
        guard cards.indices.contains(target) else { return false }
        focusedItem = target
        scrollIntoView(target)
        changed()
        return true
    }

    /// Scrolls the enclosing scrolled window so item `item`'s card is wholly in view.
    private func scrollIntoView(_ item: Int) {
        guard let scrolled = gtk_widget_get_ancestor(widget, gtk_scrolled_window_get_type()),
              let adjustment = gtk_scrolled_window_get_vadjustment(OpaquePointer(scrolled)) else { return }
        let band = visibleBand()
        let top = layout.expandedTop(of: item)
        let bottom = top + layout.heights[item]
        let value = gtk_adjustment_get_value(adjustment)
        if top < band.lowerBound {
            gtk_adjustment_set_value(adjustment, value - (band.lowerBound - top) - PileTuning.expandedGap)
        } else if bottom > band.upperBound {
            gtk_adjustment_set_value(adjustment, value + (bottom - band.upperBound) + PileTuning.expandedGap)
        }
    }
}
