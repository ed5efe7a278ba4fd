// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import CGtk
import CardStackCore
import CardStackFiles
import Foundation
import GtkSupport
import Translation

/// Open As…: which field of a list's records fills which part of its cards, for when the common names guessed
/// wrong. Each part is a row choosing among the input's own fields ("Automatic" keeps the guess), and the first
/// cards are shown as the choice would make them, before anything is opened.
@MainActor
final class OpenAsDialog {
    /// The parts a person chooses, in the order a card shows them, with the row's title.
    static var parts: [(role: CardFieldMapping.Role, title: String)] {
        [(.title, tr("Title")), (.subtitle, tr("Subtitle")), (.body, tr("Text")), (.link, tr("Link")), (.image, tr("Picture")), (.id, tr("Identity"))]
    }
    /// How many cards the preview shows.
    static let previewCount = 5
    /// How much of the file the dialog reads: the first cards and their fields, never a whole big file.
    static let sampleLength = 1_048_576

    let window: UnsafeMutablePointer<GtkWidget>
    /// The main window, which gets the keyboard back when the dialog closes (no window manager may be there to
    /// give it).
    private let parent: UnsafeMutablePointer<GtkWindow>
    private let signals = SignalGroup()
    private let sample: Data
    private let format: DeckFormat
    private let fields: [String]
    private let baseDirectory: URL
    private var rows: [(role: CardFieldMapping.Role, row: UnsafeMutablePointer<AdwComboRow>)] = []
    /// A subtitle of several fields (`#{number} · {labels}`), which wins over the subtitle's field when it names one.
    private let subtitleTemplate = created(adw_entry_row_new())
    private let preview: UnsafeMutablePointer<AdwPreferencesGroup>
    private var previewRows: [UnsafeMutablePointer<GtkWidget>] = []
    /// Called with the chosen fields when the person presses Open.
    var onOpen: (@MainActor (CardFieldMapping) -> Void)?

    /// The dialog for the deck file at `url`, over `parent`, starting from `current`; nil with a message when
    /// the file can't be read or its cards have no fields to choose (a Markdown list, a CardStack deck).
    static func make(for url: URL, current: CardFieldMapping, over parent: UnsafeMutablePointer<GtkWindow>) -> Result<OpenAsDialog, OpenAsError> {
        guard let handle = FileHandle(forReadingAtPath: url.path), let sample = try? handle.read(upToCount: sampleLength) else {
            return .failure(OpenAsError(message: String(format: tr("“%@” can't be read"), FileNameEncoding.displayName(of: url))))
        }
        // A UTF-16 or UTF-32 file is read as the deck will be; a cut in its last character only spoils the sample.
        let text = ((try? DeckText.utf8(fromWide: sample)) ?? nil) ?? sample
        let format = DeckFormat.recognise(text, fileExtension: url.pathExtension.lowercased())
        let fields = DeckReader.fieldNames(in: text, as: format)
        guard !fields.isEmpty else {
            return .failure(OpenAsError(message: String(format: tr("“%@” has no fields to choose from: only lists of objects (JSON) and tables (CSV) do"), FileNameEncoding.displayName(of: url))))
        }
        return .success(OpenAsDialog(sample: text, format: format, fields: fields, baseDirectory: url.deletingLastPathComponent(), current: current, over: parent))
    }

    private init(sample: Data, format: DeckFormat, fields: [String], baseDirectory: URL, current: CardFieldMapping, over parent: UnsafeMutablePointer<GtkWindow>) {
        self.sample = sample
        self.format = format
        self.fields = fields
        self.baseDirectory = baseDirectory
        self.parent = parent
        window = created(adw_window_new())
        gtk_window_set_title(window.cast(), tr("Open As"))
        gtk_window_set_modal(window.cast(), 1)
        gtk_window_set_transient_for(window.cast(), parent)
        gtk_window_set_default_size(window.cast(), 480, 640)
        gtk_window_set_destroy_with_parent(window.cast(), 1)

        let header = created(adw_header_bar_new())
        adw_header_bar_set_show_end_title_buttons(OpaquePointer(header), 0)
        let cancel = mnemonicButton(tr("_Cancel"))
        let open = mnemonicButton(tr("_Open"))
        gtk_widget_add_css_class(open, "suggested-action")
        adw_header_bar_pack_start(OpaquePointer(header), cancel)
        adw_header_bar_pack_end(OpaquePointer(header), open)

        let page = created(adw_preferences_page_new())
        let choices: UnsafeMutablePointer<AdwPreferencesGroup> = created(adw_preferences_group_new()).cast()
        adw_preferences_group_set_title(choices, tr("Fields"))
        adw_preferences_group_set_description(choices, tr("Which field of each record fills each part of its card. A subtitle template joins several, each named in braces: #{number} · {labels}"))
        preview = created(adw_preferences_group_new()).cast()
        adw_preferences_group_set_title(preview, tr("First Cards"))
        adw_preferences_page_add(page.cast(), choices)
        adw_preferences_page_add(page.cast(), preview)

        let names = [tr("Automatic")] + fields
        for (role, title) in Self.parts {
            let row: UnsafeMutablePointer<AdwComboRow> = created(adw_combo_row_new()).cast()
            adw_preferences_row_set_title(row.cast(), title)
            let model = withNullTerminatedCStrings(names) { gtk_string_list_new($0) }
            adw_combo_row_set_model(row, model)
            // The row holds the model now.
            if let model { g_object_unref(UnsafeMutableRawPointer(model)) }
            let chosen = current.chosen[role].flatMap { field in fields.firstIndex { $0.lowercased() == field.lowercased() } }
            adw_combo_row_set_selected(row, UInt32(chosen.map { $0 + 1 } ?? 0))
            signals.connect(row.raw, .pointer("notify::selected")) { [weak self] _ in self?.updatePreview() }
            adw_preferences_group_add(choices, row.cast())
            rows.append((role, row))
            if role == .subtitle {
                adw_preferences_row_set_title(subtitleTemplate.cast(), tr("Subtitle Template"))
                if let chosen = current.chosen[.subtitle], FieldTemplate(chosen) != nil {
                    gtk_editable_set_text(OpaquePointer(subtitleTemplate), chosen)
                }
                signals.connect(subtitleTemplate.raw, .void("changed")) { [weak self] in self?.updatePreview() }
                adw_preferences_group_add(choices, subtitleTemplate)
            }
        }

        let box = created(gtk_box_new(GTK_ORIENTATION_VERTICAL, 0))
        gtk_box_append(box.cast(), header)
        gtk_widget_set_vexpand(page, 1)
        gtk_box_append(box.cast(), page)
        adw_window_set_content(window.cast(), box)

        signals.connect(cancel.raw, .void("clicked")) { [weak self] in self?.close() }
        signals.connect(open.raw, .void("clicked")) { [weak self] in
            guard let self else { return }
            let mapping = mapping
            close()
            onOpen?(mapping)
        }
        updatePreview()
    }

    /// Shows the dialog.
    func present() {
        gtk_window_present(window.cast())
    }

    /// Closes the dialog and gives the keyboard back to the main window.
    private func close() {
        gtk_window_close(window.cast())
        gtk_window_present(parent)
    }

    /// The fields chosen in the rows: "Automatic" leaves a part to the common names.
    var mapping: CardFieldMapping {
        var chosen: [CardFieldMapping.Role: String] = [:]
        for (role, row) in rows {
            let selected = Int(adw_combo_row_get_selected(row))
            if selected > 0, selected <= fields.count { chosen[role] = fields[selected - 1] }
        }
        let template = String(borrowingGLibString: gtk_editable_get_text(OpaquePointer(subtitleTemplate))) ?? ""
        if FieldTemplate(template) != nil { chosen[.subtitle] = template }
        return CardFieldMapping(chosen: chosen)
    }

    /// The first cards as the chosen fields make them, or why they can't be made.
    private func updatePreview() {
        for row in previewRows { adw_preferences_group_remove(preview, row) }
        previewRows = []
        let lines: [(title: String, subtitle: String)]
        do throws(DeckLoadError) {
            let deck = try DeckReader.read(sample, as: format, title: "", baseDirectory: baseDirectory, mapping: mapping, cardLimit: Self.previewCount).deck
            lines = deck.cards.map { card in
                (card.shownTitle, [card.shownSubtitle, card.linkSite].compactMap { $0 }.joined(separator: " · "))
            }
        } catch {
            lines = [(tr("These fields don't make cards"), error.description)]
        }
        for line in lines {
            let row = created(adw_action_row_new())
            adw_preferences_row_set_title(row.cast(), LiteralMarkup.of(line.title))
            adw_action_row_set_subtitle(row.cast(), LiteralMarkup.of(line.subtitle))
            adw_preferences_group_add(preview, row)
            previewRows.append(row)
        }
    }
}

/// Why Open As… can't be offered for a deck, in a sentence.
struct OpenAsError: Error {
    let message: String
}
