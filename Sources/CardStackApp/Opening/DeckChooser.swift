// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import CardStackCore
import Foundation
import GtkSupport
import Translation

/// The Open Deck and Open Folder dialogs (the portal's native chooser where there is one).
///
/// GTK 4.8 has no `GtkFileDialog`; `GtkFileChooserNative` cannot offer files and folders at once, so decks in
/// files and photo folders get one dialog each.
@MainActor
final class DeckChooser {
    enum Kind: Equatable {
        case file
        /// A folder to copy or move into.
        case folder
        /// A folder to open as a deck, with an "Include subfolders" switch set as given; the switch's state comes
        /// back through ``onIncludesSubfolders`` before `choose`.
        case deckFolder(includesSubfolders: Bool)
        /// A file to export decisions to, starting with a suggested name (without extension), with a choice of
        /// format; the chosen format's extension is added unless the name ends in .csv or .json already.
        case export(suggestedName: String)
    }

    private let dialog: ObjectReference<OpaquePointer>
    private let signals = SignalGroup()
    private var keepAlive: DeckChooser?
    /// Hears the "Include subfolders" switch of a ``Kind/deckFolder(includesSubfolders:)`` dialog when a folder is
    /// chosen.
    var onIncludesSubfolders: (@MainActor (Bool) -> Void)?

    /// Shows the dialog over `parent`; `choose` gets the picked path.
    @discardableResult
    init(_ kind: Kind, parent: UnsafeMutablePointer<GtkWindow>, choose: @escaping @MainActor (URL) -> Void) {
        let (title, action, accept) = switch kind {
        case .file: (tr("Open Deck"), GTK_FILE_CHOOSER_ACTION_OPEN, tr("_Open"))
        case .folder: (tr("Choose a Folder"), GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER, tr("_Select"))
        case .deckFolder: (tr("Open Folder"), GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER, tr("_Open"))
        case .export: (tr("Export Decisions"), GTK_FILE_CHOOSER_ACTION_SAVE, tr("_Export"))
        }
        dialog = ObjectReference(adopting: gtk_file_chooser_native_new(title, parent, action, accept, tr("_Cancel")))
        let chooser = dialog.pointer
        switch kind {
        case .file:
            // Any list is a deck, whatever it is called: the first filter names the usual kinds, the last lets
            // every file through (a list saved without an extension, a log).
            addFilter(tr("Lists (JSON, CSV, Markdown, text)"), suffixes: ["json", "jsonl", "ndjson", "csv", "tsv", "md", "markdown", "txt"], to: chooser)
            addFilter(tr("JSON and JSON Lines"), suffixes: ["json", "jsonl", "ndjson"], to: chooser)
            addFilter(tr("Spreadsheets (CSV, TSV)"), suffixes: ["csv", "tsv"], to: chooser)
            addFilter(tr("Markdown and text"), suffixes: ["md", "markdown", "txt"], to: chooser)
            addFilter(tr("All files"), patterns: ["*"], to: chooser)
        case .export(let name):
            gtk_file_chooser_set_current_name(chooser, name)
            withNullTerminatedCStrings(Self.formats.map(\.id)) { ids in
                withNullTerminatedCStrings(Self.formats.map(\.label)) { labels in
                    gtk_file_chooser_add_choice(chooser, Self.formatChoice, tr("Format"), ids, labels)
                }
            }
            gtk_file_chooser_set_choice(chooser, Self.formatChoice, Self.formats[0].id)
        case .deckFolder(let includesSubfolders):
            // A choice without options is a switch (a check button in GTK's own dialog).
            gtk_file_chooser_add_choice(chooser, Self.subfoldersChoice, tr("Include subfolders"), nil, nil)
            gtk_file_chooser_set_choice(chooser, Self.subfoldersChoice, includesSubfolders ? "true" : "false")
        case .folder:
            break
        }
        gtk_native_dialog_set_modal(chooser.cast(), 1)
        signals.connect(chooser.raw, .int("response")) { [unowned self] response in
            if response == GTK_RESPONSE_ACCEPT.rawValue,
               let file = gtk_file_chooser_get_file(chooser) {
                let owned = ObjectReference(adopting: file)
                if let path = takingGLibPath(g_file_get_path(owned.pointer)) {
                    var url = URL(fileURLWithPath: FileNameEncoding.text(fromBytes: path))
                    if case .deckFolder = kind {
                        let choice = String(borrowingGLibString: gtk_file_chooser_get_choice(chooser, Self.subfoldersChoice))
                        onIncludesSubfolders?(choice == "true")
                    }
                    if case .export = kind, !Self.formats.contains(where: { $0.id == url.pathExtension.lowercased() }) {
                        let format = String(borrowingGLibString: gtk_file_chooser_get_choice(chooser, Self.formatChoice)) ?? Self.formats[0].id
                        url.appendPathExtension(format)
                    }
                    choose(url)
                }
            }
            signals.disconnectAll()
            keepAlive = nil
        }
        // The dialog lives until it answers, even though nobody else holds it.
        keepAlive = self
        gtk_native_dialog_show(chooser.cast())
    }

    /// The export formats, by extension, as the Format choice offers them.
    static var formats: [(id: String, label: String)] { [("csv", tr("CSV (spreadsheets)")), ("json", "JSON")] }
    private static let formatChoice = "format"
    private static let subfoldersChoice = "subfolders"

    private func addFilter(_ name: String, suffixes: [String] = [], patterns: [String] = [], to chooser: OpaquePointer) {
        let filter = ObjectReference(sinking: created(gtk_file_filter_new()))
        gtk_file_filter_set_name(filter.pointer, name)
        for suffix in suffixes { gtk_file_filter_add_suffix(filter.pointer, suffix) }
        for pattern in patterns { gtk_file_filter_add_pattern(filter.pointer, pattern) }
        gtk_file_chooser_add_filter(chooser, filter.pointer)
    }
}
