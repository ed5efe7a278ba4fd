// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import XCTest

/// A test that talks to a real GTK: a display is required (`make check` runs the suite under Xvfb).
class GtkTestCase: XCTestCase {
    override func setUp() {
        super.setUp()
        // This process runs the UI tests too: registered on the accessibility bus but busy in a test, it would
        // stall every AT-SPI client (as the accessibility UI test is) until D-Bus gives up on it.
        setenv("GTK_A11Y", "none", 1)
        let initialised = MainActor.assumeIsolated { gtk_init_check() != 0 }
        XCTAssertTrue(initialised, "GTK needs a display: run the tests under xvfb-run, as `make check` does")
    }

}

/// Runs the main loop until `condition` holds or `limit` passes; returns whether it held.
@MainActor
func runMainLoop(until condition: () -> Bool, limit: TimeInterval = 5) -> Bool {
    let deadline = Date().addingTimeInterval(limit)
    while !condition() {
        if Date() > deadline { return false }
        g_main_context_iteration(nil, 0)
        usleep(1000)
    }
    return true
}

/// An object whose lifetime a test watches through a weak reference.
final class LifetimeToken {}
