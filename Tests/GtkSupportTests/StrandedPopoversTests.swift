// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GtkSupport
import XCTest

final class StrandedPopoversTests: GtkTestCase {
    /// GTK 4.8 unmaps an open popover with its parent but leaves it shown, holding its grab (and every key of the
    /// window): closing the stranded ones hides it, and leaves a popover open on screen alone.
    func testAPopoverLeftOpenOnAPageSwitchedAwayIsClosedAndOneOnScreenIsNot() throws {
        try MainActor.assumeIsolated {
            let window = created(gtk_window_new())
            let stack = created(gtk_stack_new())
            gtk_window_set_child(window.cast(), stack)
            let first = created(gtk_button_new_with_label("First"))
            let second = created(gtk_button_new_with_label("Second"))
            gtk_stack_add_named(OpaquePointer(stack), first, "first")
            gtk_stack_add_named(OpaquePointer(stack), second, "second")
            let menu = created(gtk_popover_new())
            gtk_popover_set_child(menu.cast(), created(gtk_label_new("Menu")))
            gtk_widget_set_parent(menu, first)
            gtk_window_present(window.cast())
            defer { gtk_window_destroy(window.cast()) }
            // A popover goes before the window: its parent must not be finalized with it still attached.
            defer { gtk_widget_unparent(menu) }
            XCTAssertTrue(runMainLoop(until: { gtk_widget_get_mapped(first) != 0 }))

            gtk_popover_popup(menu.cast())
            XCTAssertTrue(runMainLoop(until: { gtk_widget_get_mapped(menu) != 0 }), "the menu is open")
            XCTAssertEqual(StrandedPopovers.close(under: window.cast()), 0, "a menu open on screen stays open")
            XCTAssertNotEqual(gtk_widget_get_visible(menu), 0)

            gtk_stack_set_visible_child_name(OpaquePointer(stack), "second")
            XCTAssertEqual(gtk_widget_get_mapped(menu), 0, "unmapped with its page")
            XCTAssertNotEqual(gtk_widget_get_visible(menu), 0, "but still shown, with its grab")
            XCTAssertEqual(StrandedPopovers.close(under: window.cast()), 1)
            XCTAssertEqual(gtk_widget_get_visible(menu), 0, "hidden, so its grab is let go")
        }
    }
}
