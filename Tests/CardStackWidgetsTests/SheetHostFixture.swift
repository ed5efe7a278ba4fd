// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GtkSupport
import XCTest

@testable import CardStackWidgets

/// A sheet host over a page in a presented window, for the tests of how sheets are drawn and kept.
enum SheetHostFixture {
    /// A window of the bench's size, wider than a sheet, so the page shows above and beside the sheets.
    static let windowSize = (width: Int32(890), height: Int32(710))
    static let pageText = "The page under the sheets"

    /// Runs `check` on the main actor with a host over a page label in a presented window, animations off (unless
    /// `animated`) so sheets rest where they go at once.
    static func withHost(animated: Bool = false, _ check: @MainActor (SheetHost) throws -> Void) throws {
        try MainActor.assumeIsolated {
            setAnimations(animated)
            defer { setAnimations(true) }
            let page = created(gtk_label_new(pageText))
            gtk_widget_set_hexpand(page, 1)
            gtk_widget_set_vexpand(page, 1)
            let host = SheetHost(content: page)
            let window = created(gtk_window_new())
            defer { gtk_window_destroy(window.cast()) }
            gtk_window_set_default_size(window.cast(), windowSize.width, windowSize.height)
            gtk_window_set_child(window.cast(), host.widget)
            gtk_window_present(window.cast())
            _ = runMainLoop { gtk_widget_get_width(host.widget) == windowSize.width }
            try check(host)
        }
    }

    /// Runs the main loop until the host's sheets rest, laid out: the top sheet has its height.
    @MainActor
    static func settle(_ host: SheetHost) -> Bool {
        runMainLoop { !host.isMoving && host.frames.last.map { gtk_widget_get_height($0.widget) > 100 } ?? false }
    }

    @MainActor
    static func setAnimations(_ enabled: Bool) {
        cs_object_set_boolean(UnsafeMutableRawPointer(gtk_settings_get_default()), "gtk-enable-animations", enabled ? 1 : 0)
    }
}
