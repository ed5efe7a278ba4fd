// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import CGtk
import CardStackCore
import Foundation
import GtkSupport

/// One line of History: what happened, to which card, and when.
public struct HistoryLine: Sendable, Equatable {
    /// What happened ("Keep", "Undo", "Back to the deck").
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
@MainActor
public final class HistorySheet: SheetOwner {
    /// The sheet's id in the stack.
    public static let id = "history"

    private let session: DeckSession
    private let lines: @MainActor () -> [HistoryLine]
    private let body = SheetParts.column()
    private let list = SheetParts.list()
    private let empty = SheetParts.text("Nothing decided yet: the steps you make appear here.", classes: ["dim-label"])

    /// History of `session`'s deck; `lines` reads the latest steps from the store.
    public init(session: DeckSession, lines: @escaping @MainActor () -> [HistoryLine]) {
        self.session = session
        self.lines = lines
        gtk_box_append(body.cast(), empty)
        gtk_box_append(body.cast(), list)
        session.observe(as: self) { [weak self] _, _ in self?.update() }
        update()
    }

    /// The sheet to present.
    public var content: SheetContent {
        SheetContent(id: Self.id, title: "History", body: body, owner: self)
    }

    public func sheetRemoved() {
        session.stopObserving(as: self)
    }

    private func update() {
        while let row = gtk_widget_get_first_child(list) { gtk_list_box_remove(OpaquePointer(list), row) }
        let lines = lines()
        gtk_widget_set_visible(empty, lines.isEmpty ? 1 : 0)
        gtk_widget_set_visible(list, lines.isEmpty ? 0 : 1)
        for line in lines {
            let title = line.card.map { "\(line.what): \($0)" } ?? line.what
            SheetParts.fact(title, Self.timeFormatter.string(from: line.date), in: list, selectable: false)
        }
    }

    private static let timeFormatter: DateFormatter = {
        let formatter = DateFormatter()
        formatter.dateStyle = .short
        formatter.timeStyle = .medium
        return formatter
    }()
}
