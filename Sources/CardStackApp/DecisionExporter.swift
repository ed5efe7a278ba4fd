// SPDX-License-Identifier: GPL-3.0-or-later
import CardStackCore
import Foundation

/// `cardstack --export`: prints a deck's decisions without opening a window.
enum DecisionExporter {
    /// Writes the export to stdout; errors go to stderr with a non-zero status.
    static func run(deckPath: String, format: LaunchOptions.ExportFormat) -> Int32 {
        FileHandle.standardError.write(Data("cardstack: export is not available in this build\n".utf8))
        return 1
    }
}
