// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import CardStackWidgets
import GtkSupport
import Translation

/// A bar under the header bar while files move (to the trash, back from it): what is moving, how far it has
/// come, and Cancel, which stops between two files.
@MainActor
final class FileProgressBar {
    let widget: UnsafeMutablePointer<GtkWidget>
    private let label: UnsafeMutablePointer<GtkWidget>
    private let bar: UnsafeMutablePointer<GtkWidget>
    private let signals = SignalGroup()
    /// Told when the user presses Cancel.
    var onCancel: (@MainActor () -> Void)?

    init() {
        label = created(gtk_label_new(nil))
        gtk_label_set_xalign(OpaquePointer(label), 0)
        gtk_label_set_ellipsize(OpaquePointer(label), PANGO_ELLIPSIZE_END)
        bar = created(gtk_progress_bar_new())
        gtk_widget_set_valign(bar, GTK_ALIGN_CENTER)
        let cancel = mnemonicButton(tr("_Cancel"))
        gtk_widget_set_valign(cancel, GTK_ALIGN_CENTER)
        let text = created(gtk_box_new(GTK_ORIENTATION_VERTICAL, 6))
        gtk_widget_set_hexpand(text, 1)
        gtk_box_append(text.cast(), label)
        gtk_box_append(text.cast(), bar)
        let box = created(gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12))
        gtk_widget_add_css_class(box, "storage-banner")
        gtk_box_append(box.cast(), text)
        gtk_box_append(box.cast(), cancel)
        widget = created(gtk_revealer_new())
        gtk_revealer_set_child(OpaquePointer(widget), box)
        // Hidden, not only folded: a screen reader meets its Cancel only while something moves.
        gtk_widget_set_visible(widget, 0)
        signals.connect(cancel.raw, .void("clicked")) { [weak self] in self?.onCancel?() }
    }

    /// Shows `text` with `done` of `total` files moved.
    func show(_ text: String, done: Int, of total: Int) {
        gtk_label_set_text(OpaquePointer(label), text)
        gtk_progress_bar_set_fraction(OpaquePointer(bar), total > 0 ? Double(done) / Double(total) : 0)
        // Spoken as a screen reader's progress value: how many files, not a bare fraction.
        gtk_progress_bar_set_text(OpaquePointer(bar), String(format: tr("%1$ld of %2$ld"), done, total))
        FoldedRevealer.reveal(widget)
    }

    /// Hides the bar: nothing is moving.
    func hide() {
        gtk_revealer_set_reveal_child(OpaquePointer(widget), 0)
        gtk_widget_set_visible(widget, 0)
    }
}
