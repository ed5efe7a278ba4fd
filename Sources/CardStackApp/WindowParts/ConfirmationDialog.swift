// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import CGtk
import GtkSupport

/// A question before something that can't be undone: Cancel by default (Enter and Escape), the destructive answer
/// in red, `confirmed` called once if the user picks it.
@MainActor
final class ConfirmationDialog {
    private let signals = SignalGroup()
    private var keepAlive: ConfirmationDialog?

    @discardableResult
    init(heading: String, body: String, cancel: String, confirm: String, parent: UnsafeMutablePointer<GtkWindow>,
         confirmed: @escaping @MainActor () -> Void) {
        let dialog = created(adw_message_dialog_new(parent, heading, body))
        adw_message_dialog_add_response(dialog.cast(), "cancel", cancel)
        adw_message_dialog_add_response(dialog.cast(), "confirm", confirm)
        adw_message_dialog_set_response_appearance(dialog.cast(), "confirm", ADW_RESPONSE_DESTRUCTIVE)
        adw_message_dialog_set_default_response(dialog.cast(), "cancel")
        adw_message_dialog_set_close_response(dialog.cast(), "cancel")
        signals.connect(dialog.raw, .pointer("response")) { [weak self] response in
            let answer = response.flatMap { String(borrowingGLibString: UnsafePointer($0.assumingMemoryBound(to: CChar.self))) }
            self?.signals.disconnectAll()
            self?.keepAlive = nil
            if answer == "confirm" { confirmed() }
        }
        keepAlive = self
        presentNamingButtons(dialog.cast())
    }
}
