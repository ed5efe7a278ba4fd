// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import CGtk
import CardStackWidgets
import GtkSupport
import Translation

/// Full screen: F11, the header bar's button or the Deck page's; the header and the bottom switcher go, a photo
/// deck's photo is shown edge to edge, and Escape (or F11 again) leaves.
extension MainWindow {
    static func makeFullScreenButton() -> UnsafeMutablePointer<GtkWidget> {
        let button = created(gtk_button_new_from_icon_name("view-fullscreen-symbolic"))
        gtk_actionable_set_action_name(OpaquePointer(button), "win.fullscreen")
        let name = tr("Full Screen (F11)")
        gtk_widget_set_tooltip_text(button, name)
        cs_accessible_set_label(OpaquePointer(button), name)
        // Shown with a deck: the welcome and error pages have nothing to fill the screen with.
        gtk_widget_set_visible(button, 0)
        return button
    }

    /// Whether the window fills the screen.
    var isFullScreen: Bool { gtk_window_is_fullscreen(window) != 0 }

    func installFullScreen() {
        addWindowAction("fullscreen") { [unowned self] in
            if isFullScreen { gtk_window_unfullscreen(window) } else { gtk_window_fullscreen(window) }
        }
        signals.connect(window.raw, .pointer("notify::fullscreened")) { [unowned self] _ in fullScreenChanged() }
        // Escape leaves full screen when nothing nearer takes it: a sheet or a zoomed photo closes first.
        let keys = created(gtk_event_controller_key_new())
        signals.connect(keys.raw, .key("key-pressed")) { [unowned self] keyval, _, modifiers in
            guard Int32(bitPattern: keyval) == GDK_KEY_Escape, modifiers.isPlain, isFullScreen else { return false }
            gtk_window_unfullscreen(window)
            return true
        }
        gtk_widget_add_controller(window.cast(), keys)
    }

    /// Shows or hides the bars for the window's state, and tells the Deck page.
    func fullScreenChanged() {
        let full = isFullScreen
        Trace.log("full screen: \(full ? "on" : "off")")
        gtk_widget_set_visible(header, full ? 0 : 1)
        headerSwitcher.isHiddenForFullScreen = full
        deckPage?.isFullScreen = full
    }
}
