// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import CardStackCore
import Foundation
import GtkSupport
import Translation

/// The Keyboard Shortcuts window (Ctrl+?), built from GtkBuilder XML as GTK intends.
@MainActor
enum ShortcutsWindow {
    /// Builds the shortcuts window, with the deck's names for its directions ("Read", not "Swipe right"), and
    /// shows it over `window`.
    ///
    /// Built when asked for (`win.show-help-overlay`, Ctrl+?) rather than kept as the window's help overlay:
    /// GtkBuilder takes about 10 ms for it, which every launch paid twice before its first frame (for the window,
    /// then for the deck).
    static func present(over window: UnsafeMutablePointer<GtkWindow>, deck: Deck?) {
        let builder = ObjectReference(adopting: created(gtk_builder_new_from_string(definition(for: deck), -1)))
        guard let overlay = gtk_builder_get_object(builder.pointer, "help_overlay") else { return }
        let shortcuts = UnsafeMutablePointer<GtkWindow>(OpaquePointer(overlay))
        // GTK 4.8 names the window by its class ("GtkShortcutsWindow") to screen readers.
        cs_accessible_set_label(OpaquePointer(shortcuts), tr("Keyboard Shortcuts"))
        gtk_window_set_transient_for(shortcuts, window)
        gtk_window_set_modal(shortcuts, 1)
        nameButtonsAsShown(under: UnsafeMutablePointer(OpaquePointer(shortcuts)), iconNames: ["edit-find-symbolic": tr("Search Shortcuts")],
                           otherwise: tr("Shortcut Sections"))
        // Key caps showing a key symbol's name show the name a person reads. A section's pages are titled "_1",
        // "_2", which their buttons show as mnemonics, and Orca spoke each button's key binding as "_1": they are
        // titled as shown.
        forEachWidget(under: UnsafeMutablePointer(OpaquePointer(shortcuts))) { widget in
            forEachStackPage(of: widget) { _, page in
                if let title = String(borrowingGLibString: gtk_stack_page_get_title(page)), title.contains("_") {
                    gtk_stack_page_set_title(page, withoutMnemonic(title))
                }
            }
            guard isWidget(widget, of: gtk_label_get_type()), let text = String(borrowingGLibString: gtk_label_get_text(OpaquePointer(widget))),
                  let read = keyNamesAsRead[text] else { return }
            gtk_label_set_text(OpaquePointer(widget), read)
        }
        // Presented once named: a name changed on show is spoken as it changes.
        gtk_window_present(shortcuts)
    }

    /// `title` as a mnemonic label shows it: each underscore gone but the second of a pair ("_1" is "1").
    private static func withoutMnemonic(_ title: String) -> String {
        var shown = ""
        var escaped = false
        for character in title {
            if character == "_", !escaped {
                escaped = true
                continue
            }
            shown.append(character)
            escaped = false
        }
        return shown
    }

    /// Keys GTK 4.8 labels by their key symbol's name where no catalogue of its own translates it (English):
    /// "Page_Up" on a key cap, which a person reads "Page Up".
    private static let keyNamesAsRead = ["Page_Up": tr("Page Up"), "Page_Down": tr("Page Down")]



    private static func sections(for deck: Deck?) -> [(title: String, shortcuts: [(accelerator: String, title: String)])] {
        let swipes: [(accelerator: String, title: String)] = [SwipeDirection.right, .left, .up, .down].compactMap { direction in
            guard deck?.allowedDirections.contains(direction) ?? true else { return nil }
            let name = direction.rawValue.prefix(1).uppercased() + direction.rawValue.dropFirst()
            let swipe = switch direction {
            case .left: tr("Swipe left")
            case .right: tr("Swipe right")
            case .up: tr("Swipe up")
            case .down: tr("Swipe down")
            }
            return (name, deck.map { String(format: tr("%1$@ (%2$@)"), $0.label(for: direction), swipe.lowercased()) } ?? swipe)
        }
        let photos: [(title: String, shortcuts: [(accelerator: String, title: String)])] = deck.map { !$0.isPhotoDeck } ?? false ? [] : [
            (tr("Photos"), [
                ("1 2 3 4 5", tr("Give that many stars")),
                ("0", tr("No stars")),
                ("6 7 8 9", tr("Red, yellow, green or blue label; again to take it off")),
                ("p", deck.map { $0.label(for: .right) } ?? tr("Keep")),
                ("x", deck.map { $0.label(for: .left) } ?? tr("Skip")),
                ("z", tr("Zoom to full size at the pointer, and back")),
                ("i", tr("Shooting data over the photo")),
                ("F11", tr("Full screen")),
                ("space", tr("Play a video or Live Photo in its place, and stop it")),
            ]),
        ]
        return [(tr("Deck"), swipes + [
            ("<Primary>z", tr("Undo")),
            ("<Primary><Shift>z", tr("Redo")),
        ])] + photos + otherSections
    }

    /// Made when asked for, in the user's language.
    private static var otherSections: [(title: String, shortcuts: [(accelerator: String, title: String)])] {
        [
            (tr("Browse"), [
                ("Left Right", tr("Previous or next card")),
                ("Home End", tr("First or last card")),
                ("Page_Up Page_Down", tr("Ten cards back or on")),
                ("1 2 3 4", tr("Decide the centred card, in the buttons' order")),
                ("<Primary>f", tr("Find cards by the words typed (or type a letter)")),
            ]),
            (tr("Piles"), [
                ("Return space", tr("Expand or collapse a pile")),
                ("Escape", tr("Collapse the pile")),
                ("Up Down", tr("Previous or next card of an expanded pile")),
                ("Delete", tr("Return the card to the deck")),
                ("Menu <Shift>F10", tr("Move the card to another pile")),
            ]),
            (tr("Sheets"), [
                ("Return", tr("Card details (the front card, an open pile's card, the centred card)")),
                ("<Primary>i", tr("Deck info")),
                ("<Primary>l", tr("Open the card's link")),
                ("Escape", tr("Close the top sheet")),
                ("Up Down", tr("On a sheet's handle: taller or shorter")),
            ]),
            (tr("Pages"), [
                ("<Alt>1", tr("Deck")),
                ("<Alt>2", tr("Piles")),
                ("<Alt>3", tr("Browse")),
            ]),
            (tr("General"), [
                ("<Primary>o", tr("Open deck")),
                ("<Primary><Shift>o", tr("Open folder")),
                ("<Primary>comma", tr("Preferences")),
                ("<Primary>question", tr("Keyboard shortcuts")),
                ("F10", tr("Main menu")),
                ("<Primary>w", tr("Close window")),
                ("<Primary>q", tr("Quit")),
            ]),
        ]
    }

    private static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;")
            .replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }

    private static func definition(for deck: Deck?) -> String {
        // Explicit String types: with GRDB linked in, an unannotated literal here can be inferred as its SQL type.
        let groups: String = sections(for: deck).map { section -> String in
            let shortcuts: String = section.shortcuts.map { shortcut -> String in
                """
                <child><object class="GtkShortcutsShortcut">
                  <property name="accelerator">\(escaped(shortcut.accelerator))</property>
                  <property name="title">\(escaped(shortcut.title))</property>
                </object></child>
                """
            }.joined()
            return """
            <child><object class="GtkShortcutsGroup">
              <property name="title">\(escaped(section.title))</property>
              \(shortcuts)
            </object></child>
            """
        }.joined()
        return """
        <?xml version="1.0" encoding="UTF-8"?>
        <interface>
          <object class="GtkShortcutsWindow" id="help_overlay">
            <property name="modal">1</property>
            <child><object class="GtkShortcutsSection">
              <property name="section-name">shortcuts</property>
              <property name="max-height">12</property>
              \(groups)
            </object></child>
          </object>
        </interface>
        """
    }
}
