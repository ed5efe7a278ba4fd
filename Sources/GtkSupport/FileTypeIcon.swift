// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk

/// The icon Files shows for a kind of file, as a picture file of the icon theme: what a card of a file without a
/// thumbnail shows.
@MainActor
public enum FileTypeIcon {
    /// The path of the icon theme's picture, at least `size` px, for a file named `name` (its type guessed from
    /// the name, as Files guesses it before reading a file); nil when the theme has none as a file.
    public static func path(forFileNamed name: String, size: Int32) -> String? {
        guard let display = gdk_display_get_default() else { return nil }
        var uncertain: gboolean = 0
        guard let type = g_content_type_guess(name, nil, 0, &uncertain) else { return nil }
        defer { g_free(type) }
        guard let icon = g_content_type_get_icon(type) else { return nil }
        defer { g_object_unref(icon.raw) }
        let theme = gtk_icon_theme_get_for_display(display)
        guard let paintable = gtk_icon_theme_lookup_by_gicon(theme, icon, size, 1, GTK_TEXT_DIR_NONE, GtkIconLookupFlags(0)) else { return nil }
        defer { g_object_unref(paintable.raw) }
        guard let file = gtk_icon_paintable_get_file(paintable) else { return nil }
        defer { g_object_unref(file.raw) }
        guard let path = g_file_get_path(file) else { return nil }
        defer { g_free(path) }
        return String(cString: path)
    }
}

/// What a kind of file is called, as Files names it in its Type column ("JPEG image", "PDF document").
public enum ContentType {
    /// The description of the type of a file named `name`, guessed from the name; nil when GIO has none.
    public static func description(ofFileNamed name: String) -> String? {
        var uncertain: gboolean = 0
        guard let type = g_content_type_guess(name, nil, 0, &uncertain) else { return nil }
        defer { g_free(type) }
        return String(takingGLibString: g_content_type_get_description(type))
    }
}
