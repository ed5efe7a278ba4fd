// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import CGtk
import CardStackWidgets
import GtkSupport

/// An empty `AdwApplicationWindow` the size of the main window: the startup benchmark's baseline.
@MainActor
final class BareWindow {
    private let signals = SignalGroup()
    private var reported = false

    init(application: UnsafeMutablePointer<GtkApplication>) {
        let window: UnsafeMutablePointer<GtkWindow> = created(adw_application_window_new(application)).cast()
        gtk_window_set_default_size(window, MainWindow.defaultWidth, MainWindow.defaultHeight)
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
