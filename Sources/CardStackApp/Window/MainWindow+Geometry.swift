// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk

/// The window's size, kept between starts.
extension MainWindow {
    /// The size and maximized state the window had when it was last closed.
    func restoreGeometry() {
        let width = settings.integer("window-width", default: Self.defaultWidth)
        let height = settings.integer("window-height", default: Self.defaultHeight)
        gtk_window_set_default_size(window, max(360, width), max(360, height))
        if settings.boolean("window-maximized") { gtk_window_maximize(window) }
    }

    /// Keeps the window's size and maximized state for the next start.
    func saveGeometry() {
        var width: Int32 = 0
        var height: Int32 = 0
        gtk_window_get_default_size(window, &width, &height)
        settings.setInteger("window-width", width)
        settings.setInteger("window-height", height)
        settings.setBoolean("window-maximized", gtk_window_is_maximized(window) != 0)
        settings.save()
    }
}
