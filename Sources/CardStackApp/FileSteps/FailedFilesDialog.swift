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
    /// Presents `failures` (path and reason) over `parent`, under `heading`.
    static func present(_ failures: [(path: String, reason: String)], heading: String, parent: UnsafeMutablePointer<GtkWindow>) {
        let dialog = created(adw_message_dialog_new(parent, heading, tr("The other files went. These are where they were:")))
        let scrolled = DialogFileList.make(failures, spacing: 6) { failure in
            let name = failure.path.isEmpty ? tr("The store") : FileNameEncoding.displayName(of: URL(fileURLWithPath: failure.path))
            let label = created(gtk_label_new("\(VisibleControlCharacters.replacing(in: name)): \(failure.reason)"))
            gtk_label_set_xalign(OpaquePointer(label), 0)
            gtk_label_set_wrap(OpaquePointer(label), 1)
            gtk_label_set_wrap_mode(OpaquePointer(label), PANGO_WRAP_WORD_CHAR)
            return label
        }
        adw_message_dialog_set_extra_child(dialog.cast(), scrolled)
        adw_message_dialog_add_response(dialog.cast(), "close", tr("_Close"))
        adw_message_dialog_set_default_response(dialog.cast(), "close")
        presentNamingButtons(dialog.cast())
    }
}
