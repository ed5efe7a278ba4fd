// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import CardStackCore
import GtkSupport
import Translation

/// The bar that finds cards by the words typed, above Browse's strip: opened by Ctrl+F or by typing a letter on
/// the strip, closed by Esc, which shows every card again.
///
/// Shown at once rather than slid in as GtkSearchBar does: while its revealer slides, the entry is not yet
/// mapped, and the key typed right after the first letter (30 ms later, as a quick typist does) was lost.
@MainActor
final class BrowseFindBar {
    /// The bar; hidden until it is opened.
    let widget: UnsafeMutablePointer<GtkWidget>
    private let entry: UnsafeMutablePointer<GtkWidget>
    private let signals = SignalGroup()
    /// Told the words each time the text changes (after GTK's short pause for typing).
    var onQuery: (@MainActor (CardQuery) -> Void)?
    /// Told when the bar closes (Esc): the strip takes the keyboard back.
    var onClose: (@MainActor () -> Void)?
    /// Told when Enter is pressed in the entry: the strip takes the keyboard, on the cards found.
    var onActivate: (@MainActor () -> Void)?

    init() {
        entry = created(gtk_search_entry_new())
        gtk_widget_set_hexpand(entry, 1)
        // GTK 4.8 has the property, not yet its setter.
        cs_object_set_string(entry, "placeholder-text", tr("Find cards"))
        cs_accessible_set_label(OpaquePointer(entry), tr("Find cards"))
        widget = created(gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0))
        gtk_widget_add_css_class(widget, "browse-find")
        gtk_box_append(widget.cast(), entry)
        gtk_widget_set_visible(widget, 0)
        signals.connect(entry.raw, .void("search-changed")) { [weak self] in
            guard let self else { return }
            onQuery?(CardQuery(String(borrowingGLibString: gtk_editable_get_text(OpaquePointer(entry))) ?? ""))
        }
        signals.connect(entry.raw, .void("activate")) { [weak self] in self?.onActivate?() }
        signals.connect(entry.raw, .void("stop-search")) { [weak self] in self?.close() }
    }

    /// Whether the bar shows.
    var isOpen: Bool { gtk_widget_get_visible(widget) != 0 }

    /// Opens the bar with the keyboard in its entry, and `typed` (a letter typed on the strip) after what is there.
    func open(typing typed: String = "") {
        gtk_widget_set_visible(widget, 1)
        gtk_widget_grab_focus(entry)
        guard !typed.isEmpty else { return }
        let text = String(borrowingGLibString: gtk_editable_get_text(OpaquePointer(entry))) ?? ""
        gtk_editable_set_text(OpaquePointer(entry), text + typed)
        gtk_editable_set_position(OpaquePointer(entry), -1)
    }

    /// Closes the bar; its text goes, every card shows again, and the strip takes the keyboard back.
    func close() {
        guard isOpen else { return }
        gtk_editable_set_text(OpaquePointer(entry), "")
        gtk_widget_set_visible(widget, 0)
        // Said at once, not after the entry's pause for typing.
        onQuery?(CardQuery(""))
        onClose?()
    }
}
