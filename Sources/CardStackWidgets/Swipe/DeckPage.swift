// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import CGtk
import CardStackCore
import Foundation
import GtkSupport

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

    /// Called with a message to show as a toast.
    public var onToast: (@MainActor (String) -> Void)?
    /// Called whenever progress may have changed.
    public var onProgress: (@MainActor (DeckProgress) -> Void)?

    private let stack: OpaquePointer
    private let statusPage: OpaquePointer
    private let reviewButton: UnsafeMutablePointer<GtkWidget>
    private let signals = SignalGroup()
    private var actions: [String: OpaquePointer] = [:]

    /// Builds the page for `session`'s deck.
    public init(session: DeckSession) {
        deckView = DeckView(session: session)
        actionGroup = ObjectReference(adopting: OpaquePointer(created(g_simple_action_group_new())))
        stack = OpaquePointer(created(gtk_stack_new()))
        statusPage = OpaquePointer(created(adw_status_page_new()))
        reviewButton = gtk_button_new_with_mnemonic("_Review Skipped")
        widget = UnsafeMutablePointer(stack)
        gtk_stack_set_transition_type(stack, GTK_STACK_TRANSITION_TYPE_CROSSFADE)

        let deckBox = created(gtk_box_new(GTK_ORIENTATION_VERTICAL, 0))
        gtk_box_append(deckBox.cast(), deckView.widget)
        gtk_box_append(deckBox.cast(), controls())
        gtk_stack_add_named(stack, deckBox, "deck")
        gtk_stack_add_named(stack, finishedPage(), "finished")

        addActions()
        deckView.onUpdate = { [unowned self] in update() }
        update()
    }

    /// Keyboard focus on the deck, so arrow keys swipe.
    public func focusDeck() {
        gtk_widget_grab_focus(deckView.widget)
    }

    /// Shows the deck or, once every card is decided and has left the screen, the finished page.
    private func update() {
        let interaction = deckView.interaction
        let progress = interaction.progress
        let finished = progress.isFinished && !interaction.isAnimating
        let page = finished ? "finished" : "deck"
        if String(borrowingGLibString: gtk_stack_get_visible_child_name(stack)) != page {
            gtk_stack_set_visible_child_name(stack, page)
            if !finished { focusDeck() }
        }
        if finished {
            let skipped = progress.decisions.filter { $0.direction == .left }.count
            // A status page's description is Pango markup: a deck called "Tom & Jerry" must stay text.
            let title = String(takingGLibString: g_markup_escape_text(deckView.deck.title, -1)) ?? ""
            let cards = progress.totalCount == 1 ? "the one card" : "all \(progress.totalCount) cards"
            adw_status_page_set_description(statusPage, "You decided \(cards) in “\(title)”.")
            gtk_widget_set_sensitive(reviewButton, skipped > 0 ? 1 : 0)
            gtk_button_set_label(reviewButton.cast(), "_Review \(skipped) Skipped")
        }
        for direction in SwipeDirection.allCases {
            setEnabled("swipe-\(direction.rawValue)", !progress.isFinished && deckView.deck.allowedDirections.contains(direction))
        }
        setEnabled("shift", progress.upcomingCardIndices.count > 1)
        onProgress?(progress)
    }

    // MARK: - Actions

    private func addActions() {
        for direction in SwipeDirection.allCases {
            addAction("swipe-\(direction.rawValue)") { [unowned self] in deckView.swipe(direction) }
        }
        addAction("shift") { [unowned self] in deckView.shift() }
        addAction("restart") { [unowned self] in deckView.restart() }
        addAction("review-skipped") { [unowned self] in
            let count = deckView.returnAll(.left)
            onToast?(count == 1 ? "Reviewing 1 skipped card" : "Reviewing \(count) skipped cards")
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

    /// Round buttons under the deck, Skip on the left and Keep on the right, as on every card-swiping app.
    private func controls() -> UnsafeMutablePointer<GtkWidget> {
        let box = created(gtk_box_new(GTK_ORIENTATION_HORIZONTAL, DeckPageStyle.buttonSpacing))
        gtk_widget_set_halign(box, GTK_ALIGN_CENTER)
        gtk_widget_add_css_class(box, "deck-controls")
        let deck = deckView.deck
        func button(_ icon: String, _ action: String, _ tooltip: String, _ cssClass: String, large: Bool) {
            let button = created(gtk_button_new_from_icon_name(icon))
            gtk_actionable_set_action_name(OpaquePointer(button), action.contains(".") ? action : "deck.\(action)")
            gtk_widget_set_tooltip_text(button, tooltip)
            cs_accessible_set_label(OpaquePointer(button), tooltip)
            // Clicking keeps keyboard focus on the deck, so arrow keys go on swiping.
            gtk_widget_set_focus_on_click(button, 0)
            gtk_widget_set_valign(button, GTK_ALIGN_CENTER)
            gtk_widget_add_css_class(button, "circular")
            gtk_widget_add_css_class(button, cssClass)
            if large { gtk_widget_add_css_class(button, "large") }
            gtk_box_append(box.cast(), button)
        }
        func swipeButton(_ direction: SwipeDirection, large: Bool) {
            guard deck.allowedDirections.contains(direction) else { return }
            button(direction.iconName, "swipe-\(direction.rawValue)", "\(deck.label(for: direction)) (\(direction.arrow))", direction.rawValue, large: large)
        }
        swipeButton(.left, large: true)
        swipeButton(.down, large: false)
        button("edit-undo-symbolic", "win.undo", "Undo (Ctrl+Z)", "undo", large: false)
        swipeButton(.up, large: false)
        swipeButton(.right, large: true)
        return box
    }

    private func finishedPage() -> UnsafeMutablePointer<GtkWidget> {
        adw_status_page_set_icon_name(statusPage, "object-select-symbolic")
        adw_status_page_set_title(statusPage, "All Caught Up")
        let buttons = created(gtk_box_new(GTK_ORIENTATION_VERTICAL, 12))
        gtk_widget_set_halign(buttons, GTK_ALIGN_CENTER)
        gtk_actionable_set_action_name(OpaquePointer(reviewButton), "deck.review-skipped")
        gtk_widget_add_css_class(reviewButton, "pill")
        gtk_widget_add_css_class(reviewButton, "suggested-action")
        gtk_box_append(buttons.cast(), reviewButton)
        let restart = created(gtk_button_new_with_mnemonic("_Start Over"))
        gtk_actionable_set_action_name(OpaquePointer(restart), "deck.restart")
        gtk_widget_add_css_class(restart, "pill")
        gtk_box_append(buttons.cast(), restart)
        let undo = created(gtk_button_new_with_mnemonic("_Undo Last"))
        gtk_actionable_set_action_name(OpaquePointer(undo), "win.undo")
        gtk_widget_add_css_class(undo, "pill")
        gtk_widget_add_css_class(undo, "flat")
        gtk_box_append(buttons.cast(), undo)
        adw_status_page_set_child(statusPage, buttons)
        return UnsafeMutablePointer(statusPage)
    }
}

/// Spacing of the deck page, in points (GNOME HIG: 12 between related controls, 18 around groups).
enum DeckPageStyle {
    static let buttonSpacing: Int32 = 18
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
