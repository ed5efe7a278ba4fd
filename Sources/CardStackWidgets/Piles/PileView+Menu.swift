// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import CardStackCore
import GtkSupport
import Translation

extension PileView {
    /// The `pile.move` (target: a direction's name), `pile.return` and `pile.details` actions the context menu runs on its card.
    func installMenuActions() {
        let group = ObjectReference(adopting: OpaquePointer(created(g_simple_action_group_new())))
        _ = signals.addAction("move", to: group.pointer, parameterType: cs_variant_type_string()) { [weak self] parameter in
            guard let self, let parameter, let menuCard = menu?.card,
                  let name = String(borrowingGLibString: g_variant_get_string(OpaquePointer(parameter), nil)),
                  let target = SwipeDirection(rawValue: name) else { return }
            // The menu pops itself down; it is unparented once it has closed.
            move(menuCard, to: target)
        }
        _ = signals.addAction("details", to: group.pointer) { [weak self] _ in
            guard let self, let menuCard = menu?.card else { return }
            onActivateCard?(menuCard)
        }
        _ = signals.addAction("return", to: group.pointer) { [weak self] _ in
            guard let self, let menuCard = menu?.card else { return }
            if let item = cards.firstIndex(of: menuCard) { returnCard(at: item, at: now) }
        }
        gtk_widget_insert_action_group(widget, "pile", group.pointer)
    }

    /// Moves `card` to the `target` pile, as one step with an Undo toast.
    private func move(_ card: Int, to target: SwipeDirection) {
        guard session.perform({ $0.move(card, to: target) }) != nil else { return }
        onToast?(String(format: tr("“%1$@” moved to “%2$@”"), deck.cards[card].shownTitle, deck.label(for: target)), true)
    }

    /// The menu of the card under `point`: Move to each other direction, Return to Deck, Details.
    func openMenu(at point: Point) {
        guard let item = item(at: point) else { return }
        showMenu(for: cards[item], pointingAt: Rect(x: point.x, y: point.y, width: 1, height: 1))
    }

    /// The focused card's menu, pointing at the card (Menu key, Shift+F10).
    func openMenuForFocusedCard() {
        guard !cards.isEmpty else { return }
        let item = isExpanded ? (focusedItem ?? 0) : 0
        let rect = frame(of: item, at: frameTime).rect
        showMenu(for: cards[item], pointingAt: Rect(x: rect.origin.x + 24, y: rect.origin.y + 24, width: 1, height: 1))
    }

    private func showMenu(for card: Int, pointingAt rect: Rect) {
        closeMenu()
        let model = ObjectReference(adopting: created(g_menu_new()))
        let moves = ObjectReference(adopting: created(g_menu_new()))
        for target in SwipeDirection.allCases where target != direction && deck.allowedDirections.contains(target) {
            let item = ObjectReference(adopting: created(g_menu_item_new(deck.label(for: target), nil)))
            g_menu_item_set_action_and_target_value(item.pointer, "pile.move", g_variant_new_string(target.rawValue))
            g_menu_append_item(moves.pointer, item.pointer)
        }
        g_menu_append_submenu(model.pointer, tr("_Move to"), moves.pointer.cast())
        g_menu_append(model.pointer, tr("_Return to Deck"), "pile.return")
        g_menu_append(model.pointer, tr("_Details"), "pile.details")
        let popover = created(gtk_popover_menu_new_from_model(model.pointer.cast()))
        gtk_widget_set_parent(popover, widget)
        let anchor = pointInWindow(Point(x: rect.origin.x, y: rect.origin.y))
        var pointing = GdkRectangle(x: Int32(anchor.x), y: Int32(anchor.y), width: 1, height: 1)
        gtk_popover_set_pointing_to(popover.cast(), &pointing)
        gtk_popover_set_has_arrow(popover.cast(), 0)
        signals.connect(popover.raw, .void("closed")) { [weak self] in
            // Unparented after the closing, outside the signal that is still using it.
            self?.scheduleMenuRemoval()
        }
        // GTK 4.8 presents an open menu again whenever the page is laid out, and one whose card has scrolled out
        // of sight is placed by asking for the geometry of no monitor (a critical error): the menu closes when
        // its pile scrolls, as its card leaves where it pointed.
        if let scrolled = gtk_widget_get_ancestor(widget, gtk_scrolled_window_get_type()),
           let adjustment = gtk_scrolled_window_get_vadjustment(OpaquePointer(scrolled)) {
            let opened = gtk_adjustment_get_value(adjustment)
            let handler = signals.connect(UnsafeMutableRawPointer(adjustment), .void("value-changed")) { [weak self] in
                guard let self, let open = menu, open.popover == popover,
                      abs(gtk_adjustment_get_value(adjustment) - opened) >= 1 else { return }
                gtk_popover_popdown(popover.cast())
            }
            menuScrollWatch = (ObjectReference(retaining: adjustment), handler)
        }
        menu = (popover, card)
        gtk_popover_popup(popover.cast())
        onMenuOpened?(card)
    }

    /// `point`, or the nearest point to it inside the window: the focused card may be out of sight (keys move
    /// faster than the scrolling), and GTK 4.8 places a menu anchored off every monitor by asking for the
    /// geometry of no monitor (a critical error).
    private func pointInWindow(_ point: Point) -> Point {
        guard let root = gtk_widget_get_root(widget) else { return point }
        let window = UnsafeMutablePointer<GtkWidget>(root)
        var inPile = graphene_point_t(x: Float(point.x), y: Float(point.y))
        var inWindow = graphene_point_t()
        guard gtk_widget_compute_point(widget, window, &inPile, &inWindow) != 0 else { return point }
        var clamped = graphene_point_t(
            x: min(max(inWindow.x, 1), Float(gtk_widget_get_width(window)) - 1),
            y: min(max(inWindow.y, 1), Float(gtk_widget_get_height(window)) - 1)
        )
        var back = graphene_point_t()
        guard gtk_widget_compute_point(window, widget, &clamped, &back) != 0 else { return point }
        return Point(x: Double(back.x), y: Double(back.y))
    }

    private func scheduleMenuRemoval() {
        TickCallback.add(to: widget) { [weak self] _, _ in
            self?.closeMenu()
            return false
        }
    }

    /// Pops the menu down and forgets it.
    func closeMenu() {
        guard let open = menu else { return }
        menu = nil
        if let watch = menuScrollWatch, g_signal_handler_is_connected(watch.adjustment.pointer.raw, watch.handler) != 0 {
            g_signal_handler_disconnect(watch.adjustment.pointer.raw, watch.handler)
        }
        menuScrollWatch = nil
        // Hidden before it is unparented: GTK 4.8 lets go of a popover's grab only when the popover is hidden,
        // so one unparented while shown would keep the grab, and with it every key of the window, for good.
        gtk_popover_popdown(open.popover.cast())
        gtk_widget_unparent(open.popover)
    }
}
