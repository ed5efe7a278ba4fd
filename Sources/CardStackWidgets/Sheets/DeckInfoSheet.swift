// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import CGtk
import CardStackCore
import Foundation
import GtkSupport
import Translation

/// Deck info: the deck's title and where it comes from, how many cards went each way with a progress bar,
/// Export…, and History.
@MainActor
public final class DeckInfoSheet: SheetOwner {
    /// The sheet's id in the stack.
    public static let id = "info"

    /// Called when the user asks for History.
    public var onHistory: (@MainActor () -> Void)?

    private let session: DeckSession
    private let signals = SignalGroup()
    private let body = SheetParts.column()
    private let progressBar = created(gtk_progress_bar_new())
    private var counts: [(direction: SwipeDirection?, value: UnsafeMutablePointer<GtkWidget>)] = []
    private let sidecars: String?

    /// Facts about `session`'s deck, kept up to date while the sheet is open; `sidecars` says how decisions reach
    /// a photo deck's XMP sidecars.
    public init(session: DeckSession, sidecars: String? = nil) {
        self.session = session
        self.sidecars = sidecars
        fill()
        // Observing the session and up to date, as each time it is shown again.
        sheetReturned()
    }

    /// The sheet to present.
    public var content: SheetContent {
        SheetContent(id: Self.id, title: tr("Deck Info"), body: body, owner: self)
    }

    public func sheetRemoved() {
        session.stopObserving(as: self)
    }

    public func sheetReturned() {
        session.observe(as: self) { [weak self] _, _ in self?.update() }
        update()
    }

    private var deck: Deck { session.deck }

    private func fill() {
        let heading = created(gtk_box_new(GTK_ORIENTATION_VERTICAL, 6))
        gtk_box_append(heading.cast(), SheetParts.text(deck.title, classes: ["title-2"], selectable: true))
        let source = deck.source?.path ?? tr("Built in")
        gtk_box_append(heading.cast(), SheetParts.text(source, classes: ["dim-label", "caption"], selectable: true))
        gtk_box_append(body.cast(), heading)

        gtk_progress_bar_set_show_text(OpaquePointer(progressBar), 1)
        gtk_box_append(body.cast(), progressBar)

        let list = BoxedList()
        for direction in SwipeDirection.allCases where deck.allowedDirections.contains(direction) {
            let fact = SheetParts.fact(deck.label(for: direction), "", in: list.list, icon: direction.iconName, iconClass: "pile-\(direction.rawValue)", selectable: false)
            counts.append((direction, fact.value))
        }
        counts.append((nil, SheetParts.fact(tr("Undecided"), "", in: list.list, icon: "view-paged-symbolic", selectable: false).value))
        if let sidecars { SheetParts.fact(tr("XMP sidecars"), sidecars, in: list.list, icon: "document-save-symbolic", selectable: false) }
        gtk_box_append(body.cast(), list.widget)

        let buttons = SheetParts.buttonRow()
        let export = SheetParts.button(tr("_Export…"), classes: ["pill"])
        gtk_actionable_set_action_name(OpaquePointer(export), "win.export")
        let history = SheetParts.button(tr("_History"), classes: ["pill"])
        signals.connect(history.raw, .void("clicked")) { [weak self] in self?.onHistory?() }
        SheetParts.append(export, to: buttons)
        SheetParts.append(history, to: buttons)
        gtk_box_append(body.cast(), buttons)
    }

    private func update() {
        let progress = session.progress
        var byDirection: [SwipeDirection: Int] = [:]
        for decision in progress.decisions { byDirection[decision.direction, default: 0] += 1 }
        for (direction, value) in counts {
            let count = direction.map { byDirection[$0] ?? 0 } ?? (progress.totalCount - progress.decidedCount)
            gtk_label_set_text(OpaquePointer(value), "\(count)")
        }
        let total = max(1, progress.totalCount)
        gtk_progress_bar_set_fraction(OpaquePointer(progressBar), Double(progress.decidedCount) / Double(total))
        gtk_progress_bar_set_text(OpaquePointer(progressBar), String(format: tr("%1$ld of %2$ld decided"), progress.decidedCount, progress.totalCount))
    }
}
