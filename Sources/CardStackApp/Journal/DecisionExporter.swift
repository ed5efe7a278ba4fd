// SPDX-License-Identifier: GPL-3.0-or-later
import CardStackCore
import CardStackFiles
import CardStackLogic
import CardStackStore
import Foundation
import GtkSupport
import Translation

/// `cardstack --export DECK`: prints the decisions made on a deck to stdout, without opening a window.
enum DecisionExporter {
    /// Writes the export to stdout and returns 0; on failure says why on stderr and returns 1.
    static func run(
        deckPath: String, format: LaunchOptions.ExportFormat, includesSubfolders: Bool = false, environment: [String: String] = ProcessInfo.processInfo.environment) -> Int32 {
        let url: URL
        switch CommandLineFile.localPath(of: FileNameEncoding.fileSystemRepresentation(of: deckPath)) {
        case .success(let path): url = URL(fileURLWithPath: FileNameEncoding.text(fromBytes: path))
        case .failure(let remote):
            fail(String(format: tr("Can't export “%@”: give a deck file or folder on this computer"), remote.uri))
            return 1
        }
        do {
            let deck = try DeckLoader.load(from: url, imageExtensions: ImageDecoder.supportedExtensions, includesSubfolders: includesSubfolders)
            let storeURL = DecisionStore.defaultURL(environment: environment)
            // Read from a copy: exporting never writes to the database (no migration, no log file), so it works
            // while the app has it open, and no database yet means no decisions rather than a new file.
            let store = try DecisionStore.snapshot(of: storeURL)
            var rows = try store.exportRows(of: deck, key: DeckKey(url: url))
            // Photos decided in a folder opened with its subfolders (--recursive) are not in the folder alone: it
            // is read again with them, and that is said, rather than printing rows without a name or a path.
            if !includesSubfolders, FileStatus(path: url.path)?.kind == .folder, rows.contains(where: { $0.title.isEmpty }) {
                let whole = try DeckLoader.load(from: url, imageExtensions: ImageDecoder.supportedExtensions, includesSubfolders: true)
                let wholeRows = try store.exportRows(of: whole, key: DeckKey(url: url))
                if wholeRows.filter({ $0.title.isEmpty }).count < rows.filter({ $0.title.isEmpty }).count {
                    rows = wholeRows
                    StandardError.report(String(format: tr("The decisions on “%@” were made with its subfolders (--recursive): they are exported with them"),
                                                deck.title))
                }
            }
            let text = format == .csv ? DecisionExport.csv(rows) : DecisionExport.json(rows)
            FileHandle.standardOutput.write(Data(text.utf8))
            return 0
        } catch let error as DeckLoadError {
            fail(error.description)
        } catch let error as DecisionStoreError {
            fail(error.readingDescription)
        } catch {
            fail("\(error)")
        }
        return 1
    }

    private static func fail(_ message: String) {
        StandardError.report(message)
    }
}
