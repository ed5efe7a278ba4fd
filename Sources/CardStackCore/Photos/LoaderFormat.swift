// SPDX-License-Identifier: GPL-3.0-or-later

/// Photo formats read only through an image loader that a system may not have installed, and the Debian package
/// that brings it: a folder of such photos without the loader is said to lack it, not shown as file icons in
/// silence.
public enum LoaderFormat {
    /// The package that reads each format's extension (lowercased).
    public static let packages: [String: String] = [
        "heic": "heif-gdk-pixbuf", "heif": "heif-gdk-pixbuf", "hif": "heif-gdk-pixbuf",
        "avif": "libavif-gdk-pixbuf",
    ]

    /// The format of `path`, by its extension, when it is one an installed loader must read and none of
    /// `readable` (the installed loaders' extensions) is it; nil otherwise.
    public static func missingFormat(of path: String, readable: Set<String>) -> String? {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
        let format = path[path.index(after: dot)...].lowercased()
        return packages[format] != nil && !readable.contains(format) ? format : nil
    }
}
