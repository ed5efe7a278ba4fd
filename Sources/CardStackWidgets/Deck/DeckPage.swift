// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import CGtk
import CardStackCore
import Foundation
import GtkSupport
import Translation

/// The Deck page: the deck widget with its buttons, the "All caught up" page, and the `deck.*` actions.
///
/// Insert ``actionGroup`` into the window under the prefix `deck` so shortcuts and menus reach the deck from
/// anywhere in the window.
@MainActor
public final class DeckPage {
    /// The page's root widget.
    public let widget: UnsafeMutablePointer<GtkWidget>
    /// The deck widget.
    public let deckView: DeckView
    /// `deck.swipe-left|right|up|down`, `deck.shift`, `deck.restart`, `deck.review-skipped`; undo and redo are the
    /// window's (`win.undo`, `win.redo`), since every page shares the history.
    public let actionGroup: ObjectReference<OpaquePointer>

    /// Called with a message to show as a toast, and whether it offers Undo.
    public var onToast: (@MainActor (_ message: String, _ undoable: Bool) -> Void)?
    /// Called whenever progress may have changed.
    public var onProgress: (@MainActor (DeckProgress) -> Void)?

    /// The swipe buttons' captions, seen when the page is at least `DeckPageStyle.captionsFromWidth` wide.
    private var captions: [UnsafeMutablePointer<GtkWidget>] = []
    private var captionsShown = false
    private var captionUpdate: UInt32?

    /// Told once the first card is swiped while the gesture hint shows, so the app remembers it was learnt.
    public var onHintDone: (@MainActor () -> Void)?
    /// The first-run hint over the bottom of the deck: how to swipe, and what each way means in this deck.
    private lazy var hint: UnsafeMutablePointer<GtkWidget> = makeHint()
    private var hintDecidedCount: Int?

    private let stack: OpaquePointer
    /// A photo deck's buttons, over the photo and faded while it is looked at.
    private var revealedControls: RevealedControls?
    /// A photo deck's shooting data over the photo, toggled by I.
    private var shooting: ShootingOverlay?
    /// Where the front photo is in the deck ("23 / 2,000"), over the photo's top right on a photo deck.
    private lazy var position: UnsafeMutablePointer<GtkWidget> = {
        let label = created(gtk_label_new(nil))
        gtk_widget_add_css_class(label, "deck-position")
        gtk_widget_add_css_class(label, "osd")
        gtk_widget_add_css_class(label, "numeric")
        gtk_widget_set_halign(label, GTK_ALIGN_END)
        gtk_widget_set_valign(label, GTK_ALIGN_START)
        // Information, not a control: presses go through to the photo.
        gtk_widget_set_can_target(label, 0)
        return label
    }()
    /// The finished page, built the first time every card is decided: GtkStack measures all its pages, and this
    /// one's 128-point icon and large title cost the launch's first frame 4 ms (under cairo) for a page that shows
    /// only at the end.
    private var statusPage: OpaquePointer?
    /// The finished page's Review buttons, one per direction the deck allows, shown when that pile has cards.
    private var reviewButtons: [SwipeDirection: UnsafeMutablePointer<GtkWidget>] = [:]
    private let signals = SignalGroup()
    private var actions: [String: OpaquePointer] = [:]

    /// Builds the page for `session`'s deck.
    public init(session: DeckSession) {
        deckView = DeckView(session: session)
        actionGroup = ObjectReference(adopting: OpaquePointer(created(g_simple_action_group_new())))
        stack = OpaquePointer(created(gtk_stack_new()))
        widget = UnsafeMutablePointer(stack)
        gtk_stack_set_transition_type(stack, GTK_STACK_TRANSITION_TYPE_CROSSFADE)

        let deckBox = created(gtk_box_new(GTK_ORIENTATION_VERTICAL, 0))
        let overlay = created(gtk_overlay_new())
        gtk_overlay_set_child(OpaquePointer(overlay), deckView.widget)
        gtk_overlay_add_overlay(OpaquePointer(overlay), hint)
        gtk_widget_set_vexpand(overlay, 1)
        gtk_box_append(deckBox.cast(), overlay)
        if session.deck.isPhotoDeck {
            // The photo is the page: the buttons lie over its bottom, shown while the pointer moves, and the
            // position over its top right.
            let controls = controls()
            gtk_widget_add_css_class(controls, "osd")
            // On the pill the six buttons stand closer, so it fits a 360 pt window with its padding.
            gtk_grid_set_column_spacing(controls.cast(), UInt32(DeckPageStyle.photoButtonSpacing))
            gtk_widget_set_valign(controls, GTK_ALIGN_END)
            gtk_overlay_add_overlay(OpaquePointer(overlay), controls)
            revealedControls = RevealedControls(controls, over: overlay)
            gtk_overlay_add_overlay(OpaquePointer(overlay), position)
            let shooting = ShootingOverlay(deck: session.deck)
            self.shooting = shooting
            gtk_overlay_add_overlay(OpaquePointer(overlay), shooting.widget)
            deckView.onToggleShootingData = { [unowned self] in
                self.shooting?.toggle(front: deckView.interaction.progress.frontCardIndex)
            }
        } else {
            gtk_box_append(deckBox.cast(), controls())
        }
        nameStackPage(gtk_stack_add_named(stack, deckBox, "deck"), tr("Deck"))

        addActions()
        deckView.onUpdate = { [unowned self] in update() }
        deckView.onVideoProblem = { [unowned self] name, reason in
            onToast?(String(format: tr("Can't play %1$@: %2$@"), name, reason), false)
        }
        deckView.onWidthChanged = { [unowned self] width in updateCaptions(forWidth: width) }
        update()
    }

    /// Shows or hides the captions for a deck `width` points wide, after the layout under way.
    private func updateCaptions(forWidth width: Double) {
        let shown = width >= DeckPageStyle.captionsFromWidth
        guard shown != captionsShown, captionUpdate == nil else { return }
        captionUpdate = IdleCallback.add { [weak self] in
            guard let self else { return false }
            captionUpdate = nil
            let shown = Double(gtk_widget_get_width(deckView.widget)) >= DeckPageStyle.captionsFromWidth
            captionsShown = shown
            for caption in captions { gtk_widget_set_opacity(caption, shown ? 1 : 0) }
            return false
        }
    }

    /// Shows the gesture hint until the next card is decided (a first run).
    ///
    /// The hint fades in from the deck's second frame: at launch the first frame, with the deck, comes sooner
    /// without the hint's text to lay out and draw, and a fade that starts a frame later looks the same.
    public func showHint() {
        hintDecidedCount = deckView.interaction.progress.decidedCount
        var framesToWait = 2
        TickCallback.add(to: deckView.widget) { [weak self] _, _ in
            framesToWait -= 1
            guard framesToWait == 0, let self else { return framesToWait > 0 }
            // Swiped already (a key pressed before the second frame): the hint has nothing left to teach.
            guard hintDecidedCount != nil else { return false }
            FoldedRevealer.reveal(hint)
            return false
        }
    }

    private func makeHint() -> UnsafeMutablePointer<GtkWidget> {
        let deck = deckView.deck
        // Each arrow stays with its label on one line (no-break spaces): a narrow window wraps between the ways,
        // never between "↓" and "Später".
        let ways = [SwipeDirection.left, .right, .up, .down].filter(deck.allowedDirections.contains).map { direction in
            "\(direction.arrow) \(deck.label(for: direction))".replacingOccurrences(of: " ", with: "\u{00A0}")
        }
        let label = created(gtk_label_new(tr("Drag the card, or press an arrow key:") + "\n" + ways.joined(separator: "   ")))
        gtk_label_set_justify(OpaquePointer(label), GTK_JUSTIFY_CENTER)
        gtk_label_set_wrap(OpaquePointer(label), 1)
        gtk_widget_add_css_class(label, "deck-hint")
        // Over a photo deck's buttons, which lie over the photo, it stands above them.
        if deck.isPhotoDeck { gtk_widget_add_css_class(label, "over-controls") }
        let revealer = created(gtk_revealer_new())
        gtk_revealer_set_transition_type(OpaquePointer(revealer), GTK_REVEALER_TRANSITION_TYPE_CROSSFADE)
        gtk_revealer_set_child(OpaquePointer(revealer), label)
        gtk_widget_set_halign(revealer, GTK_ALIGN_CENTER)
        gtk_widget_set_valign(revealer, GTK_ALIGN_END)
        // A hint, not a control: drags and clicks go through to the cards beneath.
        gtk_widget_set_can_target(revealer, 0)
        // A launch without the hint neither measures nor styles it.
        FoldedRevealer.hideWhileFolded(revealer, with: signals) { Trace.log("gesture hint shown") }
        return revealer
    }

    /// Keyboard focus on the deck, so arrow keys swipe.
    public func focusDeck() {
        gtk_widget_grab_focus(deckView.widget)
    }

    /// An arrow key pressed while the focus is elsewhere in the window (a button, the menu button after its
    /// menu closed, the view switcher): swipes the front card that way and brings the focus back to the deck.
    /// Returns false for other keys, with modifiers, or once the deck is finished.
    public func swipe(forArrowKey keyval: UInt32, modifiers: GdkModifierType) -> Bool {
        guard modifiers.isPlain, let direction = DeckView.direction(forKey: keyval), !deckView.interaction.progress.isFinished,
              deckView.deck.allowedDirections.contains(direction)
        else { return false }
        focusDeck()
        deckView.swipe(direction)
        return true
    }

    /// Shows the deck or, once every card is decided and has left the screen, the finished page.
    private func update() {
        let interaction = deckView.interaction
        let progress = interaction.progress
        let finished = progress.isFinished && !interaction.isAnimating
        let page = finished ? "finished" : "deck"
        if finished, statusPage == nil { nameStackPage(gtk_stack_add_named(stack, finishedPage(), "finished"), tr("All Caught Up")) }
        if String(borrowingGLibString: gtk_stack_get_visible_child_name(stack)) != page {
            gtk_stack_set_visible_child_name(stack, page)
            if !finished { focusDeck() }
        }
        if finished { updateFinishedPage(progress) }
        if let shownAt = hintDecidedCount, progress.decidedCount > shownAt {
            hintDecidedCount = nil
            FoldedRevealer.fold(hint)
            onHintDone?()
        }
        for direction in SwipeDirection.allCases {
            setEnabled("swipe-\(direction.rawValue)", !progress.isFinished && deckView.deck.allowedDirections.contains(direction))
        }
        setEnabled("shift", progress.upcomingCardIndices.count > 1)
        if revealedControls != nil { updatePosition(progress) }
        shooting?.show(progress.frontCardIndex)
        onProgress?(progress)
    }

    /// Whether the window is in full screen: a photo deck's photo goes edge to edge, and its buttons offer the
    /// way out.
    public var isFullScreen = false {
        didSet {
            guard isFullScreen != oldValue else { return }
            deckView.isEdgeToEdge = isFullScreen && deckView.deck.isPhotoDeck
            leaveFullScreen.map { gtk_widget_set_visible($0, isFullScreen ? 1 : 0) }
        }
    }
    /// The button that leaves full screen, among a photo deck's buttons.
    private var leaveFullScreen: UnsafeMutablePointer<GtkWidget>?

    /// "23 / 2,000": the front photo's place among all, as photo viewers count.
    private func updatePosition(_ progress: DeckProgress) {
        let shown = !progress.isFinished
        gtk_widget_set_visible(position, shown ? 1 : 0)
        guard shown else { return }
        let text = String(format: tr("%1$@ / %2$@"), Self.grouped(progress.decidedCount + 1), Self.grouped(progress.totalCount))
        gtk_label_set_text(OpaquePointer(position), text)
        cs_accessible_set_label(OpaquePointer(position), String(format: tr("Photo %1$ld of %2$ld"), progress.decidedCount + 1, progress.totalCount))
    }

    private static let numberFormatter: NumberFormatter = {
        let formatter = NumberFormatter()
        formatter.numberStyle = .decimal
        return formatter
    }()

    static func grouped(_ number: Int) -> String {
        numberFormatter.string(from: NSNumber(value: number)) ?? String(number)
    }

    /// Shows a photo deck's buttons, faded while the photo was looked at (a key that acts on them).
    public func showControls() {
        revealedControls?.show()
    }

    // MARK: - Actions

    private func addActions() {
        for direction in SwipeDirection.allCases {
            addAction("swipe-\(direction.rawValue)") { [unowned self] in deckView.swipe(direction) }
        }
        addAction("shift") { [unowned self] in deckView.shift() }
        addAction("restart") { [unowned self] in
            let decided = deckView.session.progress.decidedCount
            deckView.session.restart()
            // Start Over takes back every decision: one step, with its way back in the toast.
            if decided > 0 { onToast?(String(format: trn("Started over: %ld decision taken back", "Started over: %ld decisions taken back", decided), decided), true) }
        }
        for direction in SwipeDirection.allCases {
            addAction("review-\(direction.rawValue)") { [unowned self] in
                let count = deckView.session.returnAll(direction)
                let label = deckView.deck.label(for: direction)
                onToast?(String(format: trn("Reviewing %1$ld “%2$@” card", "Reviewing %1$ld “%2$@” cards", count), count, label), true)
            }
        }
    }

    private func addAction(_ name: String, _ activate: @escaping @MainActor () -> Void) {
        actions[name] = signals.addAction(name, to: actionGroup.pointer) { _ in activate() }
    }

    private func setEnabled(_ name: String, _ enabled: Bool) {
        guard let action = actions[name] else { return }
        g_simple_action_set_enabled(action, enabled ? 1 : 0)
    }

    // MARK: - Widgets

    /// Round buttons under the deck, Skip on the left and Keep on the right, as on every card-swiping app; the
    /// swipe buttons' captions in a row beneath, so buttons of both sizes share one centre line and the captions
    /// one baseline.
    private func controls() -> UnsafeMutablePointer<GtkWidget> {
        let grid = created(gtk_grid_new())
        gtk_grid_set_column_spacing(grid.cast(), UInt32(DeckPageStyle.buttonSpacing))
        gtk_grid_set_row_spacing(grid.cast(), UInt32(DeckPageStyle.captionSpacing))
        gtk_widget_set_halign(grid, GTK_ALIGN_CENTER)
        gtk_widget_add_css_class(grid, "deck-controls")
        // The buttons stand where their swipes go, so a right-to-left language keeps Skip on the left; the chrome
        // around them mirrors as GTK mirrors it. (Children take the direction the grid is given.)
        gtk_widget_set_direction(grid, GTK_TEXT_DIR_LTR)
        let deck = deckView.deck
        var column: Int32 = 0
        @discardableResult
        func button(_ icon: String, _ action: String, _ tooltip: String, _ cssClass: String, large: Bool,
                    caption: String? = nil) -> UnsafeMutablePointer<GtkWidget> {
            let button = created(gtk_button_new_from_icon_name(icon))
            gtk_actionable_set_action_name(OpaquePointer(button), action.contains(".") ? action : "deck.\(action)")
            gtk_widget_set_tooltip_text(button, tooltip)
            cs_accessible_set_label(OpaquePointer(button), tooltip)
            // Clicking keeps keyboard focus on the deck, so arrow keys go on swiping.
            gtk_widget_set_focus_on_click(button, 0)
            gtk_widget_set_valign(button, GTK_ALIGN_CENTER)
            gtk_widget_set_halign(button, GTK_ALIGN_CENTER)
            gtk_widget_add_css_class(button, "circular")
            gtk_widget_add_css_class(button, cssClass)
            if large { gtk_widget_add_css_class(button, "large") }
            gtk_grid_attach(grid.cast(), button, column, 0, 1, 1)
            defer { column += 1 }
            guard let caption else { return button }
            // The deck's word for the way, under its button where the window is wide enough (updateCaptions).
            let label = created(gtk_label_new(caption))
            gtk_widget_add_css_class(label, "deck-caption")
            // Never what keeps the window from narrowing: a caption asks for no width of its own.
            gtk_label_set_ellipsize(OpaquePointer(label), PANGO_ELLIPSIZE_END)
            gtk_widget_add_css_class(label, cssClass)
            // Laid out always and shown by opacity, so crossing the width never moves the deck.
            gtk_widget_set_opacity(label, 0)
            captions.append(label)
            gtk_grid_attach(grid.cast(), label, column, 1, 1, 1)
            return button
        }
        func swipeButton(_ direction: SwipeDirection, large: Bool) {
            guard deck.allowedDirections.contains(direction) else { return }
            button(direction.iconName, "swipe-\(direction.rawValue)", "\(deck.label(for: direction)) (\(direction.arrow))", direction.rawValue,
                   large: large, caption: deck.label(for: direction))
        }
        swipeButton(.left, large: true)
        swipeButton(.down, large: false)
        button("edit-undo-symbolic", "win.undo", tr("Undo (Ctrl+Z)"), "undo", large: false)
        button("edit-redo-symbolic", "win.redo", tr("Redo (Ctrl+Shift+Z)"), "redo", large: false)
        swipeButton(.up, large: false)
        swipeButton(.right, large: true)
        if deck.isPhotoDeck {
            // In full screen the header's button is gone with the header: the way out is here too.
            let leave = button("view-restore-symbolic", "win.fullscreen", tr("Leave Full Screen (Esc)"), "leave-full-screen", large: false)
            gtk_widget_set_visible(leave, 0)
            leaveFullScreen = leave
        }
        return grid
    }

    /// "All Caught Up": how many cards went each way, a Review button for each pile that has cards, Export,
    /// Start Over and Undo.
    private func finishedPage() -> UnsafeMutablePointer<GtkWidget> {
        let statusPage = OpaquePointer(created(adw_status_page_new()))
        self.statusPage = statusPage
        adw_status_page_set_icon_name(statusPage, "object-select-symbolic")
        adw_status_page_set_title(statusPage, tr("All Caught Up"))
        let buttons = created(gtk_box_new(GTK_ORIENTATION_VERTICAL, 12))
        gtk_widget_set_halign(buttons, GTK_ALIGN_CENTER)
        for direction in SwipeDirection.allCases where deckView.deck.allowedDirections.contains(direction) {
            let review = created(gtk_button_new())
            gtk_actionable_set_action_name(OpaquePointer(review), "deck.review-\(direction.rawValue)")
            gtk_widget_add_css_class(review, "pill")
            if direction == .left { gtk_widget_add_css_class(review, "suggested-action") }
            reviewButtons[direction] = review
            gtk_box_append(buttons.cast(), review)
        }
        func pill(_ label: String, _ action: String, flat: Bool = false) {
            let button = mnemonicButton(label)
            gtk_actionable_set_action_name(OpaquePointer(button), action)
            gtk_widget_add_css_class(button, "pill")
            if flat { gtk_widget_add_css_class(button, "flat") }
            gtk_box_append(buttons.cast(), button)
        }
        pill(tr("_Export Decisions…"), "win.export")
        pill(tr("_Start Over"), "deck.restart")
        pill(tr("_Undo Last"), "win.undo", flat: true)
        adw_status_page_set_child(statusPage, buttons)
        return UnsafeMutablePointer(statusPage)
    }

    private func updateFinishedPage(_ progress: DeckProgress) {
        guard let statusPage else { return }
        let deck = deckView.deck
        var counts: [SwipeDirection: Int] = [:]
        for decision in progress.decisions { counts[decision.direction, default: 0] += 1 }
        let summary = SwipeDirection.allCases.compactMap { direction -> String? in
            guard let count = counts[direction], count > 0 else { return nil }
            return "\(deck.label(for: direction)) \(count)"
        }.joined(separator: " · ")
        // A status page's description is Pango markup: a deck called "Tom & Jerry" must stay text.
        let decided = progress.totalCount == 1
            ? String(format: tr("You decided the one card in “%@”."), deck.title)
            : String(format: trn("You decided all %1$ld card in “%2$@”.", "You decided all %1$ld cards in “%2$@”.", progress.totalCount), progress.totalCount, deck.title)
        let text = decided + "\n" + summary
        adw_status_page_set_description(statusPage, String(takingGLibString: g_markup_escape_text(text, -1)) ?? "")
        for (direction, button) in reviewButtons {
            let count = counts[direction] ?? 0
            let label = String(format: tr("Review “%1$@” (%2$ld)"), deck.label(for: direction), count)
            gtk_button_set_label(button.cast(), label)
            // The label is plain text; the accessible name is the same words, not GTK's mnemonic form.
            cs_accessible_set_label(OpaquePointer(button), label)
            gtk_widget_set_visible(button, count > 0 ? 1 : 0)
        }
    }
}

/// Spacing of the deck page, in points (GNOME HIG: 12 between related controls): six buttons (two of 60 pt,
/// four of 40 pt, style.css) and their gaps fit a 360 pt window.
enum DeckPageStyle {
    static let buttonSpacing: Int32 = 12
    /// Between a photo deck's buttons on their pill over the photo.
    static let photoButtonSpacing: Int32 = 8
    /// Between a button and its caption (GNOME HIG: 6 between a control and its label).
    static let captionSpacing: Int32 = 4
    /// From this page width (points) the swipe buttons carry their labels as visible text: four captions of
    /// up to a dozen characters fit beside the buttons' gaps.
    static let captionsFromWidth = 560.0
}

extension SwipeDirection {
    /// The arrow key that swipes this way, for tooltips.
    var arrow: String {
        switch self {
        case .left: "←"
        case .right: "→"
        case .up: "↑"
        case .down: "↓"
        }
    }
}
