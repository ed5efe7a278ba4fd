// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk

extension DataFiles.Icons {
    /// Gives the icon theme the icons of a run from the build folder, which the system theme doesn't have.
    ///
    /// Called after the first frame, which shows none of them: GTK reads the icon theme on another thread as it
    /// starts, and a folder added to the theme after that throws the reading away (waiting for it to finish if
    /// it is under way), so the next icon drawn reads the theme again on the main thread, about 25 ms here.
    @MainActor
    func addToIconTheme() {
        guard let display = gdk_display_get_default(), let theme = gtk_icon_theme_get_for_display(display) else { return }
        switch self {
        case .resource: gtk_icon_theme_add_resource_path(theme, Self.resourcePath)
        case .folder(let folder): gtk_icon_theme_add_search_path(theme, folder.path)
        }
    }
}
