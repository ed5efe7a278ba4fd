// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import CGtk
import CardStackCore
import GtkSupport
import Translation

/// One direction's pile: the cards decided that way, newest first, drawn as a lock-screen notification stack
/// that expands into a list with a staggered spring; a card swiped sideways goes back to the deck.
///
/// Only the cards in the scrolled view are measured and drawn, so a pile of 100,000 costs what a pile of ten
/// does. The widget's height follows the expansion, so whatever is below it moves smoothly.
@MainActor
public final class PileView: CustomWidgetDelegate {
    /// The registered widget class, CSS name `pile`.
    static let type = CustomWidgetType(name: "CardStackPileView", cssName: "pile", accessibleRole: GTK_ACCESSIBLE_ROLE_GROUP)

    /// The GTK widget; unowned, because the widget owns this object.
    public let widget: UnsafeMutablePointer<GtkWidget>
    /// The direction whose cards this pile holds.
    public let direction: SwipeDirection
    let session: DeckSession

    /// Called with a message for a toast, and whether it offers Undo.
    public var onToast: (@MainActor (_ message: String, _ undoable: Bool) -> Void)?
    /// Called with the deck card whose context menu just opened.
    public var onMenuOpened: (@MainActor (Int) -> Void)?
    /// Called when the pile expands or collapses.
    public var onExpandedChanged: (@MainActor (Bool) -> Void)?
    /// Called with a deck card to show its details: a click on a card of the open pile, Enter on the focused one,
    /// or Details in its menu.
    public var onActivateCard: (@MainActor (Int) -> Void)?

    let painter: CardPainter
    let signals = SignalGroup()
    /// The pile's cards and their motion.
    var interaction = PileInteraction()
    /// The clock the pile moves by.
    private(set) lazy var clock = FrameDriver(widget: widget)
    /// Measured heights by deck card, for the current width; every other card's height is a guess, cheap enough
    /// to make again (a dictionary of every card's guess cost more to fill than the guesses).
    private var measuredHeights: [Int: Double] = [:]
    private var measuringScheduled = false
    /// The idle callback laying out faces ahead of need, while it runs.
    private var preparing: UInt32?

    /// The card with the keyboard focus ring, by its place in the pile.
    var focusedItem: Int?
    /// The open context menu and the card it is about.
    var menu: (popover: UnsafeMutablePointer<GtkWidget>, card: Int)?
    /// The scrolling that closes the open menu: the adjustment and the handler watching it.
    var menuScrollWatch: (adjustment: ObjectReference<UnsafeMutablePointer<GtkAdjustment>>, handler: gulong)?

    /// Creates the pile of `direction` for `session`'s deck.
    public init(direction: SwipeDirection, session: DeckSession) {
        self.direction = direction
        self.session = session
        widget = Self.type.instantiate()
        painter = CardPainter(widget: widget)
        CustomWidgetType.attach(self, to: widget)
        gtk_widget_set_focusable(widget, 1)
        gtk_widget_set_hexpand(widget, 1)
        DisplaySettings.followStyle(painter, of: widget, with: signals)
        // A picture or marks bring text the card shows (a photo's day and size, its stars, why it can't be shown): say it too.
        painter.onShownTextChanged = { [weak self] in self?.updateAccessibility() }
        painter.follow(session, observedAs: self)
        DisplaySettings.followAnimations(with: signals) { [weak self] enabled in self?.interaction.animationsEnabled = enabled }
        if let settings = gtk_settings_get_default() {
            // Text of another size or font makes every measured height stale.
            for setting in ["notify::gtk-xft-dpi", "notify::gtk-font-name"] {
                signals.connect(settings.raw, .pointer(setting)) { [weak self] _ in
                    guard let self else { return }
                    resize(to: width)
                    changed(resize: true)
                }
            }
        }
        installInputControllers()
        installMenuActions()
        session.observe(as: self) { [weak self] _, _ in self?.reload() }
        reload()
    }

    /// The deck on show.
    var deck: Deck { session.deck }

    /// Whether the pile is expanded (or expanding).
    public var isExpanded: Bool { interaction.isExpanded }

    /// How many cards the pile holds.
    public var count: Int { cards.count }

    /// Deck card indices in the pile, newest first.
    var cards: [Int] { interaction.cards }

    /// The cards' heights and places.
    var layout: PileLayout { interaction.layout }

    /// The pile's width, in points.
    var width: Double { interaction.width }

    /// The time input and animation share.
    var now: Microseconds { clock.now }

    /// The time the frame being laid out or drawn is for.
    var frameTime: Microseconds { clock.frameTime }

    // MARK: Contents

    /// Takes the pile's cards from the shared progress, newest first; heights already known are kept.
    func reload() {
        let progress = session.progress
        // A plain loop over a local: a filter closure on `self` checked the main actor once a decision, which made
        // four piles of 100,000 decisions cost more than building the page.
        let direction = self.direction
        var newCards: [Int] = []
        for decision in progress.decisions.reversed() where decision.direction == direction {
            newCards.append(decision.cardIndex)
        }
        guard newCards != cards else { return }
        let focusedCard = focusedItem.flatMap { cards.indices.contains($0) ? cards[$0] : nil }
        let wasExpanded = isExpanded
        interaction.setCards(newCards, layout: layout(of: newCards), at: now)
        focusedItem = focusedCard.flatMap { cards.firstIndex(of: $0) } ?? (cards.isEmpty ? nil : focusedItem.map { min($0, cards.count - 1) })
        if wasExpanded, !isExpanded { onExpandedChanged?(false) }
        changed(resize: true)
    }

    /// The layout of `cards` at the current width, from the heights measured and estimates for the others.
    private func layout(of cards: [Int]) -> PileLayout {
        var heights: [Double] = []
        var measured: [Bool] = []
        heights.reserveCapacity(cards.count)
        measured.reserveCapacity(cards.count)
        let sizes = session.shownSizes
        let isPhotoDeck = deck.isPhotoDeck
        for card in cards {
            if !measuredHeights.isEmpty, let height = measuredHeights[card] {
                heights.append(height)
                measured.append(true)
            } else {
                heights.append(CardMeasure.estimatedHeight(of: sizes[card], width: width, bodyLines: PileTuning.bodyLines, isPhotoDeck: isPhotoDeck))
                measured.append(false)
            }
        }
        return PileLayout(heights: heights, measured: measured)
    }

    /// Measures the cards in `items` that are still estimates; returns how much the ones above `anchorTop`
    /// (pile coordinates) grew, which the scroll position must follow so what is on screen stays put.
    func measure(_ items: some Sequence<Int>, anchorTop: Double) -> Double {
        let measured = items.filter { !layout.isMeasured($0) }.map { item -> (index: Int, height: Double) in
            let card = deck.cards[cards[item]]
            let image = painter.images.image(for: card, size: Size(width: width, height: width), isPhotoDeck: deck.isPhotoDeck)
            let height = CardMeasure.height(of: card, width: width, image: image, bodyLines: PileTuning.bodyLines, isPhotoDeck: deck.isPhotoDeck, widget: widget)
            measuredHeights[cards[item]] = height
            return (item, height)
        }
        return interaction.layout.replaceEstimates(measured, anchor: anchorTop)
    }

    // MARK: Expanding

    /// Expands or collapses, cascading the cards on screen.
    public func setExpanded(_ expanded: Bool) {
        guard interaction.setExpanded(expanded, at: now, band: visibleBand()) else { return }
        if !expanded { focusedItem = cards.isEmpty ? nil : 0 }
        updateAccessibility()
        onExpandedChanged?(expanded)
        changed(resize: true)
    }

    // MARK: Animation

    /// Redraws (and re-measures the widget when its height may change), keeping the frame clock running while
    /// anything moves.
    func changed(resize: Bool = false) {
        if resize { gtk_widget_queue_resize(widget) } else { gtk_widget_queue_draw(widget) }
        updateAccessibility()
        clock.follow(\.interaction, of: self) { view, _ in gtk_widget_queue_resize(view.widget) }
    }

    // MARK: Geometry

    /// The part of the pile inside the scrolled window's view, in the pile's coordinates.
    func visibleBand() -> ClosedRange<Double> {
        let height = Double(gtk_widget_get_height(widget))
        guard let viewport = gtk_widget_get_ancestor(widget, gtk_viewport_get_type()) else { return 0...max(0, height) }
        var origin = graphene_point_t(x: 0, y: 0)
        var inViewport = graphene_point_t()
        guard gtk_widget_compute_point(widget, viewport, &origin, &inViewport) != 0 else { return 0...max(0, height) }
        let top = -Double(inViewport.y)
        return top...(top + Double(gtk_widget_get_height(viewport)))
    }

    /// Item `item`'s frame at `time`.
    func frame(of item: Int, at time: Microseconds) -> PileCardFrame {
        interaction.frame(of: item, at: time)
    }

    /// The card drawn at `point` (widget coordinates): in a collapsed pile the top one.
    func item(at point: Point) -> Int? {
        interaction.item(under: point, at: frameTime)
    }

    // MARK: CustomWidgetDelegate

    public func measure(orientation: GtkOrientation, forSize: Int32) -> (minimum: Int32, natural: Int32) {
        // Constant size: the height follows the width of the last allocation, a frame behind a resize.
        guard orientation == GTK_ORIENTATION_VERTICAL else { return (Int32(BrowseTuning.minimumCardWidth), Int32(PileTuning.maximumColumnWidth)) }
        let height = Int32(interaction.height(at: frameTime).rounded(.up))
        return (height, height)
    }

    public func sizeAllocate(width: Int32, height: Int32, baseline: Int32) {
        if Double(width) != self.width { resize(to: Double(width)) }
        if let menu { gtk_popover_present(menu.popover.cast()) }
    }

    func resize(to newWidth: Double) {
        interaction.width = newWidth
        measuredHeights.removeAll()
        painter.faces.removeAll()
        interaction.layout = layout(of: cards)
    }

    public func snapshot(_ snapshot: OpaquePointer) {
        painter.beginFrame()
        let time = frameTime
        let band = visibleBand()
        guard !cards.isEmpty || !interaction.leaving.isEmpty else {
            drawEmpty(in: snapshot)
            return
        }
        var items = Set(layout.expandedCards(between: band.lowerBound, and: band.upperBound))
        items.formUnion(0..<min(cards.count, PileTuning.stackedLevels))
        // Heights are measured before the next layout, never while drawing: a frame later the cards settle.
        if items.contains(where: { !layout.isMeasured($0) }) { scheduleMeasuring() }
        // Older cards first, so the newest is on top of a stack.
        for item in items.sorted(by: >) {
            var frame = frame(of: item, at: time)
            let sideways = interaction.sideways(of: item, at: time)
            frame.opacity *= sideways.opacity
            guard frame.opacity > 0.001, frame.top + frame.height >= band.lowerBound, frame.top <= band.upperBound else { continue }
            drawCard(cards[item], item: item, frame: frame, offset: sideways.offset, in: snapshot)
        }
        for ghost in interaction.leaving {
            var frame = ghost.frame
            frame.opacity *= ghost.swipe.opacity(at: time)
            drawCard(ghost.card, item: nil, frame: frame, offset: ghost.swipe.offset(at: time), in: snapshot)
        }
        drawCountBadge(at: time, in: snapshot)
        drawFocus(at: time, in: snapshot)
        if !interaction.isAnimating(at: time) { schedulePreparing() }
    }

    /// While nothing moves, measures and lays out, one card per idle turn, the cards the next expansion brings
    /// on screen, so the cascade's frames only move faces that already exist.
    private func schedulePreparing() {
        guard preparing == nil, width > 0, !cards.isEmpty else { return }
        preparing = IdleCallback.add { [weak self] in
            guard let self else { return false }
            guard !interaction.isAnimating(at: now), width > 0 else {
                preparing = nil
                return false
            }
            let band = visibleBand()
            let items = Array(layout.expandedCards(between: band.lowerBound, and: band.upperBound).prefix(PileTuning.preparedCards))
            if !isExpanded, let item = items.first(where: { !layout.isMeasured($0) }) {
                // Collapsed, only the top card's height shows: measuring the others moves nothing.
                _ = measure([item], anchorTop: 0)
                return true
            }
            let prepared = items.first { item in
                layout.isMeasured(item) && painter.prepareFace(cards[item], of: deck, size: Size(width: width, height: layout.heights[item]))
            }
            if prepared != nil { return true }
            preparing = nil
            return false
        }
    }

    public func keyPressed(keyval: UInt32, keycode: UInt32, modifiers: GdkModifierType) -> Bool {
        handleKey(keyval, modifiers: modifiers)
    }

    public func dispose() {
        clock.stop()
        painter.onShownTextChanged = nil
        if let preparing { IdleCallback.remove(preparing) }
        preparing = nil
        closeMenu()
        signals.disconnectAll()
        painter.faces.removeAll()
        session.stopObserving(as: self)
        onToast = nil
        onExpandedChanged = nil
        onMenuOpened = nil
        onActivateCard = nil
    }

    /// Measures the cards on screen that are still estimates in the next frame's update phase, before layout.
    private func scheduleMeasuring() {
        guard !measuringScheduled else { return }
        measuringScheduled = true
        TickCallback.add(to: widget) { [weak self] _, _ in
            guard let self else { return false }
            measuringScheduled = false
            let band = visibleBand()
            var items = Set(layout.expandedCards(between: band.lowerBound, and: band.upperBound))
            items.formUnion(0..<min(cards.count, PileTuning.stackedLevels))
            let grown = measure(items.sorted(), anchorTop: band.lowerBound)
            if grown != 0, isExpanded { anchorScroll(by: grown) }
            gtk_widget_queue_resize(widget)
            return false
        }
    }

    /// Keeps what is on screen in place when cards above it turned out taller or shorter than estimated.
    private func anchorScroll(by grown: Double) {
        guard let scrolled = gtk_widget_get_ancestor(widget, gtk_scrolled_window_get_type()),
              let adjustment = gtk_scrolled_window_get_vadjustment(OpaquePointer(scrolled)) else { return }
        gtk_adjustment_set_value(adjustment, gtk_adjustment_get_value(adjustment) + grown)
    }

    // MARK: Accessibility

    func updateAccessibility() {
        let label = deck.label(for: direction)
        let cardsText = String(format: trn("%ld card", "%ld cards", cards.count), cards.count)
        let state = cards.isEmpty ? "" : isExpanded ? tr(", expanded") : tr(", collapsed")
        cs_accessible_set_label(OpaquePointer(widget), "\(label), \(cardsText)\(state)")
        cs_accessible_set_expanded(OpaquePointer(widget), isExpanded ? 1 : 0)
        if let item = focusedItem, cards.indices.contains(item) {
            AccessibleDescription.set(widget, String(format: tr("%1$@, in %2$@"), painter.spokenName(of: cards[item], in: deck), label))
        } else {
            AccessibleDescription.set(widget, cards.isEmpty ? String(format: tr("Nothing is “%@” yet"), label) : "")
        }
    }
}
