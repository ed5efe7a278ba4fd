// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import CGtk
import CardStackCore
import Foundation
import GtkSupport
import Translation

/// The Piles page: one pile per direction the deck allows, in the deck's order, each under a header with the
/// deck's label, its icon and its count ("Keep · 124"), in a scrolled column; with nothing decided yet, a
/// status page that leads back to the Deck page.
@MainActor
public final class PilesPage {
    /// The widest the column of piles grows, in points.
    static let columnWidth = Int32(PileTuning.maximumColumnWidth)
    /// Points between one pile and the next header (GNOME HIG: 18 between groups).
    static let pileSpacing: Int32 = 18

    /// The page's root widget.
    public let widget: UnsafeMutablePointer<GtkWidget>
    /// The piles, in the deck's direction order.
    public private(set) var piles: [PileView] = []

    /// Called with the deck card whose context menu just opened.
    public var onMenuOpened: (@MainActor (Int) -> Void)? {
        didSet { for pile in piles { pile.onMenuOpened = onMenuOpened } }
    }
    /// Called with a deck card whose details a pile asks for.
    public var onShowDetails: (@MainActor (Int) -> Void)? {
        didSet { for pile in piles { pile.onActivateCard = onShowDetails } }
    }
    /// Called with a message for a toast, and whether it offers Undo.
    public var onToast: (@MainActor (_ message: String, _ undoable: Bool) -> Void)? {
        didSet { for pile in piles { pile.onToast = onToast } }
    }

    private let session: DeckSession
    private let stack: OpaquePointer
    /// The empty page's button.
    private var goToDeck: UnsafeMutablePointer<GtkWidget>?
    private var headers: [(label: UnsafeMutablePointer<GtkWidget>, collapse: UnsafeMutablePointer<GtkWidget>)] = []
    private let signals = SignalGroup()

    /// Builds the page for `session`'s deck.
    public init(session: DeckSession) {
        self.session = session
        stack = OpaquePointer(created(gtk_stack_new()))
        widget = UnsafeMutablePointer(stack)

        let column = created(gtk_box_new(GTK_ORIENTATION_VERTICAL, 6))
        gtk_widget_set_margin_top(column, 12)
        gtk_widget_set_margin_bottom(column, 24)
        gtk_widget_set_margin_start(column, 12)
        gtk_widget_set_margin_end(column, 12)
        for direction in SwipeDirection.allCases where session.deck.allowedDirections.contains(direction) {
            let pile = PileView(direction: direction, session: session)
            let header = header(for: pile)
            if !piles.isEmpty { gtk_widget_set_margin_top(header, Self.pileSpacing) }
            gtk_box_append(column.cast(), header)
            gtk_box_append(column.cast(), pile.widget)
            piles.append(pile)
        }
        let clamp = created(adw_clamp_new())
        adw_clamp_set_maximum_size(OpaquePointer(clamp), Self.columnWidth)
        adw_clamp_set_child(OpaquePointer(clamp), column)
        let scrolled = created(gtk_scrolled_window_new())
        gtk_scrolled_window_set_policy(OpaquePointer(scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_child(OpaquePointer(scrolled), clamp)
        gtk_widget_set_vexpand(scrolled, 1)
        // GTK keeps a scrolled child's drawing and only moves it; piles draw only what is in view, so they are
        // drawn again as the view moves.
        if let adjustment = gtk_scrolled_window_get_vadjustment(OpaquePointer(scrolled)) {
            signals.connect(adjustment.raw, .void("value-changed")) { [weak self] in
                for pile in self?.piles ?? [] { gtk_widget_queue_draw(pile.widget) }
            }
        }
        nameStackPage(gtk_stack_add_named(stack, scrolled, "piles"), tr("Piles"))
        nameStackPage(gtk_stack_add_named(stack, emptyPage(), "empty"), tr("Nothing Sorted Yet"))

        session.observe(as: self) { [weak self] _, _ in self?.update() }
        update()
    }

    /// Keyboard focus on the first pile that has cards.
    public func focusFirstPile() {
        if let pile = piles.first(where: { $0.count > 0 }) {
            gtk_widget_grab_focus(pile.widget)
        } else if let goToDeck {
            // Nothing sorted: the page's one button, under the words that say so, rather than wherever GTK puts
            // the keyboard when the page it was on went (a toast's close button).
            gtk_widget_grab_focus(goToDeck)
        }
    }

    private func update() {
        let progress = session.progress
        gtk_stack_set_visible_child_name(stack, progress.decidedCount == 0 ? "empty" : "piles")
        for (pile, header) in zip(piles, headers) {
            gtk_label_set_text(OpaquePointer(header.label), "\(session.deck.label(for: pile.direction)) · \(pile.count)")
            gtk_widget_set_visible(header.collapse, pile.isExpanded ? 1 : 0)
        }
    }

    /// The pile's heading: its icon, "Keep · 124", and a Collapse button while it is expanded.
    private func header(for pile: PileView) -> UnsafeMutablePointer<GtkWidget> {
        let row = created(gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 8))
        gtk_widget_set_margin_bottom(row, 6)
        let icon = created(gtk_image_new_from_icon_name(pile.direction.iconName))
        gtk_widget_add_css_class(icon, "pile-\(pile.direction.rawValue)")
        let label = created(gtk_label_new(nil))
        gtk_widget_add_css_class(label, "heading")
        gtk_label_set_xalign(OpaquePointer(label), 0)
        gtk_widget_set_hexpand(label, 1)
        let collapse = mnemonicButton(tr("_Collapse"))
        gtk_widget_add_css_class(collapse, "flat")
        gtk_widget_set_tooltip_text(collapse, tr("Collapse (Esc)"))
        signals.connect(collapse.raw, .void("clicked")) { [weak pile] in
            guard let pile else { return }
            pile.setExpanded(false)
            gtk_widget_grab_focus(pile.widget)
        }
        pile.onExpandedChanged = { [weak self] _ in self?.update() }
        gtk_box_append(row.cast(), icon)
        gtk_box_append(row.cast(), label)
        gtk_box_append(row.cast(), collapse)
        headers.append((label, collapse))
        return row
    }

    private func emptyPage() -> UnsafeMutablePointer<GtkWidget> {
        let page = created(adw_status_page_new())
        adw_status_page_set_icon_name(OpaquePointer(page), "view-list-symbolic")
        adw_status_page_set_title(OpaquePointer(page), tr("Nothing Sorted Yet"))
        adw_status_page_set_description(OpaquePointer(page), tr("The cards you decide gather here, one pile per direction."))
        let button = mnemonicButton(tr("Go to _Deck"))
        goToDeck = button
        gtk_actionable_set_action_name(OpaquePointer(button), "win.show-deck")
        gtk_widget_set_halign(button, GTK_ALIGN_CENTER)
        gtk_widget_add_css_class(button, "pill")
        gtk_widget_add_css_class(button, "suggested-action")
        adw_status_page_set_child(OpaquePointer(page), button)
        return page
    }
}
