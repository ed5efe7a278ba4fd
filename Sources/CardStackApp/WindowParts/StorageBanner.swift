// SPDX-License-Identifier: GPL-3.0-or-later
import CardStackCore
import CardStackWidgets
import CGtk
import GtkSupport

/// A bar under the header bar that stays while something the user counts on is not happening (decisions not
/// saved to disk, sidecars not written), saying why: a toast goes after five seconds, and "not saving" is worth
/// knowing all along (libadwaita 1.2 has no `AdwBanner`).
@MainActor
final class StorageBanner {
    let widget: UnsafeMutablePointer<GtkWidget>
    private let label: UnsafeMutablePointer<GtkWidget>
    private let signals = SignalGroup()

    init() {
        label = created(gtk_label_new(nil))
        gtk_label_set_wrap(OpaquePointer(label), 1)
        gtk_label_set_xalign(OpaquePointer(label), 0)
        gtk_widget_set_hexpand(label, 1)
        // The label alone in its bar: beside an icon, GTK 4.8 measures a wrapping label's height inconsistently.
        let box = created(gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0))
        gtk_widget_add_css_class(box, "storage-banner")
        gtk_box_append(box.cast(), label)
        widget = created(gtk_revealer_new())
        gtk_revealer_set_child(OpaquePointer(widget), box)
        // Its wrapping label would be measured in every layout of the window while folded.
        FoldedRevealer.hideWhileFolded(widget, with: signals)
    }

    /// Hides the bar (its reason no longer holds: another deck is open) once it has folded.
    func hide() {
        FoldedRevealer.fold(widget)
    }

    /// Shows `message` (the reason first, the file last) until the window closes or ``hide()``.
    func show(_ message: String) {
        gtk_label_set_text(OpaquePointer(label), VisibleControlCharacters.replacing(in: message))
        FoldedRevealer.reveal(widget)
        Trace.log("storage banner: \(message)")
    }
}
