// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import CardStackCore
import CardStackFiles
import CardStackLogic
import CardStackStore
import CardStackWidgets
import Foundation
import GtkSupport
import Translation

/// Export…: getting decisions out of the app without ever touching the originals.
@MainActor
struct DeckExportActions {
    let window: UnsafeMutablePointer<GtkWindow>
    let journal: DecisionJournal
    let toast: @MainActor (String) -> Void

    /// Asks where to save and in which format, then writes the decisions as CSV, or JSON (by the file's
    /// extension, which the chooser adds from the format chosen when the name has none).
    func export(_ deck: Deck, key: DeckKey) {
        DeckChooser(.export(suggestedName: String(format: tr("%@ decisions"), deck.title)), parent: window) { url in
            do {
                let rows = try journal.storage.perform({ try $0.exportRows(of: deck, key: key) }).get().value
                let text = url.pathExtension.lowercased() == "json" ? DecisionExport.json(rows) : DecisionExport.csv(rows)
                try ExportFile.write(Data(text.utf8), to: url)
                var message = String(format: trn("Exported %1$ld decision to “%2$@”", "Exported %1$ld decisions to “%2$@”", rows.count), rows.count, FileNameEncoding.displayName(of: url))
                // What is on disk and this window's own steps: say which part the file never got.
                let unsaved = journal.unsavedStepCount
                if unsaved > 0 { message += String(format: trn(", with %ld step of this window that is not saved on disk", ", with %ld steps of this window that are not saved on disk", unsaved), unsaved) }
                toast(message)
            } catch let error as DecisionStoreError {
                toast(error.description)
            } catch {
                toast(String(format: tr("Can't write “%1$@”: %2$@"), FileNameEncoding.displayName(of: url), error.localizedDescription))
            }
        }
    }
}
