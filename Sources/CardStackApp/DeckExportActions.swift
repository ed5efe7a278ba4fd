// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import CardStackCore
import CardStackFiles
import CardStackStore
import CardStackWidgets
import Foundation
import GtkSupport

/// Export…: getting decisions out of the app without ever touching the originals.
@MainActor
struct DeckExportActions {
    let window: UnsafeMutablePointer<GtkWindow>
    let journal: DecisionJournal
    let toast: @MainActor (String) -> Void

    /// Asks where to save and in which format, then writes the decisions as CSV, or JSON (by the file's
    /// extension, which the chooser adds from the format chosen when the name has none).
    func export(_ deck: Deck, key: DeckKey) {
        DeckChooser(.export(suggestedName: "\(deck.title) decisions"), parent: window) { url in
            do {
                let rows = try journal.store.exportRows(of: deck, key: key)
                let text = url.pathExtension.lowercased() == "json" ? DecisionExport.json(rows) : DecisionExport.csv(rows)
                try ExportFile.write(Data(text.utf8), to: url)
                var message = "Exported \(rows.count) \(rows.count == 1 ? "decision" : "decisions") to “\(FileNameEncoding.displayName(of: url))”"
                // What is on disk and this window's own steps: say which part the file never got.
                let unsaved = journal.unsavedStepCount
                if unsaved > 0 { message += ", with \(unsaved) \(unsaved == 1 ? "step" : "steps") of this window that are not saved on disk" }
                toast(message)
            } catch let error as DecisionStoreError {
                toast(error.description)
            } catch {
                toast("Can't write “\(FileNameEncoding.displayName(of: url))”: \(error.localizedDescription)")
            }
        }
    }
}
