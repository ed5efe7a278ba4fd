// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GtkSupport
import XCTest

final class DeferredMenuTests: GtkTestCase {
    func testTheMenuButtonGetsItsModelWhenItFirstOpens() throws {
        try MainActor.assumeIsolated {
            let window = created(gtk_window_new())
            let button = created(gtk_menu_button_new())
            gtk_window_set_child(window.cast(), button)
            let menu = try XCTUnwrap(g_menu_new())
            g_menu_append(menu, "_Quit", "app.quit")
            DeferredMenu.attach(menu, to: button)
            g_object_unref(UnsafeMutableRawPointer(menu))
            gtk_window_present(window.cast())
            defer { gtk_window_destroy(window.cast()) }

            XCTAssertNil(gtk_menu_button_get_popover(OpaquePointer(button)), "no popover built before it opens")
            XCTAssertNotEqual(gtk_widget_get_sensitive(button), 0, "a button with a menu to come can be clicked")
            gtk_menu_button_popup(OpaquePointer(button))
            let model = try XCTUnwrap(gtk_menu_button_get_menu_model(OpaquePointer(button)), "the model, kept alive by the button")
            XCTAssertEqual(g_menu_model_get_n_items(model), 1)
            let popover = try XCTUnwrap(gtk_menu_button_get_popover(OpaquePointer(button)))
            gtk_menu_button_popdown(OpaquePointer(button))
            gtk_menu_button_popup(OpaquePointer(button))
            XCTAssertEqual(gtk_menu_button_get_popover(OpaquePointer(button)), popover, "built once")
            gtk_menu_button_popdown(OpaquePointer(button))
        }
    }
}
