// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import CGtk
import CardStackCore
import Foundation
import GtkSupport
import Translation

/// History: the deck's latest steps, newest first, read again whenever a step is made while it is open.
///
/// A list view, whose model grows as the reader scrolls: GTK 4.8's list view builds a row for every item up to
/// 200 of them, on screen or not, so a model of every step made opening History take 60–85 ms with 200 steps
/// against 5–8 ms with ten (`make bench`); a box of 200 libadwaita rows had taken 100 ms.
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
    /// Every step, newest first; the model holds the text of the first `shown` of them, each written as it is
    /// first shown: History reads up to 1,000 steps, again at every step made while it is open, and writing all
    /// their dates up front took 10 of the 11.7 ms that making the sheet took (1.2 ms without).
    private var steps: [HistoryLine] = []
    private var shown = 0
    /// The scrolled window's adjustment the list was given, watched for the reader nearing the end.
    private var watched: UnsafeMutablePointer<GtkAdjustment>?
    /// The idle callback adding rows, while one is due.
    private var growing: UInt32?
    private let firstRows: Int

    /// How tall a row is, in points: a line of text and a caption line (36 pt at the default font size).
    static let rowHeight = 36.0
    /// The rows the model first holds: as many as fill `height` points of the sheet, and one more, each about
    /// 1 ms to build as History opens; the rest come as the reader scrolls. Filling a 1,000 pt sheet whatever
    /// the window took 24 rows, where a 710 pt window shows at most 18.
    static func firstRows(toFill height: Double) -> Int {
        let fill = height.isFinite && height > 0 ? height : 1_000
        return min(200, Int((fill / rowHeight).rounded(.up)) + 1)
    }
    /// Rows added each time the reader scrolls within a screenful of the end.
    static let moreRows = 40

    /// History of `session`'s deck, in a sheet that shows at most `height` points of it (``SheetHost/tallestSheet``);
    /// `lines` reads the latest steps from the store.
    public init(session: DeckSession, filling height: Double, lines: @escaping @MainActor () -> [HistoryLine]) {
        self.session = session
        self.lines = lines
        firstRows = Self.firstRows(toFill: height)
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
            // The date on one line: with both lines wrapping, opening History with 200 steps took 18–23 ms
            // against 13–17.
            gtk_box_append(row.cast(), SheetParts.line("", classes: ["dim-label", "caption"]))
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
        // The list is given its scrolled window's adjustment when the sheet is put together.
        signals.connect(list.raw, .pointer("notify::vadjustment")) { [weak self] _ in self?.watchScrolling() }
        // Observing the session and up to date, as each time it is shown again.
        sheetReturned()
    }

    private func watchScrolling() {
        guard let adjustment = gtk_scrollable_get_vadjustment(OpaquePointer(list)), adjustment != watched else { return }
        watched = adjustment
        signals.connect(adjustment.raw, .void("value-changed")) { [weak self] in self?.growIfNearTheEnd() }
        signals.connect(adjustment.raw, .pointer("notify::upper")) { [weak self] _ in self?.growIfNearTheEnd() }
    }

    /// Adds the next rows when the reader has scrolled within a screenful of the last one, or when the rows do
    /// not fill the screen; in idle time, as the adjustment changes while the list is laid out. Not before the
    /// reader scrolls: rows built while the sheet slides in would cost its frames.
    private func growIfNearTheEnd() {
        guard shown < steps.count, let adjustment = watched, growing == nil else { return }
        let page = gtk_adjustment_get_page_size(adjustment)
        let value = gtk_adjustment_get_value(adjustment), upper = gtk_adjustment_get_upper(adjustment)
        guard page > 0, value + 2 * page >= upper, value > 0 || upper <= page else { return }
        growing = IdleCallback.add { [weak self] in
            guard let self else { return false }
            growing = nil
            show(min(steps.count, shown + Self.moreRows), from: shown)
            return false
        }
    }

    /// Puts the texts of the first `count` steps in the model (or, with none, a line saying so), replacing what
    /// it held from `start` on: the rows before it stay as they are, bound, and where the reader is.
    private func show(_ count: Int, from start: Int = 0) {
        shown = count
        let texts = steps.isEmpty ? [tr("Nothing decided yet: the steps you make appear here.")] : steps[start..<count].map(Self.text)
        withNullTerminatedCStrings(texts) { strings in
            gtk_string_list_splice(model, UInt32(start), g_list_model_get_n_items(model) - UInt32(start), strings)
        }
    }

    /// The sheet to present.
    public var content: SheetContent {
        SheetContent(id: Self.id, title: tr("History"), body: list, owner: self)
    }

    public func sheetRemoved() {
        if let growing { IdleCallback.remove(growing) }
        growing = nil
        session.stopObserving(as: self)
    }

    /// Shown again, History starts from its first rows, as it opened; the model changes only if the steps did.
    public func sheetReturned() {
        session.observe(as: self) { [weak self] _, _ in self?.update() }
        let read = lines()
        let rows = min(max(read.count, 1), firstRows)
        guard read != steps || rows != shown else { return }
        steps = read
        show(rows)
    }

    private func update() {
        steps = lines()
        show(min(max(steps.count, 1), max(shown, firstRows)))
    }

    /// A row's text: what and which card, a newline, when.
    private static func text(_ line: HistoryLine) -> String {
        (line.card.map { "\(line.what): \($0)" } ?? line.what) + "\n" + timeFormatter.string(from: line.date)
    }

    private static let timeFormatter: DateFormatter = {
        let formatter = DateFormatter()
        formatter.dateStyle = .short
        formatter.timeStyle = .medium
        return formatter
    }()
}
