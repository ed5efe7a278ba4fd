// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import CGtk
import CardStackCore
import CardStackFiles
import CardStackWidgets
import Dispatch
import Foundation
import GtkSupport
import Translation

/// The review before files go to the trash: how many, how large, each by name; then moving them in the
/// background, a file that fails staying where it is with its reason.
@MainActor
final class TrashDialog {
    /// What moving went like: the files now in the trash, and those that stayed, with why.
    struct Outcome {
        var trashed: [String]
        var failed: [(path: String, reason: String)]
    }

    private let dialog: UnsafeMutablePointer<GtkWidget>
    private let signals = SignalGroup()
    private var keepAlive: TrashDialog?

    /// Names shown in the list before "and N more": a review, not a file manager.
    static let listedLimit = 200

    /// Asks whether `files` (paths) of the cards decided `label` go to the trash, over `parent`; `finished` gets
    /// what happened once they were moved (nothing when the user cancels).
    @discardableResult
    init(files: [String], decided label: String, parent: UnsafeMutablePointer<GtkWindow>, finished: @escaping @MainActor (Outcome) -> Void) {
        let sizes = files.map { FileStatus(path: $0)?.size ?? 0 }
        let total = sizes.reduce(0, +)
        dialog = adw_message_dialog_new(parent, String(format: trn("Move %ld File to the Trash?", "Move %ld Files to the Trash?", files.count), files.count), nil)
        adw_message_dialog_set_body(dialog.cast(), String(format: tr("The files of the cards decided “%@”, %@ in all, with their RAW files and sidecars. Restore brings them back, and so does the trash."),
                                                          label, ByteCount.text(total)))
        adw_message_dialog_set_extra_child(dialog.cast(), Self.list(files, sizes: sizes))
        adw_message_dialog_add_response(dialog.cast(), "cancel", tr("_Cancel"))
        adw_message_dialog_add_response(dialog.cast(), "trash", tr("_Move to Trash"))
        adw_message_dialog_set_response_appearance(dialog.cast(), "trash", ADW_RESPONSE_DESTRUCTIVE)
        adw_message_dialog_set_default_response(dialog.cast(), "cancel")
        adw_message_dialog_set_close_response(dialog.cast(), "cancel")
        signals.connect(dialog.raw, .pointer("response")) { [weak self] response in
            let chosen = response.flatMap { String(borrowingGLibString: UnsafePointer($0.assumingMemoryBound(to: CChar.self))) }
            self?.signals.disconnectAll()
            self?.keepAlive = nil
            guard chosen == "trash" else { return }
            Trace.log("trash: moving \(files.count) files")
            DispatchQueue.global(qos: .userInitiated).async {
                var outcome = Outcome(trashed: [], failed: [])
                for path in files {
                    switch Trash.move(fileSystemPath: FileNameEncoding.fileSystemRepresentation(of: path)) {
                    case .success: outcome.trashed.append(path)
                    case .failure(let failure): outcome.failed.append((path, failure.description))
                    }
                }
                let handoff = OutcomeHandoff(outcome)
                MainContext.invoke { finished(handoff.outcome) }
            }
        }
        keepAlive = self
        gtk_window_present(dialog.cast())
    }

    /// The files, a line each with its size, in a list that scrolls past a few lines.
    private static func list(_ files: [String], sizes: [UInt64]) -> UnsafeMutablePointer<GtkWidget> {
        let column = created(gtk_box_new(GTK_ORIENTATION_VERTICAL, 2))
        for (path, size) in zip(files, sizes).prefix(listedLimit) {
            let name = FileNameEncoding.displayName(of: URL(fileURLWithPath: path))
            let label = created(gtk_label_new("\(VisibleControlCharacters.replacing(in: name)) · \(ByteCount.text(size))"))
            gtk_label_set_xalign(OpaquePointer(label), 0)
            gtk_label_set_ellipsize(OpaquePointer(label), PANGO_ELLIPSIZE_MIDDLE)
            gtk_box_append(column.cast(), label)
        }
        if files.count > listedLimit {
            let more = created(gtk_label_new(String(format: tr("and %ld more"), files.count - listedLimit)))
            gtk_label_set_xalign(OpaquePointer(more), 0)
            gtk_box_append(column.cast(), more)
        }
        let scrolled = created(gtk_scrolled_window_new())
        gtk_scrolled_window_set_policy(OpaquePointer(scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_max_content_height(OpaquePointer(scrolled), 180)
        gtk_scrolled_window_set_propagate_natural_height(OpaquePointer(scrolled), 1)
        gtk_scrolled_window_set_child(OpaquePointer(scrolled), column)
        return scrolled
    }
}

/// Moves an outcome from the trashing thread to the main actor.
private final class OutcomeHandoff: @unchecked Sendable {
    let outcome: TrashDialog.Outcome
    init(_ outcome: TrashDialog.Outcome) { self.outcome = outcome }
}
