// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GtkSupport

/// The header bar's primary menu (F10): opening decks, getting decisions out, the deck's commands, the app.
@MainActor
enum PrimaryMenu {
    /// Sections of (label, detailed action), separated as GNOME menus are.
    private static let sections: [[(label: String, action: String)]] = [
        [("_Open Deck…", "win.open"), ("Open _Folder of Images…", "win.open-folder")],
        [("_Export Decisions…", "win.export"), ("Copy _Kept Photos…", "win.copy-kept"), ("Copy _Favourite Photos…", "win.copy-favourites")],
        [("Deck _Info", "win.deck-info"), ("_Move Card to Back", "deck.shift"), ("_Start Over", "deck.restart")],
        [("_Keyboard Shortcuts", "win.show-help-overlay"), ("_About CardStack", "app.about")],
    ]

    /// The menu button; `recentDecks` is the live submenu the window keeps filled.
    static func button(recentDecks: OpaquePointer) -> UnsafeMutablePointer<GtkWidget> {
        let menu = ObjectReference(adopting: created(g_menu_new()))
        for (index, items) in sections.enumerated() {
            let section = ObjectReference(adopting: created(g_menu_new()))
            for item in items { g_menu_append(section.pointer, item.label, item.action) }
            if index == 0 { g_menu_append_submenu(section.pointer, "_Recent Decks", recentDecks.cast()) }
            g_menu_append_section(menu.pointer, nil, section.pointer.cast())
        }
        let button = created(gtk_menu_button_new())
        gtk_menu_button_set_icon_name(OpaquePointer(button), "open-menu-symbolic")
        gtk_menu_button_set_menu_model(OpaquePointer(button), menu.pointer.cast())
        gtk_menu_button_set_primary(OpaquePointer(button), 1)
        gtk_widget_set_tooltip_text(button, "Main Menu")
        return button
    }
}
