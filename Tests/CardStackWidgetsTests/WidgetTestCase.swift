// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import CGtk
import GtkSupport
@_exported import GtkTestSupport
import XCTest

@testable import CardStackWidgets

/// A test that draws with GTK and libadwaita, as the widgets do.
class WidgetTestCase: XCTestCase {
    override func setUp() {
        super.setUp()
        let opened = GtkTestDisplay.open()
        XCTAssertTrue(opened, GtkTestDisplay.missingMessage)
        if opened { MainActor.assumeIsolated { adw_init() } }
    }

    /// Runs `body` with a painter for a realised widget in a window, destroyed afterwards.
    func withPainter(_ body: @MainActor (CardPainter, UnsafeMutablePointer<GtkWidget>) -> Void) {
        MainActor.assumeIsolated {
            let window = created(gtk_window_new())
            let area = created(gtk_drawing_area_new())
            gtk_window_set_child(window.cast(), area)
            gtk_widget_realize(area)
            defer {
                // What GDK has pending for the new window is handled before it goes: destroyed with events
                // pending, it left the next test's window failing (an XSyncBadCounter error, then a crash).
                _ = runMainLoop(until: { g_main_context_pending(nil) == 0 })
                gtk_window_destroy(window.cast())
            }
            body(CardPainter(widget: area), area)
        }
    }
}
