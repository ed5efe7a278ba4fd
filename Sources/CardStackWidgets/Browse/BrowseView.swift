// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import CGtk
import CardStackCore
import GtkSupport
import Translation

/// The Browse carousel: a strip of the deck's cards drawn with `GtkSnapshot`, only those in view, moved by
/// drag, touchpad, wheel and keys through the core's ``CarouselInteraction``.
///
/// A decided card wears its decision's stamp. The strip is one focusable widget whose accessible name says
/// the position and the centred card ("Dune, 12 of 340, Keep"), as the ARIA carousel pattern asks.
@MainActor
public final class BrowseView: CustomWidgetDelegate {
    /// Which cards the strip shows.
    public enum Filter: Hashable, Sendable {
        case all
        case undecided
        case decided(SwipeDirection)
        /// Photos without stars, reject or pick, from their sidecars or this cull.
        case unrated
        /// Photos with at least this many stars.
        case stars(Int)
        /// Photos with this colour label.
        case label(ColourLabel)
    }

    /// The registered widget class, CSS name `browse`.
    static let type = CustomWidgetType(name: "CardStackBrowseView", cssName: "browse", accessibleRole: GTK_ACCESSIBLE_ROLE_GROUP)

    /// The GTK widget; unowned, because the widget owns this object.
    public let widget: UnsafeMutablePointer<GtkWidget>
    /// The open deck and its decisions, shared with the other pages.
    public let session: DeckSession
    /// The strip's state and motion.
    public internal(set) var interaction: CarouselInteraction
    /// The cards the strip shows.
    public private(set) var filter: Filter = .all
    /// The words typed to find cards; the strip shows only the cards the filter keeps that hold them all.
    public private(set) var query = CardQuery("")
    /// Each card's text as a query reads it, folded once, the first time something is typed.
    private var searchableTexts: [String]?
    /// Called with a letter typed on the strip: the page starts finding cards with it.
    public var onTypeToFind: (@MainActor (String) -> Void)?
    /// Called for Esc on the strip while words are typed: the page stops finding, and every card shows again.
    public var onStopFinding: (@MainActor () -> Void)?

    /// Called when the centred card, the cards shown or their decisions change, and when motion stops.
    public var onUpdate: (@MainActor () -> Void)?
    /// Called for the digit keys 1–4: decide the centred card the way the page's n-th button does.
    public var onDecideKey: (@MainActor (Int) -> Void)?
    /// Called for the digit keys 0–9 on a photo deck, in place of ``onDecideKey``: rate the centred photo as
    /// darktable and Lightroom do (a digit never rejects a photo).
    public var onRateKey: (@MainActor (Int) -> Void)?
    /// Called with the centred card when it is clicked or tapped, or Enter is pressed: show its details.
    public var onActivateCard: (@MainActor (Int) -> Void)?

    let painter: CardPainter
    let signals = SignalGroup()
    /// The clock the strip moves by.
    private(set) lazy var clock = FrameDriver(widget: widget)
    /// The touchpad's finger travel while a two-finger swipe holds the strip.
    var scrollTranslation: Double?
    /// The two-finger touchpad swipe, ended when a drag begins.
    var touchpad: TouchpadSwipe?
    /// What the page and the screen reader were last told (``ShownReport``).
    var reportedShown: Shown?
    /// What an undo or a redo just did, said before the centred card's name until the strip moves, another step
    /// is made or the keyboard leaves: the name is given again as the card's face and stamp settle, and a
    /// screen reader that reads only the latest name must still hear it.
    var happened: String?
    /// The idle callback laying out the neighbours' faces ahead of need, while it runs.
    private var preparing: UInt32?

    /// What the accessible name and the page's controls show.
    struct Shown: Equatable {
        var card: Int?
        var item: Int?
        var count: Int
        var direction: SwipeDirection?
        var isAnimating: Bool
    }

    /// Creates the strip for `session`'s deck, centred on the deck's front card.
    public init(session: DeckSession) {
        self.session = session
        let front = session.progress.frontCardIndex ?? 0
        interaction = CarouselInteraction(items: session.listed(Array(session.deck.cards.indices)), viewSize: .zero, centredItem: front)
        widget = Self.type.instantiate()
        painter = CardPainter(widget: widget)
        CustomWidgetType.attach(self, to: widget)
        gtk_widget_set_focusable(widget, 1)
        gtk_widget_set_hexpand(widget, 1)
        gtk_widget_set_vexpand(widget, 1)
        gtk_widget_set_overflow(widget, GTK_OVERFLOW_HIDDEN)
        DisplaySettings.followStyle(painter, of: widget, with: signals)
        // A picture or marks bring text the card shows (a photo's day and size, its stars, why it can't be shown): say it too.
        painter.onShownTextChanged = { [weak self] in self?.updateAccessibleLabel() }
        painter.follow(session, observedAs: self)
        painter.onMarksArrived = { [weak self] _ in
            guard let self, filter.readsMarks else { return }
            interaction.setItems(items(for: filter), keeping: centredCard)
            changed()
        }
        DisplaySettings.followAnimations(with: signals) { [weak self] enabled in self?.interaction.animationsEnabled = enabled }
        installInputControllers()
        clock.onStop = { [weak self] in self?.reportIfShownChanged() }
        session.observe(as: self) { [weak self] change, _ in
            guard let self else { return }
            // What Undo took back is said before the centred card, while the strip has the keyboard.
            happened = switch change {
            case .undid(let step) where gtk_widget_has_focus(widget) != 0: UndoSpeech.undone(step, in: deck)
            case .redid(let step) where gtk_widget_has_focus(widget) != 0: UndoSpeech.redone(step, in: deck)
            default: nil
            }
            decisionsChanged(reordered: change == .reordered)
            // The strip shows the same card as before: renamed all the same, for the undo to be heard.
            if happened != nil { updateAccessibleLabel() }
        }
        // Said once: the name loses what the undo took back once the keyboard is elsewhere (renamed on idle, so
        // the change itself is not spoken).
        let focus = created(gtk_event_controller_focus_new())
        signals.connect(focus.raw, .void("leave")) { [weak self] in
            self?.happened = nil
            self?.renameWhenIdle()
        }
        gtk_widget_add_controller(widget, focus)
        reportIfShownChanged()
    }

    /// The deck on show.
    public var deck: Deck { session.deck }

    /// The deck card at the centre (or where the strip is heading).
    public var centredCard: Int? { interaction.restingCard }

    /// Whether the strip is held or still moving.
    public var isMoving: Bool { clock.isRunning || interaction.isDragging }

    /// The time input and animation share.
    var now: Microseconds { clock.now }

    private var frameTime: Microseconds { clock.frameTime }

    // MARK: Showing

    /// Shows only the cards `filter` keeps, keeping the centred card when it is among them.
    public func setFilter(_ filter: Filter) {
        self.filter = filter
        happened = nil
        interaction.setItems(items(for: filter), keeping: centredCard)
        changed()
    }

    /// Shows only the cards that hold every word of `query` (and that the filter keeps), keeping the centred card
    /// when it is among them.
    public func setQuery(_ query: CardQuery) {
        guard query != self.query else { return }
        self.query = query
        happened = nil
        interaction.setItems(items(for: filter), keeping: centredCard)
        Trace.log("browse: \(interaction.items.count) of \(deck.cards.count) found for \"\(query.words.joined(separator: " "))\"")
        changed()
    }

    /// Centres deck card `card`, at once: for opening the page on the Deck page's front card.
    public func centre(card: Int) {
        guard let item = interaction.items.firstIndex(of: card) else { return }
        happened = nil
        interaction.jump(to: item)
        changed()
    }

    /// Moves to item `item` of the strip with the settle spring.
    public func scroll(to item: Int, at time: Microseconds? = nil) {
        happened = nil
        interaction.scroll(to: item, at: time ?? now)
        changed()
    }

    /// Moves `delta` items from where the strip is heading.
    public func step(by delta: Int, at time: Microseconds? = nil) {
        happened = nil
        interaction.step(by: delta, at: time ?? now)
        changed()
    }

    private func items(for filter: Filter) -> [Int] {
        let progress = session.progress
        let cards: [Int] = switch filter {
        case .all: Array(deck.cards.indices)
        case .undecided: deck.cards.indices.filter { progress.isUpcoming($0) }
        case .decided(let direction): deck.cards.indices.filter { progress.direction(of: $0) == direction }
        case .unrated: deck.cards.indices.filter { session.shownMarks(of: $0)?.isUnrated ?? true }
        case .stars(let least): deck.cards.indices.filter { (session.shownMarks(of: $0)?.stars ?? 0) >= least }
        case .label(let label): deck.cards.indices.filter { session.shownMarks(of: $0)?.label == label }
        }
        return session.listed(found(among: cards))
    }

    /// The cards of `cards` that hold every word of the query.
    private func found(among cards: [Int]) -> [Int] {
        guard !query.isEmpty else { return cards }
        let texts = searchableTexts ?? deck.cards.map(CardQuery.searchableText(of:))
        searchableTexts = texts
        return cards.filter { query.matches(folded: texts[$0]) }
    }

    /// A step anywhere changes which cards a filter keeps and what the cards wear.
    private func decisionsChanged(reordered: Bool) {
        if filter != .all || !query.isEmpty || reordered {
            interaction.setItems(items(for: filter), keeping: centredCard)
        }
        changed()
    }

    /// Redraws, keeps the frame clock running while the strip moves, and tells observers what changed.
    func changed() {
        gtk_widget_queue_draw(widget)
        clock.follow(\.interaction, of: self) { view, isMoving in
            gtk_widget_queue_draw(view.widget)
            // The dots and the position follow the strip; at rest, the clock's end reports.
            if isMoving { view.reportIfShownChanged() }
        }
        reportIfShownChanged()
    }

    /// The centred card, where it is, how it is decided, and motion: what the name and the page's controls follow.
    var shown: Shown {
        let card = centredCard
        return Shown(card: card, item: interaction.restingItem, count: interaction.items.count,
                     direction: card.flatMap { session.progress.direction(of: $0) }, isAnimating: clock.isRunning)
    }

    /// "Dune, 12 of 340, Keep": the position goes into the name, since GTK 4.8 speaks no role description;
    /// after an undo or a redo, what it did first ("Undone: Dune, Read. "), until the strip moves.
    func updateAccessibleLabel() {
        let accessible = OpaquePointer(widget)
        let said = happened ?? ""
        guard let card = centredCard, let item = interaction.restingItem else {
            cs_accessible_set_label(accessible, said + tr("No cards to browse"))
            return
        }
        let decision = session.progress.direction(of: card).map { deck.label(for: $0) } ?? tr("Undecided")
        cs_accessible_set_label(accessible, said + String(format: tr("%1$@, %2$ld of %3$ld, %4$@"), painter.spokenName(of: card, in: deck), item + 1,
                                                          interaction.items.count, decision))
    }

    // MARK: - CustomWidgetDelegate

    /// The strip's smallest height in points: the filter, position row and buttons take the rest of a 294 pt
    /// window's page.
    static let minimumHeight: Int32 = 50

    public func measure(orientation: GtkOrientation, forSize: Int32) -> (minimum: Int32, natural: Int32) {
        // A 360 pt window fits a minimum card; the natural size shows a card and both neighbours.
        orientation == GTK_ORIENTATION_HORIZONTAL ? (Int32(BrowseTuning.minimumCardWidth), 900) : (BrowseView.minimumHeight, 600)
    }

    public func sizeAllocate(width: Int32, height: Int32, baseline: Int32) {
        let size = Size(width: Double(width), height: Double(height))
        guard size != interaction.viewSize else { return }
        interaction.viewSize = size
        painter.faces.removeAll()
    }

    public func snapshot(_ snapshot: OpaquePointer) {
        painter.beginFrame()
        let progress = session.progress
        let placements = interaction.frame(at: frameTime).map { placement in
            var worn = placement
            if let direction = progress.direction(of: placement.cardIndex) { worn.overlays = [direction: 1] }
            return worn
        }
        // Side by side, no card is on top: the one looked at is the card the strip rests on.
        painter.draw(placements, of: deck, in: snapshot, lookedAt: interaction.restingCard)
        if let item = interaction.restingItem {
            let ahead = interaction.items[min(interaction.items.count, item + 1)..<min(interaction.items.count, item + 4)]
            painter.images.prefetch(ahead.lazy.map { self.deck.cards[$0] }, size: interaction.strip.cardSize, isPhotoDeck: deck.isPhotoDeck)
        }
        if !isMoving { schedulePreparing() }
    }

    /// While the strip rests, lays out the faces of the cards a move or two away, one per idle turn, so moving
    /// only slides faces that already exist.
    private func schedulePreparing() {
        guard preparing == nil, interaction.strip.cardSize.width > 1 else { return }
        preparing = IdleCallback.add { [weak self] in
            guard let self, !isMoving, let item = interaction.restingItem else {
                self?.preparing = nil
                return false
            }
            let items = interaction.items
            let near = [item + 1, item - 1, item + 2, item - 2].filter { items.indices.contains($0) }
            if near.contains(where: { painter.prepareFace(items[$0], of: deck, size: interaction.strip.cardSize) }) { return true }
            preparing = nil
            return false
        }
    }

    public func keyPressed(keyval: UInt32, keycode: UInt32, modifiers: GdkModifierType) -> Bool {
        guard modifiers.isPlain else { return false }
        switch Int32(bitPattern: keyval) {
        case GDK_KEY_Left, GDK_KEY_KP_Left: step(by: -1)
        case GDK_KEY_Right, GDK_KEY_KP_Right: step(by: 1)
        case GDK_KEY_Home, GDK_KEY_KP_Home: step(by: .min)
        case GDK_KEY_End, GDK_KEY_KP_End: step(by: .max)
        case GDK_KEY_Page_Up, GDK_KEY_KP_Page_Up: step(by: -BrowseTuning.pageStep)
        case GDK_KEY_Page_Down, GDK_KEY_KP_Page_Down: step(by: BrowseTuning.pageStep)
        case GDK_KEY_Return, GDK_KEY_KP_Enter:
            guard let card = centredCard else { return false }
            onActivateCard?(card)
        case GDK_KEY_0...GDK_KEY_9 where deck.isPhotoDeck: onRateKey?(Int(Int32(bitPattern: keyval) - GDK_KEY_0))
        case GDK_KEY_KP_0...GDK_KEY_KP_9 where deck.isPhotoDeck: onRateKey?(Int(Int32(bitPattern: keyval) - GDK_KEY_KP_0))
        case GDK_KEY_1...GDK_KEY_4: onDecideKey?(Int(Int32(bitPattern: keyval) - GDK_KEY_1))
        case GDK_KEY_KP_1...GDK_KEY_KP_4: onDecideKey?(Int(Int32(bitPattern: keyval) - GDK_KEY_KP_1))
        case GDK_KEY_Escape where !query.isEmpty && onStopFinding != nil: onStopFinding?()
        default:
            // A letter starts finding cards; digits and other keys keep their meaning on the strip.
            let character = gdk_keyval_to_unicode(keyval)
            guard let onTypeToFind, let scalar = Unicode.Scalar(character), scalar.properties.isAlphabetic else { return false }
            onTypeToFind(String(Character(scalar)))
        }
        return true
    }

    public func dispose() {
        clock.stop()
        painter.onShownTextChanged = nil
        painter.onMarksArrived = nil
        touchpad?.stop()
        if let preparing { IdleCallback.remove(preparing) }
        preparing = nil
        signals.disconnectAll()
        painter.faces.removeAll()
        session.stopObserving(as: self)
        onUpdate = nil
        onDecideKey = nil
        onRateKey = nil
        onTypeToFind = nil
        onStopFinding = nil
        onActivateCard = nil
    }
}

extension BrowseView.Filter {
    /// Whether the filter keeps cards by their marks, which arrive from the sidecars after the deck opens.
    var readsMarks: Bool {
        switch self {
        case .unrated, .stars, .label: true
        case .all, .undecided, .decided: false
        }
    }
}

extension BrowseView: ShownReport {}
