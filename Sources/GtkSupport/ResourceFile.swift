// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk

/// A compiled GResource file (`glib-compile-resources`), registered for the life of the process.
public enum ResourceFile {
    /// Registers the resource file at `path`, so GTK's automatic resources (the application's icons under its
    /// resource path) find what it holds; false when it can't be read.
    public static func register(path: String) -> Bool {
        var error: UnsafeMutablePointer<GError>?
        guard let resource = g_resource_load(path, &error) else {
            g_clear_error(&error)
            return false
        }
        // The registry keeps its own reference.
        g_resources_register(resource)
        g_resource_unref(resource)
        return true
    }
}
