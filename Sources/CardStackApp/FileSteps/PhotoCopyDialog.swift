// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import CGtk
import CardStackCore
import CardStackFiles
import Dispatch
import Foundation
import GtkSupport
import Translation

/// Copies files into a folder in the background, with a progress bar and a Cancel button.
@MainActor
final class PhotoCopyDialog {
    private let dialog: UnsafeMutablePointer<GtkWidget>
    private let progressBar: UnsafeMutablePointer<GtkWidget>
    private let signals = SignalGroup()
    private let cancellation = CancellationFlag()
    private var keepAlive: PhotoCopyDialog?

    /// Starts copying `copy` and shows its progress over `parent`; `finished` gets the outcome.
    @discardableResult
    init(_ copy: PhotoCopy, parent: UnsafeMutablePointer<GtkWindow>, finished: @escaping @MainActor (PhotoCopy.Outcome) -> Void) {
        dialog = adw_message_dialog_new(parent, tr("Copying Files"), nil)
        let count = copy.sources.count
        adw_message_dialog_set_body(dialog.cast(), String(format: trn("%1$ld file to “%2$@”. The originals stay where they are.", "%1$ld files to “%2$@”. The originals stay where they are.", count),
                                                          count, FileNameEncoding.displayName(of: copy.destination)))
        adw_message_dialog_add_response(dialog.cast(), "cancel", tr("_Cancel"))
        progressBar = gtk_progress_bar_new()
        gtk_progress_bar_set_show_text(OpaquePointer(progressBar), 1)
        adw_message_dialog_set_extra_child(dialog.cast(), progressBar)
        let cancellation = self.cancellation
        signals.connect(dialog.raw, .pointer("response")) { _ in cancellation.cancel() }
        keepAlive = self
        presentNamingButtons(dialog.cast())

        DispatchQueue.global(qos: .userInitiated).async {
            let outcome = copy.run(
                progress: { done, total in
                    MainContext.invoke { [weak self] in self?.show(done: done, of: total) }
                },
                isCancelled: { cancellation.isCancelled }
            )
            MainContext.invoke { [weak self] in
                self?.close()
                finished(outcome)
            }
        }
    }

    private func show(done: Int, of total: Int) {
        gtk_progress_bar_set_fraction(OpaquePointer(progressBar), total == 0 ? 1 : Double(done) / Double(total))
        gtk_progress_bar_set_text(OpaquePointer(progressBar), String(format: tr("%1$ld of %2$ld"), done, total))
    }

    private func close() {
        signals.disconnectAll()
        gtk_window_destroy(dialog.cast())
        keepAlive = nil
    }
}
