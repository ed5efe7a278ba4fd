// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import CGtk
import CardStackCore
import Foundation
import GtkSupport

/// The GTK pieces every sheet's content is made of, styled one way: text, boxed lists of facts, button rows.
@MainActor
enum SheetParts {
    /// Points between a sheet's sections (GNOME HIG: 18 between groups).
    static let sectionSpacing: Int32 = 18

    /// A vertical box for a sheet's content, with the sheet's margins.
    static func column() -> UnsafeMutablePointer<GtkWidget> {
        let box = created(gtk_box_new(GTK_ORIENTATION_VERTICAL, sectionSpacing))
        gtk_widget_add_css_class(box, "sheet-body")
        return box
    }

    /// Text that wraps at the sheet's width; `selectable` text can be selected and copied as anywhere in GTK.
    static func text(_ text: String, classes: [String] = [], selectable: Bool = false) -> UnsafeMutablePointer<GtkWidget> {
        let label = Self.label(text, classes: classes)
        gtk_label_set_wrap(OpaquePointer(label), 1)
        gtk_label_set_wrap_mode(OpaquePointer(label), PANGO_WRAP_WORD_CHAR)
        gtk_label_set_selectable(OpaquePointer(label), selectable ? 1 : 0)
        return label
    }

    /// Text on one line that gives way at its end when the sheet is too narrow: cheaper to lay out than wrapping
    /// text, which is measured again for each width its row is asked about.
    static func line(_ text: String, classes: [String] = []) -> UnsafeMutablePointer<GtkWidget> {
        let label = Self.label(text, classes: classes)
        gtk_label_set_ellipsize(OpaquePointer(label), PANGO_ELLIPSIZE_END)
        return label
    }

    /// A label of plain text (never markup or mnemonics), at the start of its line, with `classes`.
    private static func label(_ text: String, classes: [String]) -> UnsafeMutablePointer<GtkWidget> {
        let label = created(gtk_label_new(nil))
        gtk_label_set_text(OpaquePointer(label), text)
        gtk_label_set_xalign(OpaquePointer(label), 0)
        for name in classes { gtk_widget_add_css_class(label, name) }
        return label
    }

    /// The longest paragraph, in Unicode scalars, the text view is given: it lays out a paragraph whole, so a
    /// 1 MB body on one line cost seconds and hundreds of MB.
    static let longestParagraph = 4_000
    /// The longest run without a space the text view is given: Pango wraps a longer word in time that grows
    /// with the square of its length (about 1 ms at 250 scalars, 0.6 s at 4,000).
    static let longestWord = 250

    /// Text of any length to read, select and copy: a read-only text view, which lays its lines out a screenful
    /// at a time in idle time where a label would lay a whole 1 MB body out, again for each width it is asked
    /// about, before the sheet's first frame. A long text reaches it a slice at a time (``TextFeed``).
    static func longText(_ text: String, spans: [StyledText.Span] = []) -> UnsafeMutablePointer<GtkWidget> {
        let view = created(gtk_text_view_new())
        gtk_text_view_set_editable(view.cast(), 0)
        gtk_text_view_set_cursor_visible(view.cast(), 0)
        gtk_text_view_set_wrap_mode(view.cast(), GTK_WRAP_WORD_CHAR)
        gtk_widget_add_css_class(view, "sheet-text")
        TextFeed(text, spans: spans, into: view, longest: Self.longestParagraph, longestWord: Self.longestWord)
        return view
    }

    /// A row of a boxed list: a fact's name and its value; a `selectable` value (a path, a date) can be copied
    /// and is a stop for Tab, a count is neither. Returns the row and the value's label, to update it later.
    @discardableResult
    static func fact(
        _ name: String, _ value: String, in list: UnsafeMutablePointer<GtkWidget>,
        icon: String? = nil, iconClass: String? = nil, selectable: Bool = true
    ) -> (row: UnsafeMutablePointer<GtkWidget>, value: UnsafeMutablePointer<GtkWidget>) {
        let row = created(adw_action_row_new())
        adw_preferences_row_set_title(row.cast(), name)
        adw_preferences_row_set_use_markup(row.cast(), 0)
        if let icon {
            let image = created(gtk_image_new_from_icon_name(icon))
            if let iconClass { gtk_widget_add_css_class(image, iconClass) }
            adw_action_row_add_prefix(row.cast(), image)
        }
        let label = created(gtk_label_new(value))
        gtk_label_set_selectable(OpaquePointer(label), selectable ? 1 : 0)
        // A long value (a folder's path) gives way in its middle on a narrow window; selecting it copies it whole.
        gtk_label_set_ellipsize(OpaquePointer(label), PANGO_ELLIPSIZE_MIDDLE)
        gtk_label_set_xalign(OpaquePointer(label), 1)
        gtk_widget_add_css_class(label, "dim-label")
        adw_action_row_add_suffix(row.cast(), label)
        gtk_list_box_append(OpaquePointer(list), row)
        return (row, label)
    }

    /// Buttons of one width in a row, in rows of two (or one) when the sheet is too narrow for all of them; add them with
    /// ``append(_:to:)``.
    static func buttonRow() -> UnsafeMutablePointer<GtkWidget> {
        let row = ButtonRow().widget
        gtk_widget_add_css_class(row, "sheet-buttons")
        return row
    }

    /// Adds `button` to a ``buttonRow()``.
    static func append(_ button: UnsafeMutablePointer<GtkWidget>, to row: UnsafeMutablePointer<GtkWidget>) {
        guard let row = CustomWidgetType.delegate(of: row) as? ButtonRow else { return }
        row.append(button)
    }

    /// A labelled button with a mnemonic, optionally with a style class ("suggested-action", "pill").
    static func button(_ label: String, classes: [String] = []) -> UnsafeMutablePointer<GtkWidget> {
        let button = mnemonicButton(label)
        // GTK 4.8 would read the mnemonic's underscore and the tooltip as the button's name.
        cs_accessible_set_label(OpaquePointer(button), label.replacingOccurrences(of: "_", with: ""))
        for name in classes { gtk_widget_add_css_class(button, name) }
        return button
    }
}
