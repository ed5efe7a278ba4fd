// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation

/// GTK for a test process, on the display the tests run under (`make check` runs the suite under Xvfb).
public enum GtkTestDisplay {
    /// What a test says when GTK finds no display.
    public static let missingMessage = "GTK needs a display: run the tests under xvfb-run, as `make check` does"

    /// Opens GTK on the display unless it is open; returns whether it is.
    public static func open() -> Bool {
        // This process runs the UI tests too: registered on the accessibility bus but busy in a test, it would
        // stall every AT-SPI client (as the accessibility UI test is) until D-Bus gives up on it.
        setenv("GTK_A11Y", "none", 1)
        return MainActor.assumeIsolated { gtk_init_check() != 0 }
    }
}

/// Runs the main loop until `condition` holds or `limit` passes; returns whether it held.
@MainActor
public func runMainLoop(until condition: () -> Bool, limit: TimeInterval = 5) -> Bool {
    let deadline = Date().addingTimeInterval(limit)
    while !condition() {
        if Date() > deadline { return false }
        g_main_context_iteration(nil, 0)
        usleep(1000)
    }
    return true
}
