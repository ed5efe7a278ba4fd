// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import CGtk
import CardStackCore
import Foundation
import GtkSupport
import Translation

/// The Browse page: a filter, a bar that finds cards by the words typed, the carousel of the deck's cards, where
/// it is (dots, or "12 of 340" and a scrubber), and one button per direction that decides the centred card.
///
/// Deciding here is a step of the shared history like any swipe: it reaches the store, the Deck page and the
/// Undo toast at once.
@MainActor
public final class BrowsePage {
    /// The page's root widget.
    public let widget: UnsafeMutablePointer<GtkWidget>
    /// The carousel.
    public let browseView: BrowseView
    /// The card in the middle of the strip, if any.
    public var centredCard: Int? { browseView.centredCard }

    /// Called with the deck card the strip comes to rest on, each time it rests on another.
    public var onRest: (@MainActor (Int) -> Void)?
    /// Called with the centred card when the user asks for its details.
    public var onShowDetails: (@MainActor (Int) -> Void)? {
        didSet { browseView.onActivateCard = onShowDetails }
    }
    /// Called with a message for a toast, and whether the toast offers Undo.
    public var onToast: (@MainActor (_ message: String, _ undoable: Bool) -> Void)?
    /// Whether a rating key moves on to the next photo (a Preferences switch).
    public var movesOnAfterRating = false

    private let session: DeckSession
    private let signals = SignalGroup()
    /// The directions the buttons decide, in their order; the digit keys follow it.
    private let directions: [SwipeDirection]
    private let filters: [BrowseView.Filter]
    private let filterMenu: UnsafeMutablePointer<GtkWidget>
    private let findBar = BrowseFindBar()
    private let content: OpaquePointer
    private let emptyPage: OpaquePointer
    private let positionStack: OpaquePointer
    private let dots = CarouselDots()
    private let positionLabel: UnsafeMutablePointer<GtkWidget>
    private let scrubber: UnsafeMutablePointer<GtkWidget>
    private var buttons: [UnsafeMutablePointer<GtkWidget>] = []
    /// Set while the page moves the scrubber itself, so its `value-changed` doesn't move the strip back.
    private var isUpdatingScrubber = false
    /// The card `onRest` last named.
    private var restedCard: Int?

    /// Builds the page for `session`'s deck.
    public init(session: DeckSession) {
        self.session = session
        let deck = session.deck
        directions = SwipeDirection.allCases.filter { deck.allowedDirections.contains($0) }
        // Photos can be told by what their sidecars said before this cull.
        let photoFilters: [BrowseView.Filter] = [.unrated] + (1...5).map { .stars($0) } + ColourLabel.allCases.map { .label($0) }
        filters = [.all, .undecided] + directions.map { .decided($0) } + (deck.isPhotoDeck ? photoFilters : [])
        browseView = BrowseView(session: session)
        widget = created(gtk_box_new(GTK_ORIENTATION_VERTICAL, 0))

        let photoNames = [tr("Unrated")] + (1...5).map { String(repeating: "★", count: $0) + ($0 < 5 ? " " + tr("or more") : "") }
            + ColourLabel.allCases.map { String(format: tr("%@ label"), $0.name) }
        let names = [tr("All Cards"), tr("Undecided")] + directions.map { deck.label(for: $0) } + (deck.isPhotoDeck ? photoNames : [])
        let model = created(gtk_string_list_new(nil))
        for name in names { gtk_string_list_append(model, name) }
        filterMenu = created(gtk_drop_down_new(model, nil))
        gtk_widget_set_halign(filterMenu, GTK_ALIGN_CENTER)
        gtk_widget_add_css_class(filterMenu, "browse-filter")
        gtk_widget_set_tooltip_text(filterMenu, tr("Which cards to show"))
        cs_accessible_set_label(OpaquePointer(filterMenu), tr("Show"))

        content = OpaquePointer(created(gtk_stack_new()))
        emptyPage = OpaquePointer(created(adw_status_page_new()))
        positionStack = OpaquePointer(created(gtk_stack_new()))
        positionLabel = created(gtk_label_new(nil))
        scrubber = created(gtk_scale_new_with_range(GTK_ORIENTATION_HORIZONTAL, 1, 2, 1))

        nameStackPage(gtk_stack_add_named(content, browseView.widget, "strip"), tr("Browse"))
        adw_status_page_set_icon_name(emptyPage, "edit-find-symbolic")
        gtk_stack_add_named(content, UnsafeMutablePointer(emptyPage), "empty")
        gtk_widget_set_vexpand(UnsafeMutablePointer(content), 1)

        gtk_box_append(widget.cast(), filterMenu)
        gtk_box_append(widget.cast(), findBar.widget)
        gtk_box_append(widget.cast(), UnsafeMutablePointer(content))
        gtk_box_append(widget.cast(), positionRow())
        gtk_box_append(widget.cast(), controls())

        signals.connect(filterMenu.raw, .pointer("notify::selected")) { [weak self] _ in
            self?.filterChanged()
            self?.nameFilterButton()
        }
        signals.connect(filterMenu.raw, .void("map")) { [weak self] in self?.nameFilterButton() }
        signals.connect(scrubber.raw, .void("value-changed")) { [weak self] in self?.scrubbed() }
        dots.onSelect = { [weak self] index in self?.browseView.scroll(to: index) }
        browseView.onUpdate = { [weak self] in self?.update() }
        browseView.onTypeToFind = { [weak self] letter in self?.findBar.open(typing: letter) }
        browseView.onStopFinding = { [weak self] in self?.findBar.close() }
        findBar.onQuery = { [weak self] query in
            self?.browseView.setQuery(query)
            self?.update()
        }
        findBar.onClose = { [weak self] in self?.focusStrip() }
        findBar.onActivate = { [weak self] in self?.focusStrip() }
        browseView.onRateKey = { [weak self] digit in
            guard let self, let card = browseView.centredCard else { return }
            let rated = session.rate(card, digit: digit) != nil
            if movesOnAfterRating { browseView.step(by: 1) }
            guard rated else { return }
            // As a decision here is: the toast says what changed, with its Undo.
            onToast?(String(format: tr("“%1$@”: %2$@"), session.deck.cards[card].shownTitle, session.progress.rating(of: card).text), true)
        }
        browseView.onDecideKey = { [weak self] index in
            guard let self, directions.indices.contains(index) else { return }
            decide(directions[index])
        }
        update()
    }

    /// Centres the Deck page's front card, as the page opens.
    public func showFrontCard() {
        if let front = session.progress.frontCardIndex { browseView.centre(card: front) }
        restedCard = nil
        update()
    }

    /// Opens the bar that finds cards by the words typed (Ctrl+F), with the keyboard in it.
    public func find() {
        findBar.open()
    }

    /// Keyboard focus on the strip.
    public func focusStrip() {
        gtk_widget_grab_focus(browseView.widget)
    }

    // MARK: Deciding

    /// Decides the centred card `direction` (or moves it there), as one step with an Undo toast, and moves on
    /// to the next card.
    private func decide(_ direction: SwipeDirection) {
        guard let card = browseView.centredCard else { return }
        let title = session.deck.cards[card].shownTitle
        let label = session.deck.label(for: direction)
        guard let step = session.perform({ $0.decide(card, direction) }) else {
            onToast?(String(format: tr("“%1$@” is already “%2$@”"), title, label), false)
            return
        }
        if case .move(_, let old) = step {
            onToast?(String(format: tr("“%1$@” moved from “%2$@” to “%3$@”"), title, session.deck.label(for: old), label), true)
        } else {
            onToast?(String(format: tr("“%1$@”: %2$@"), title, label), true)
        }
        // A filter that no longer keeps the card has centred the next one already.
        if browseView.centredCard == card { browseView.step(by: 1) }
    }

    // MARK: Showing

    /// The drop-down's button is named by the filter it shows ("All Cards"): GTK 4.8 speaks it by its class.
    private func nameFilterButton() {
        nameButtonsAsShown(under: filterMenu)
        nameStackPagesAsShown(under: filterMenu)
    }

    private func filterChanged() {
        let selected = Int(gtk_drop_down_get_selected(OpaquePointer(filterMenu)))
        guard filters.indices.contains(selected) else { return }
        browseView.setFilter(filters[selected])
        update()
    }

    private func scrubbed() {
        guard !isUpdatingScrubber else { return }
        let value = Int(gtk_range_get_value(scrubber.cast()).rounded())
        browseView.scroll(to: value - 1)
    }

    /// The position, the empty state and the buttons follow the strip.
    private func update() {
        let interaction = browseView.interaction
        let count = interaction.items.count
        let item = interaction.restingItem ?? 0
        gtk_stack_set_visible_child_name(content, count == 0 ? "empty" : "strip")
        if count == 0 { adw_status_page_set_title(emptyPage, emptyTitle) }
        nameStackPage(gtk_stack_get_page(content, UnsafeMutablePointer(emptyPage)), emptyTitle)
        let showsDots = count <= BrowseTuning.maximumDots
        gtk_stack_set_visible_child_name(positionStack, showsDots ? "dots" : "scrubber")
        // Hidden dots still count towards the stack's size: only as many as are shown.
        dots.count = showsDots ? count : 0
        dots.current = item
        gtk_label_set_text(OpaquePointer(positionLabel), count == 0 ? "" : String(format: tr("%1$ld of %2$ld"), item + 1, count))
        if !showsDots {
            isUpdatingScrubber = true
            gtk_range_set_range(scrubber.cast(), 1, Double(max(2, count)))
            gtk_range_set_value(scrubber.cast(), Double(item + 1))
            isUpdatingScrubber = false
        }
        for button in buttons { gtk_widget_set_sensitive(button, count > 0 ? 1 : 0) }
        if !browseView.isMoving, let card = browseView.centredCard, card != restedCard {
            restedCard = card
            onRest?(card)
        }
    }

    private var emptyTitle: String {
        if !browseView.query.isEmpty { return tr("No Cards Found") }
        return switch browseView.filter {
        case .all: tr("No Cards")
        case .undecided: tr("Every Card Is Decided")
        case .decided(let direction): String(format: tr("Nothing Is “%@” Yet"), session.deck.label(for: direction))
        case .unrated: tr("Every Photo Is Rated")
        case .stars(let least): String(format: trn("No Photo Has %ld Star or More", "No Photo Has %ld Stars or More", least), least)
        case .label(let label): String(format: tr("No Photo Has the %@ Label"), label.name)
        }
    }

    // MARK: Widgets

    private func positionRow() -> UnsafeMutablePointer<GtkWidget> {
        gtk_scale_set_draw_value(scrubber.cast(), 0)
        gtk_widget_set_hexpand(scrubber, 1)
        cs_accessible_set_label(OpaquePointer(scrubber), tr("Card"))
        gtk_label_set_width_chars(OpaquePointer(positionLabel), 10)
        gtk_label_set_xalign(OpaquePointer(positionLabel), 1)
        gtk_widget_add_css_class(positionLabel, "numeric")
        let scrubberRow = created(gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12))
        gtk_box_append(scrubberRow.cast(), positionLabel)
        gtk_box_append(scrubberRow.cast(), scrubber)
        gtk_widget_set_halign(dots.widget, GTK_ALIGN_CENTER)
        gtk_stack_set_hhomogeneous(positionStack, 0)
        nameStackPage(gtk_stack_add_named(positionStack, dots.widget, "dots"), tr("Card"))
        nameStackPage(gtk_stack_add_named(positionStack, scrubberRow, "scrubber"), tr("Card"))
        gtk_widget_add_css_class(UnsafeMutablePointer(positionStack), "browse-position")
        return UnsafeMutablePointer(positionStack)
    }

    /// One button per allowed direction, labelled with the deck's words, keys 1–4 in the same order.
    private func controls() -> UnsafeMutablePointer<GtkWidget> {
        // In rows of two, or one above the other, where a long word (a German "Überspringen", a deck's own label)
        // would not fit a 360 pt window beside the others; a label longer than the window itself shortens, its
        // tooltip and accessible name keeping it whole.
        let row = ButtonRow()
        let box = row.widget
        gtk_widget_set_halign(box, GTK_ALIGN_CENTER)
        gtk_widget_add_css_class(box, "browse-controls")
        for (index, direction) in directions.enumerated() {
            let label = session.deck.label(for: direction)
            let button = created(gtk_button_new_with_label(label))
            if let text = gtk_button_get_child(button.cast()) {
                gtk_label_set_ellipsize(OpaquePointer(text), PANGO_ELLIPSIZE_END)
            }
            gtk_widget_set_tooltip_text(button, "\(label) (\(index + 1))")
            cs_accessible_set_label(OpaquePointer(button), "\(label) (\(index + 1))")
            gtk_widget_add_css_class(button, direction.rawValue)
            // Clicking keeps keyboard focus on the strip, so arrows and digits go on working.
            gtk_widget_set_focus_on_click(button, 0)
            signals.connect(button.raw, .void("clicked")) { [weak self] in self?.decide(direction) }
            row.append(button)
            buttons.append(button)
        }
        return box
    }
}
