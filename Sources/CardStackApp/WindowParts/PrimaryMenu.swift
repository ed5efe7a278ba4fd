// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GtkSupport
import Translation

/// The header bar's primary menu (F10): opening decks, getting decisions out, the deck's commands, the app.
@MainActor
enum PrimaryMenu {
    /// Sections of (label, detailed action), separated as GNOME menus are.
    private static let sections: [[(label: String, action: String)]] = [
        [(tr("_Open Deck…"), "win.open"), (tr("Open _Folder…"), "win.open-folder"), (tr("Open _As…"), "win.open-as")],
        [(tr("_Export Decisions…"), "win.export"), (tr("_Copy or Move Files…"), "win.copy-files"), (tr("Move Files to _Trash…"), "win.trash-skipped")],
        [(tr("Deck _Info"), "win.deck-info"), (tr("_Move Card to Back"), "deck.shift"), (tr("_Start Over"), "deck.restart")],
        [(tr("_Preferences"), "win.preferences"), (tr("_Keyboard Shortcuts"), "win.show-help-overlay"), (tr("_About CardStack"), "app.about")],
    ]

    /// The menu button, and the section that holds Recent Decks, for `showRecentDecks`.
    static func button() -> (button: UnsafeMutablePointer<GtkWidget>, openSection: ObjectReference<OpaquePointer>) {
        let menu = ObjectReference(adopting: created(g_menu_new()))
        var openSection: ObjectReference<OpaquePointer>?
        for (index, items) in sections.enumerated() {
            let section = ObjectReference(adopting: created(g_menu_new()))
            for item in items { g_menu_append(section.pointer, item.label, item.action) }
            if index == 0 { openSection = section }
            g_menu_append_section(menu.pointer, nil, section.pointer.cast())
            if index == 2 {
                let order = photoOrderSection()
                withExtendedLifetime(order) { g_menu_append_section(menu.pointer, nil, order.pointer.cast()) }
            }
        }
        let button = created(gtk_menu_button_new())
        gtk_menu_button_set_icon_name(OpaquePointer(button), "open-menu-symbolic")
        DeferredMenu.attach(menu.pointer, to: button)
        gtk_menu_button_set_primary(OpaquePointer(button), 1)
        gtk_widget_set_tooltip_text(button, tr("Main Menu"))
        // Without a name a screen reader says "GtkMenuButton".
        cs_accessible_set_label(OpaquePointer(button), tr("Main Menu"))
        guard let openSection else { preconditionFailure("the menu has no sections") }
        return (button, openSection)
    }

    /// The order of a photo deck, as two radio items of `win.photo-order`; hidden for other decks, where the action
    /// is off.
    private static func photoOrderSection() -> ObjectReference<OpaquePointer> {
        let section = ObjectReference(adopting: created(g_menu_new()))
        for (label, value) in [(tr("Sort by _Time Taken"), "time-taken"), (tr("Sort by _Name"), "name")] {
            let item = ObjectReference(adopting: created(g_menu_item_new(label, nil)))
            g_menu_item_set_action_and_target_value(item.pointer, "win.photo-order", g_variant_new_string(value))
            g_menu_item_set_attribute_value(item.pointer, "hidden-when", g_variant_new_string("action-disabled"))
            g_menu_append_item(section.pointer, item.pointer)
        }
        return section
    }

    /// Shows the Recent Decks submenu (`recentDecks`, which the window keeps filled) only when it has decks:
    /// an empty submenu that opens on nothing is a dead end.
    static func showRecentDecks(_ shown: Bool, recentDecks: OpaquePointer, in section: OpaquePointer) {
        let openItems = sections[0].count
        let isShown = g_menu_model_get_n_items(UnsafeMutablePointer(section)) > openItems
        if shown && !isShown {
            g_menu_append_submenu(section, tr("_Recent Decks"), UnsafeMutablePointer(recentDecks))
        } else if !shown && isShown {
            g_menu_remove(section, Int32(openItems))
        }
    }
}
