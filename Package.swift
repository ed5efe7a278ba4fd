// swift-tools-version: 6.0
// SPDX-License-Identifier: GPL-3.0-or-later
import PackageDescription

/// Dependency arrows point one way: app → widgets → (support layer, files, Markdown → core); app → logic → (support layer,
/// files, store, core); the store depends on the core. The core imports nothing of ours.
let package = Package(
    name: "CardStack",
    products: [
        .executable(name: "cardstack", targets: ["CardStackApp"]),
        .executable(name: "cardstack-bench", targets: ["CardStackBench"]),
        .executable(name: "cardstack-bare-window", targets: ["cardstack-bare-window"]),
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CGtk",
            pkgConfig: "gtk4",
            providers: [.apt(["libgtk-4-dev"])]
        ),
        // GDK's X11 backend and cairo's Xlib surfaces, for GtkSupport alone.
        .systemLibrary(
            name: "CGdkX11",
            pkgConfig: "gtk4-x11",
            providers: [.apt(["libgtk-4-dev"])]
        ),
        .systemLibrary(
            name: "CAdw",
            pkgConfig: "libadwaita-1",
            providers: [.apt(["libadwaita-1-dev"])]
        ),
        // exiv2 through libgexiv2: embedded RAW previews and metadata, for GtkSupport alone. Its headers, not its
        // library, which Exiv2Guard loads when a photo first needs it (GIO's flags find the headers' GLib).
        .systemLibrary(
            name: "CGexiv2",
            pkgConfig: "gio-2.0",
            providers: [.apt(["libgexiv2-dev"])]
        ),
        // GStreamer, for a video's poster frame and length, for GtkSupport alone (playing is GTK's own media stack).
        .systemLibrary(
            name: "CGst",
            pkgConfig: "gstreamer-1.0",
            providers: [.apt(["libgstreamer1.0-dev"])]
        ),
        // cmark-gfm, the CommonMark reference parser with GitHub's extensions, for CardStackMarkdown alone.
        .systemLibrary(
            name: "CCmark",
            pkgConfig: "libcmark-gfm",
            providers: [.apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"])]
        ),
        .target(name: "CardStackMarkdown", dependencies: ["CCmark", "CardStackCore"]),
        // gexiv2's parsing calls behind a C++ catch-all (exiv2 throws standard exceptions past gexiv2).
        .target(name: "Exiv2Guard", dependencies: ["CGexiv2"]),
        // glibc's gettext, and the app's message wrappers over it.
        .systemLibrary(name: "CGettext"),
        .target(name: "Translation", dependencies: ["CGettext"]),
        .target(name: "CardStackCore"),
        .target(name: "CardStackFiles", dependencies: ["CardStackCore", "Translation"]),
        .target(name: "CardStackStore", dependencies: ["CardStackCore", .product(name: "GRDB", package: "GRDB.swift")]),
        .target(name: "GtkSupport", dependencies: ["CardStackCore", "CGtk", "CGdkX11", "CGexiv2", "CGst", "Exiv2Guard", "Translation"]),
        .target(
            name: "CardStackWidgets",
            dependencies: ["CardStackCore", "CardStackFiles", "CardStackMarkdown", "GtkSupport", "Translation", "CGtk", "CAdw"]
        ),
        .target(name: "CardStackLogic", dependencies: ["CardStackCore", "CardStackFiles", "CardStackStore", "GtkSupport", "Translation"]),
        .executableTarget(
            name: "CardStackApp",
            dependencies: ["CardStackLogic", "CardStackWidgets", "CardStackCore", "CardStackFiles", "CardStackStore", "GtkSupport", "Translation", "CGtk", "CAdw"]
        ),
        // The deck readers and the RAW preview reader under libFuzzer (make fuzz), or replaying a corpus when built plainly.
        .executableTarget(name: "CardStackFuzz", dependencies: ["CardStackCore", "CardStackFiles", "CardStackMarkdown", "GtkSupport"]),
        // The startup benchmark's plain C baseline: the bare window written as any C libadwaita app would be.
        .executableTarget(name: "cardstack-bare-window", dependencies: ["CAdw"], path: "Sources/CardStackBareWindow"),
        .executableTarget(
            name: "CardStackBench",
            dependencies: ["CardStackWidgets", "CardStackCore", "CardStackFiles", "CardStackStore", "GtkSupport", "CGtk", "CAdw", "CGdkX11"]
        ),
        // Helpers the test targets share (seeded randomness, temporary folders, EXIF segments); never linked into
        // the app.
        .target(name: "CardStackTestSupport", path: "Tests/CardStackTestSupport"),
        .target(name: "GtkTestSupport", dependencies: ["CGtk"], path: "Tests/GtkTestSupport"),
        .testTarget(name: "CardStackCoreTests", dependencies: ["CardStackCore", "CardStackTestSupport"]),
        .testTarget(name: "CardStackFilesTests", dependencies: ["CardStackFiles", "CardStackCore", "CardStackTestSupport"]),
        .testTarget(name: "CardStackMarkdownTests", dependencies: ["CardStackMarkdown", "CardStackCore"]),
        .testTarget(name: "TranslationTests", dependencies: ["Translation", "CGettext", "CardStackTestSupport"]),
        .testTarget(name: "CardStackStoreTests", dependencies: ["CardStackStore", "CardStackCore", "CardStackTestSupport"]),
        .testTarget(name: "GtkSupportTests", dependencies: ["GtkSupport", "CGtk", "CGdkX11", "CardStackTestSupport", "GtkTestSupport"]),
        .testTarget(name: "CardStackWidgetsTests", dependencies: ["CardStackWidgets", "CardStackCore", "CardStackMarkdown", "GtkSupport", "CGtk", "CAdw", "GtkTestSupport"]),
        .testTarget(
            name: "CardStackLogicTests",
            dependencies: ["CardStackLogic", "CardStackCore", "CardStackStore", "CardStackFiles", "GtkSupport", "CardStackTestSupport", "GtkTestSupport", .product(name: "GRDB", package: "GRDB.swift")]
        ),
        .testTarget(name: "CardStackAppTests", dependencies: ["CardStackCore", "CardStackTestSupport"]),
    ]
)
