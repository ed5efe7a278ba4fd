// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Where the app's own data (style sheet, bundled decks, icons, compiled schema) is, installed or not.
///
/// Installed by meson-wrap, the binary is `PREFIX/bin/cardstack` and the data `PREFIX/share/cardstack`.
/// Run from a SwiftPM build, the data is the source tree's `data/` folder, and the Makefile compiles the
/// GSettings schema and the icons next to the binary.
struct DataFiles: Sendable {
    /// Folder with `style.css` and `decks/`.
    let directory: URL
    /// The app's icons when running uninstalled (installed icons are in the system theme): `icons.gresource`,
    /// which the Makefile compiles next to the binary, or failing that the source tree's `data/icons`.
    let icons: Icons?

    /// Where the icons of an uninstalled run are; given to the icon theme once the first frame is painted
    /// (``addToIconTheme()``).
    enum Icons {
        /// A compiled resource holding them under ``resourcePath``.
        case resource(URL)
        /// A folder for the icon theme's search path, where GTK looks for each of the system themes' folders
        /// (650 file-system calls, 2 ms here).
        case folder(URL)

        /// Where `icons.gresource` holds the icons, laid out as a theme's folders are (`data/icons/icons.gresource.xml`).
        static let resourcePath = "/io/github/cardstack/CardStack/icons"
    }

    /// Folder with `gschemas.compiled` for the app's schema when it is not installed system-wide.
    let schemaDirectory: URL?
    /// Folder with the compiled catalogues (`LANGUAGE/LC_MESSAGES/cardstack.mo`): the install prefix's
    /// `share/locale`, or `locale` next to an uninstalled binary.
    let localeDirectory: URL

    var styleSheet: URL { directory.appendingPathComponent("style.css") }
    var sampleDeck: URL { directory.appendingPathComponent("decks/sample.json") }

    /// Finds the data: `CARDSTACK_DATA_DIR`, then the install prefix, then the source tree.
    static func locate() -> DataFiles {
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        let binDirectory = executable.deletingLastPathComponent()
        let localSchemas = binDirectory.appendingPathComponent("schemas")
        let schemaDirectory = FileManager.default.fileExists(atPath: localSchemas.appendingPathComponent("gschemas.compiled").path)
            ? localSchemas : nil
        let share = binDirectory.deletingLastPathComponent().appendingPathComponent("share")
        let installed = share.appendingPathComponent("cardstack")
        let isInstalled = FileManager.default.fileExists(atPath: installed.appendingPathComponent("decks").path)
        let localeDirectory = isInstalled ? share.appendingPathComponent("locale") : binDirectory.appendingPathComponent("locale")
        if let override = ProcessInfo.processInfo.environment["CARDSTACK_DATA_DIR"], !override.isEmpty {
            return DataFiles(directory: URL(fileURLWithPath: override), icons: nil, schemaDirectory: schemaDirectory,
                             localeDirectory: localeDirectory)
        }
        if isInstalled {
            return DataFiles(directory: installed, icons: nil, schemaDirectory: schemaDirectory, localeDirectory: localeDirectory)
        }
        // The repository's data/ folder, beside the Package.swift above this source file, wherever in Sources it is.
        var repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while repository.path != "/", !FileManager.default.fileExists(atPath: repository.appendingPathComponent("Package.swift").path) {
            repository.deleteLastPathComponent()
        }
        let source = repository.appendingPathComponent("data")
        let resource = binDirectory.appendingPathComponent("icons.gresource")
        let icons: Icons = FileManager.default.fileExists(atPath: resource.path)
            ? .resource(resource) : .folder(source.appendingPathComponent("icons"))
        return DataFiles(directory: source, icons: icons, schemaDirectory: schemaDirectory, localeDirectory: localeDirectory)
    }
}
