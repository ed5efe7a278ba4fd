// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import CGtk
import CardStackWidgets
import GtkSupport

/// The startup benchmark's baseline (`cardstack --bare`): a window the main window's size with what every app
/// shows (a header bar with a title and a menu button, a paragraph of text), so the comparison counts what
/// CardStack adds to any app's first frame rather than what any app pays for its header and fonts.
@MainActor
final class BareWindow {
    /// About as long as a status page's description or an About dialog's comment: a few wrapped lines.
    static let paragraph = "Sort cards into piles by swiping them left, right, up or down. Every decision is kept on "
        + "disk, can be undone, and is there again the next time the deck is opened."

    private let signals = SignalGroup()
    private let menu = ObjectReference(adopting: created(g_menu_new()))
    private var reported = false

    init(application: UnsafeMutablePointer<GtkApplication>) {
        let window: UnsafeMutablePointer<GtkWindow> = created(adw_application_window_new(application)).cast()
        gtk_window_set_default_size(window, MainWindow.defaultWidth, MainWindow.defaultHeight)
        let header = created(adw_header_bar_new())
        adw_header_bar_set_title_widget(OpaquePointer(header), created(adw_window_title_new(CardStackApplication.name, nil)))
        g_menu_append(menu.pointer, "_About CardStack", "app.about")
        g_menu_append(menu.pointer, "_Quit", "app.quit")
        let menuButton = created(gtk_menu_button_new())
        gtk_menu_button_set_icon_name(OpaquePointer(menuButton), "open-menu-symbolic")
        gtk_menu_button_set_menu_model(OpaquePointer(menuButton), menu.pointer.cast())
        adw_header_bar_pack_end(OpaquePointer(header), menuButton)
        let label = created(gtk_label_new(Self.paragraph))
        gtk_label_set_wrap(OpaquePointer(label), 1)
        gtk_label_set_max_width_chars(OpaquePointer(label), 60)
        gtk_widget_set_vexpand(label, 1)
        gtk_widget_set_margin_start(label, 24)
        gtk_widget_set_margin_end(label, 24)
        let content = created(gtk_box_new(GTK_ORIENTATION_VERTICAL, 0))
        gtk_box_append(content.cast(), header)
        gtk_box_append(content.cast(), label)
        adw_application_window_set_content(window.cast(), content)
        gtk_window_present(window)
        TickCallback.add(to: window.cast()) { [weak self] _, frameClock in
            self?.signals.connect(frameClock.raw, .void("after-paint")) { [weak self] in
                guard let self, !reported else { return }
                reported = true
                Trace.log("first frame; bare")
            }
            return false
        }
    }
}
