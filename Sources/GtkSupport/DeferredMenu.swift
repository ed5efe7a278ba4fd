// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk

/// A menu button's menu model, handed to it the first time it opens rather than when it is built.
///
/// GtkMenuButton builds its popover, with a widget for every item, as soon as it has a model: 1–2 ms of a
/// launch for a primary menu nobody has opened yet. Given the model from its create-popup function instead, the
/// button is still sensitive and announces its popup, and F10, a click or a tap opens the menu as before; an
/// item added to the model later (Recent Decks) shows in it as before.
@MainActor
public enum DeferredMenu {
    /// Gives `button` (a GtkMenuButton) `model` (a GMenuModel, kept until the button goes) when it first opens.
    public static func attach(_ model: OpaquePointer, to button: UnsafeMutablePointer<GtkWidget>) {
        g_object_ref(UnsafeMutableRawPointer(model))
        gtk_menu_button_set_create_popup_func(OpaquePointer(button), { button, data in
            guard let button, let data else { return }
            // Called each time the menu opens; the popover made the first time stays.
            if gtk_menu_button_get_menu_model(button) == nil {
                gtk_menu_button_set_menu_model(button, data.assumingMemoryBound(to: GMenuModel.self))
            }
        }, UnsafeMutableRawPointer(model)) { data in
            g_object_unref(data)
        }
    }
}
