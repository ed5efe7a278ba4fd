// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import CGtk
import CardStackCore
import Foundation
import GtkSupport
import Translation

/// One line of History: what happened, to which card, and when.
public struct HistoryLine: Sendable, Equatable {
    /// What happened ("Keep", "Undone", "Back to the deck").
    public var what: String
    /// The card's title, when the step is about one card.
    public var card: String?
    public var date: Date

    public init(what: String, card: String?, date: Date) {
        self.what = what
        self.card = card
        self.date = date
    }
}

/// History: the deck's latest steps, newest first, read again whenever a step is made while it is open.
///
/// A list view, so only the rows on screen are built: a history of hundreds of steps opens as fast as one of
/// three (a box of 200 libadwaita rows took 100 ms to build and measure, `make bench`).
@MainActor
public final class HistorySheet: SheetOwner {
    /// The sheet's id in the stack.
    public static let id = "history"

    private let session: DeckSession
    private let lines: @MainActor () -> [HistoryLine]
    private let signals = SignalGroup()
    /// Each row's text: what and which card, a newline, when. The selection model owns it, the list view owns
    /// that, and the sheet's widgets own the list view, which lives as long as this sheet is shown.
    private let model = created(gtk_string_list_new(nil))
    private let list: UnsafeMutablePointer<GtkWidget>

    /// History of `session`'s deck; `lines` reads the latest steps from the store.
    public init(session: DeckSession, lines: @escaping @MainActor () -> [HistoryLine]) {
        self.session = session
        self.lines = lines
        let factory = created(gtk_signal_list_item_factory_new())
        // The selection model and the list view take the references they are given.
        let selection = created(gtk_no_selection_new(model))
        list = created(gtk_list_view_new(selection, factory))
        gtk_widget_add_css_class(list, "history")
        cs_accessible_set_label(OpaquePointer(list), tr("Latest steps"))
        signals.connect(factory.raw, .pointer("setup")) { item in
            guard let item else { return }
            let row = created(gtk_box_new(GTK_ORIENTATION_VERTICAL, 2))
            gtk_box_append(row.cast(), SheetParts.text(""))
            gtk_box_append(row.cast(), SheetParts.text("", classes: ["dim-label", "caption"]))
            gtk_list_item_set_child(OpaquePointer(item), row)
        }
        signals.connect(factory.raw, .pointer("bind")) { item in
            guard let item, let row = gtk_list_item_get_child(OpaquePointer(item)),
                  let object = gtk_list_item_get_item(OpaquePointer(item)),
                  let text = String(borrowingGLibString: gtk_string_object_get_string(OpaquePointer(object))),
                  let what = gtk_widget_get_first_child(row), let when = gtk_widget_get_last_child(row) else { return }
            let parts = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
            gtk_label_set_text(OpaquePointer(what), String(parts.first ?? ""))
            gtk_label_set_text(OpaquePointer(when), parts.count > 1 ? String(parts[1]) : "")
        }
        session.observe(as: self) { [weak self] _, _ in self?.update() }
        update()
    }

    /// The sheet to present.
    public var content: SheetContent {
        SheetContent(id: Self.id, title: tr("History"), body: list, owner: self)
    }

    public func sheetRemoved() {
        session.stopObserving(as: self)
        signals.disconnectAll()
    }

    private func update() {
        var texts = lines().map { line in
            (line.card.map { "\(line.what): \($0)" } ?? line.what) + "\n" + Self.timeFormatter.string(from: line.date)
        }
        if texts.isEmpty { texts = [tr("Nothing decided yet: the steps you make appear here.")] }
        withNullTerminatedCStrings(texts) { strings in
            gtk_string_list_splice(model, 0, g_list_model_get_n_items(model), strings)
        }
    }

    private static let timeFormatter: DateFormatter = {
        let formatter = DateFormatter()
        formatter.dateStyle = .short
        formatter.timeStyle = .medium
        return formatter
    }()
}
