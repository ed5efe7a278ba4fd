// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import Foundation
import CGtk
import CardStackCore
import GtkSupport
import Translation

/// The files a batch left where they were, each with why: the others went, these are listed so none goes unseen.
@MainActor
enum FailedFilesDialog {
    /// Rows shown before "and N more".
    static let listedLimit = 200

    /// Presents `failures` (path and reason) over `parent`, under `heading`.
    static func present(_ failures: [(path: String, reason: String)], heading: String, parent: UnsafeMutablePointer<GtkWindow>) {
        let dialog = created(adw_message_dialog_new(parent, heading, tr("The other files went. These are where they were:")))
        let column = created(gtk_box_new(GTK_ORIENTATION_VERTICAL, 6))
        for failure in failures.prefix(listedLimit) {
            let name = failure.path.isEmpty ? tr("The store") : FileNameEncoding.displayName(of: URL(fileURLWithPath: failure.path))
            let label = created(gtk_label_new("\(VisibleControlCharacters.replacing(in: name)): \(failure.reason)"))
            gtk_label_set_xalign(OpaquePointer(label), 0)
            gtk_label_set_wrap(OpaquePointer(label), 1)
            gtk_label_set_wrap_mode(OpaquePointer(label), PANGO_WRAP_WORD_CHAR)
            gtk_box_append(column.cast(), label)
        }
        if failures.count > listedLimit {
            let more = created(gtk_label_new(String(format: tr("and %ld more"), failures.count - listedLimit)))
            gtk_label_set_xalign(OpaquePointer(more), 0)
            gtk_box_append(column.cast(), more)
        }
        let scrolled = created(gtk_scrolled_window_new())
        gtk_scrolled_window_set_policy(OpaquePointer(scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_max_content_height(OpaquePointer(scrolled), 220)
        gtk_scrolled_window_set_propagate_natural_height(OpaquePointer(scrolled), 1)
        gtk_scrolled_window_set_child(OpaquePointer(scrolled), column)
        adw_message_dialog_set_extra_child(dialog.cast(), scrolled)
        adw_message_dialog_add_response(dialog.cast(), "close", tr("_Close"))
        adw_message_dialog_set_default_response(dialog.cast(), "close")
        gtk_window_present(dialog.cast())
    }
}
