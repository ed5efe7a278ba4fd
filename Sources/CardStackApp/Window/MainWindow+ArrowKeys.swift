// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import CGtk
import CardStackWidgets
import GtkSupport

extension MainWindow {
    /// On the Deck page, arrow keys swipe whatever has the focus (a button, the menu button once its menu
    /// closed), except a text field, a menu that is open or a burst's duel (whose arrows keep a frame): seen by the
    /// window before the focused widget. Under an open sheet they swipe only when Preferences says so, and never
    /// under Card details.
    func installArrowKeys() {
        let keys = created(gtk_event_controller_key_new())
        gtk_event_controller_set_propagation_phase(keys, GTK_PHASE_CAPTURE)
        signals.connect(keys.raw, .key("key-pressed")) { [unowned self] keyval, _, modifiers in
            // Card details decides its own card with the arrows; Deck info and History leave them to the deck
            // when Preferences says so.
            let sheetsAllow = sheets.openSheets.isEmpty || (arrowsDecideUnderSheets && !sheets.openSheets.contains(CardDetailsSheet.id))
            guard String(borrowingGLibString: adw_view_stack_get_visible_child_name(viewStack)) == "deck", sheetsAllow, let deckPage
            else { return false }
            if let focus = gtk_root_get_focus(OpaquePointer(window)) {
                let inPopover = gtk_widget_get_native(focus) != OpaquePointer(window)
                let isText = g_type_check_instance_is_a(UnsafeMutablePointer(OpaquePointer(focus)), gtk_editable_get_type()) != 0
                    || g_type_check_instance_is_a(UnsafeMutablePointer(OpaquePointer(focus)), gtk_text_view_get_type()) != 0
                if inPopover || isText || focus == deckPage.deckView.widget || focus == zoomView.widget || duelView.isShowing { return false }
            }
            return deckPage.swipe(forArrowKey: keyval, modifiers: modifiers)
        }
        gtk_widget_add_controller(window.cast(), keys)
    }
}
