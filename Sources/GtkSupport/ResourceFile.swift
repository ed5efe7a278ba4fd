// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk

/// A compiled GResource file (`glib-compile-resources`), registered for the life of the process.
public enum ResourceFile {
    /// Registers the resource file at `path`, so what it holds is found under its paths (an icon theme's resource
    /// path, say); false when it can't be read.
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
