// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Glibc

/// The D-Bus session bus, connected to before GTK starts so that GTK's accessibility is left off where there is none.
@MainActor
public enum SessionBus {
    /// The connection, kept for the life of the process: GApplication registers on this same one (the bus
    /// connection is a shared singleton), so asking early costs nothing.
    private static var connection: OpaquePointer?

    /// Connects to the session bus; where none can be reached, turns GTK's accessibility off (`GTK_A11Y=none`,
    /// unless the user has set it) and answers false.
    ///
    /// GTK 4.8 names each widget's accessible object under the application's path on the session bus. Without the
    /// bus those objects have no path, yet an accessibility bus may still be reachable (the address an X display
    /// holds in `AT_SPI_BUS`, for a program run with `sudo` in a desktop session, or one whose session bus has
    /// gone): removing a shown widget then crashes in `gtk_at_spi_cache_remove_context`, which looks the missing
    /// path up in a table of strings. A screen reader could not reach those objects anyway. Call before GTK
    /// starts: it reads `GTK_A11Y` when it makes the first widget, and keeps what it read.
    public static func connectOrLeaveAccessibilityOff() -> Bool {
        var error: UnsafeMutablePointer<GError>?
        defer { g_clear_error(&error) }
        if let bus = g_bus_get_sync(G_BUS_TYPE_SESSION, nil, &error) {
            connection = bus
            return true
        }
        // Not overwriting: a value the user set stays.
        setenv("GTK_A11Y", "none", 0)
        return false
    }
}
