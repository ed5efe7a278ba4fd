// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import CGtk
import CardStackCore
import CardStackWidgets
import Foundation
import GtkSupport
import Translation

/// `--print`: what a script gets on standard output when the window closes.
extension MainWindow {
    /// In a pipe, the header's Done: the way to finish, said where it is seen (closing the window does the same,
    /// which nothing told before): the cards decided are printed and the app ends.
    func showDoneButton() {
        // A tick rather than a word: a word's width made the header outgrow a 360 pt window.
        let done = created(gtk_button_new_from_icon_name("object-select-symbolic"))
        gtk_widget_add_css_class(done, "suggested-action")
        gtk_widget_set_tooltip_text(done, tr("Done: print the cards decided and finish; Esc on the Deck page cancels"))
        cs_accessible_set_label(OpaquePointer(done), tr("Done"))
        signals.connect(done.raw, .void("clicked")) { [unowned self] in
            Trace.log("print: done")
            gtk_window_close(window)
        }
        adw_header_bar_pack_start(OpaquePointer(header), done)
    }

    /// In a pipe, Esc on the Deck page with nothing over it (no sheet, no zoom, not full screen) cancels, as
    /// fzf's Esc does: nothing is printed and the exit status is 130; the decisions made are kept for the next run.
    func installPrintCancel() {
        let keys = created(gtk_event_controller_key_new())
        signals.connect(keys.raw, .key("key-pressed")) { [unowned self] keyval, _, modifiers in
            guard printing != nil, Int32(bitPattern: keyval) == GDK_KEY_Escape, modifiers.isPlain, !isFullScreen, sheets.openSheets.isEmpty,
                  !zoomView.isShowing, String(borrowingGLibString: adw_view_stack_get_visible_child_name(viewStack)) == "deck" else { return false }
            onCancelPrint?()
            return true
        }
        gtk_widget_add_controller(window.cast(), keys)
    }

    /// What the window closing answers a script that asked for the cards decided `directions`: those cards in
    /// the input's own form and deck order, and the exit status (0 when every card was decided, 1 when the
    /// window closed before, 2 when no deck could be read).
    func printedCards(decided directions: [SwipeDirection]) -> (output: Data, status: Int32) {
        guard let session, let deck = current?.deck else { return (Data(), 2) }
        let progress = session.progress
        let wanted = Set(directions)
        let chosen = deck.cards.indices.filter { progress.direction(of: $0).map(wanted.contains) ?? false }
        let status: Int32 = progress.isFinished ? 0 : 1
        if let input = opening.shownInput.input, let origins = opening.shownInput.origins {
            return (origins.printed(chosen, from: input), status)
        }
        // A folder has no text to print back: each chosen file's path, a line each, with the bytes of its name;
        // both files of a RAW+JPEG pair, as every action on the pair takes both.
        var output = Data()
        for index in chosen {
            let card = deck.cards[index]
            for path in card.filePaths.isEmpty ? [card.title] : card.filePaths {
                output.append(contentsOf: FileNameEncoding.fileSystemRepresentation(of: path).dropLast().map { UInt8(bitPattern: $0) })
                output.append(0x0A)
            }
        }
        return (output, status)
    }
}
