// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import CGtk
import CardStackCore
import GtkSupport
import Translation

/// What a page hands the sheet stack to show: a title and ordinary GTK widgets, so selection, links and the
/// screen reader work in a sheet as everywhere in GTK.
@MainActor
public struct SheetContent {
    /// Which sheet this is ("details", "info", "history"): opening one that is open already closes the sheets
    /// above it instead.
    public var id: String
    /// Shown at the sheet's top, and its accessible name ("Dune — Details").
    public var title: String
    /// The content; scrolled when it is taller than the sheet.
    public var body: UnsafeMutablePointer<GtkWidget>
    /// Whether the sheet rests at half the window first and grows to full (Card details).
    public var hasMedium: Bool
    /// Kept alive while the sheet is in the stack, and told when it has gone (to stop observing).
    public var owner: SheetOwner?
    /// The sheet's own keys (a key pressed anywhere in it, without Ctrl or Alt); returns whether it used it.
    public var keyPressed: (@MainActor (_ keyval: UInt32) -> Bool)?

    /// A sheet titled `title` showing `body`.
    public init(
        id: String,
        title: String,
        body: UnsafeMutablePointer<GtkWidget>,
        hasMedium: Bool = false,
        owner: SheetOwner? = nil,
        keyPressed: (@MainActor (_ keyval: UInt32) -> Bool)? = nil
    ) {
        self.id = id
        self.title = title
        self.body = body
        self.hasMedium = hasMedium
        self.owner = owner
        self.keyPressed = keyPressed
    }
}

/// The object behind a sheet's content, kept as long as the sheet is shown, and after it closes while the host
/// keeps the sheet to show again (``SheetHost/present(_:)``).
@MainActor
public protocol SheetOwner: AnyObject {
    /// The sheet has left the screen: stop observing.
    func sheetRemoved()
    /// The sheet is on the screen again, after ``sheetRemoved()``: observe again and bring it up to date.
    func sheetReturned()
}

extension SheetOwner {
    /// A sheet that observes nothing has nothing to bring up to date.
    public func sheetReturned() {}
}

/// One sheet's chrome around its content: the grab handle (a real, focusable button: Enter closes, Up and Down
/// change the detent), the title with a Close button, and the content in a scrolled window. The box itself is
/// the dialog the screen reader announces, named by the title.
@MainActor
final class SheetFrame {
    let id: String
    let title: String
    /// The content the sheet was made for: presenting it again shows this frame again.
    let body: UnsafeMutablePointer<GtkWidget>
    /// The dialog: the sheet's whole area, drawn with rounded top corners and a shadow by the style sheet.
    let widget: UnsafeMutablePointer<GtkWidget>
    let handle: UnsafeMutablePointer<GtkWidget>
    let closeButton: UnsafeMutablePointer<GtkWidget>
    let scrolled: UnsafeMutablePointer<GtkWidget>
    /// The children that go inert while another sheet covers this one; the frame itself still takes a tap.
    private let parts: [UnsafeMutablePointer<GtkWidget>]
    /// Where the keyboard was before this sheet opened, to go back to when it closes.
    var returnFocus: ObjectReference<UnsafeMutablePointer<GtkWidget>>?
    let hasMedium: Bool
    let owner: SheetOwner?
    /// The content's own keys.
    let keyPressed: (@MainActor (_ keyval: UInt32) -> Bool)?
    /// The two-finger touchpad swipe that moves the sheet, ended when a drag begins.
    var touchpad: TouchpadSwipe?
    /// While the frame is built ahead of its first opening (``SheetHost/prepare(_:)``): the height its content
    /// wanted when it was last laid out, and how many times it has been.
    var prepared: (naturalHeight: Int32, layouts: Int)?

    init(_ content: SheetContent) {
        id = content.id
        title = content.title
        body = content.body
        hasMedium = content.hasMedium
        owner = content.owner
        keyPressed = content.keyPressed
        widget = cs_box_new_with_role(GTK_ORIENTATION_VERTICAL, 0, GTK_ACCESSIBLE_ROLE_DIALOG)
        gtk_widget_add_css_class(widget, "sheet")
        cs_accessible_set_label(OpaquePointer(widget), content.title)
        cs_accessible_set_modal(OpaquePointer(widget), 1)

        handle = created(gtk_button_new())
        gtk_widget_add_css_class(handle, "sheet-handle")
        gtk_widget_add_css_class(handle, "flat")
        gtk_widget_set_halign(handle, GTK_ALIGN_CENTER)
        let grabber = created(gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0))
        gtk_widget_add_css_class(grabber, "sheet-grabber")
        gtk_widget_set_halign(grabber, GTK_ALIGN_CENTER)
        gtk_widget_set_valign(grabber, GTK_ALIGN_CENTER)
        gtk_button_set_child(handle.cast(), grabber)
        gtk_widget_set_tooltip_text(handle, content.hasMedium ? tr("Close (Enter) · Resize (↑ ↓)") : tr("Close (Enter)"))
        cs_accessible_set_label(OpaquePointer(handle), String(format: tr("Close “%@”"), content.title))
        if content.hasMedium {
            AccessibleDescription.set(handle, tr("Up and Down change the sheet's height"))
        }

        let header = created(gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6))
        gtk_widget_add_css_class(header, "sheet-header")
        let label = SheetParts.line(content.title, classes: ["title-3"])
        gtk_widget_set_hexpand(label, 1)
        closeButton = created(gtk_button_new_from_icon_name("window-close-symbolic"))
        gtk_widget_add_css_class(closeButton, "circular")
        gtk_widget_add_css_class(closeButton, "flat")
        gtk_widget_set_valign(closeButton, GTK_ALIGN_CENTER)
        gtk_widget_set_tooltip_text(closeButton, tr("Close (Esc)"))
        cs_accessible_set_label(OpaquePointer(closeButton), tr("Close"))
        gtk_box_append(header.cast(), label)
        gtk_box_append(header.cast(), closeButton)

        scrolled = created(gtk_scrolled_window_new())
        gtk_scrolled_window_set_policy(OpaquePointer(scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        // The sheet is as tall as its content wants, up to what the stack allows it.
        gtk_scrolled_window_set_propagate_natural_height(OpaquePointer(scrolled), 1)
        gtk_widget_set_vexpand(scrolled, 1)
        gtk_widget_add_css_class(content.body, "sheet-content")
        gtk_scrolled_window_set_child(OpaquePointer(scrolled), content.body)

        parts = [handle, header, scrolled]
        for part in parts { gtk_box_append(widget.cast(), part) }
    }

    /// How far the content is scrolled down, in points.
    var contentOffset: Double {
        guard let adjustment = gtk_scrolled_window_get_vadjustment(OpaquePointer(scrolled)) else { return 0 }
        return gtk_adjustment_get_value(adjustment)
    }

    /// Covered by another sheet, the content takes no focus and no pointer; the frame's visible strip still
    /// takes a tap, which closes the sheets above.
    func setInert(_ inert: Bool) {
        for part in parts {
            gtk_widget_set_can_focus(part, inert ? 0 : 1)
            gtk_widget_set_can_target(part, inert ? 0 : 1)
        }
    }

    /// The sheet has left the screen: its owner stops observing. The frame may be shown again (``returned()``).
    func removed() {
        touchpad?.stop()
        owner?.sheetRemoved()
        returnFocus = nil
    }

    /// The sheet is shown again: scrolled back to its top, as a new one opens, and its owner up to date.
    func returned() {
        if let adjustment = gtk_scrolled_window_get_vadjustment(OpaquePointer(scrolled)) {
            gtk_adjustment_set_value(adjustment, 0)
        }
        owner?.sheetReturned()
    }
}
