// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import CardStackCore
import Foundation
import GtkSupport
import XCTest

@testable import CardStackWidgets

/// A closed sheet kept to show again: the same frame, hidden while closed, its owner silent meanwhile and brought
/// up to date when it returns; other content for its id, or another deck, lets it go.
final class SheetKeepingTests: WidgetTestCase {
    /// An owner that counts what the host tells it.
    @MainActor
    private final class CountingOwner: SheetOwner {
        var removed = 0
        var returned = 0
        func sheetRemoved() { removed += 1 }
        func sheetReturned() { returned += 1 }
    }

    func testAClosedSheetShowsAgainInItsFrameScrolledToItsTop() throws {
        try SheetHostFixture.withHost { host in
            let owner = CountingOwner()
            let body = created(gtk_label_new(String(repeating: "A line of the sheet's content.\n", count: 80)))
            let content = SheetContent(id: "details", title: "Details", body: body, owner: owner)
            host.present(content)
            XCTAssertTrue(SheetHostFixture.settle(host))
            let frame = try XCTUnwrap(host.frames.first)
            let adjustment = try XCTUnwrap(gtk_scrolled_window_get_vadjustment(OpaquePointer(frame.scrolled)))
            XCTAssertGreaterThan(gtk_adjustment_get_upper(adjustment), gtk_adjustment_get_page_size(adjustment), "content to scroll")
            gtk_adjustment_set_value(adjustment, 200)

            host.closeTop()
            XCTAssertTrue(runMainLoop { host.frames.isEmpty })
            XCTAssertTrue(host.kept.first === frame, "kept")
            XCTAssertEqual(gtk_widget_get_parent(frame.widget), host.widget)
            XCTAssertEqual(gtk_widget_get_visible(frame.widget), 0, "hidden: not drawn, not focusable, not spoken")
            XCTAssertEqual(owner.removed, 1)

            XCTAssertTrue(host.present(content))
            XCTAssertTrue(host.frames.first === frame, "the same frame, not a new one")
            XCTAssertTrue(host.kept.isEmpty)
            XCTAssertEqual(gtk_widget_get_visible(frame.widget), 1)
            XCTAssertEqual(gtk_adjustment_get_value(adjustment), 0, "from its top, as a new sheet opens")
            XCTAssertEqual(owner.returned, 1)
            XCTAssertEqual(host.openSheets, ["details"])
            XCTAssertTrue(SheetHostFixture.settle(host))
        }
    }

    func testASheetPreparedAheadIsLaidOutUnseenAndShownInItsFrame() throws {
        try SheetHostFixture.withHost { host in
            let owner = CountingOwner()
            let body = created(gtk_label_new(String(repeating: "A line of the sheet's content.\n", count: 80)))
            let content = SheetContent(id: "details", title: "Details", body: body, owner: owner)
            host.prepare(content)
            let frame = try XCTUnwrap(host.preparing.first)
            XCTAssertEqual(gtk_widget_get_mapped(frame.widget), 0, "not drawn, not spoken while it is laid out")
            XCTAssertTrue(host.openSheets.isEmpty)
            XCTAssertTrue(runMainLoop { host.kept.first === frame }, "kept once laid out")
            XCTAssertGreaterThan(gtk_widget_get_width(body), 0, "its text laid out at the sheets' width")
            XCTAssertEqual(gtk_widget_get_visible(frame.widget), 0)
            host.prepare(SheetContent(id: "details", title: "Other", body: created(gtk_label_new("Other"))))
            XCTAssertTrue(host.preparing.isEmpty && host.kept.count == 1, "one frame an id")

            XCTAssertTrue(host.present(content))
            XCTAssertTrue(host.frames.first === frame, "the frame built ahead")
            XCTAssertEqual(gtk_widget_get_visible(frame.widget), 1)
            XCTAssertEqual(host.openSheets, ["details"])
            XCTAssertTrue(SheetHostFixture.settle(host))
        }
    }

    func testASheetPreparedAheadIsKeptOnlyOnceItsTextIsLaidOutAtItsHeight() throws {
        try SheetHostFixture.withHost { host in
            // More than a first slice, so the rest would arrive in idle time.
            let text = (1...400).map { "Line \($0) of a long body, long enough to wrap at the sheet's width as prose does." }
                .joined(separator: "\n")
            let view = SheetParts.longText(text)
            let buffer = try XCTUnwrap(gtk_text_view_get_buffer(view.cast()))
            let given = gtk_text_buffer_get_char_count(buffer)
            XCTAssertLessThan(Int(given), text.unicodeScalars.count, "the text arrives a slice at a time")
            // In a column, as Card details has it: as tall as its text, which the sheet scrolls.
            let column = created(gtk_box_new(GTK_ORIENTATION_VERTICAL, 0))
            gtk_box_append(column.cast(), view)
            let content = SheetContent(id: "details", title: "Details", body: column)
            let drawn = try TextViewDrawProbe.heights(of: view) {
                host.prepare(content)
                let frame = try XCTUnwrap(host.preparing.first)
                XCTAssertTrue(runMainLoop { host.kept.first === frame }, "kept once laid out")
            }

            // A text view wants no height until it has laid its text out in idle time after its first width: a
            // frame kept then was drawn without its text, which the first opening drew in its first frame.
            var natural: Int32 = 0
            gtk_widget_measure(view, GTK_ORIENTATION_VERTICAL, gtk_widget_get_width(view), nil, &natural, nil, nil)
            XCTAssertGreaterThan(natural, 100)
            XCTAssertEqual(drawn.last, natural, "drawn unseen at the height its text wants, not \(drawn)")
            // Nothing more arrives while the sheet is unseen, so the frame drawn is the frame its opening shows.
            XCTAssertFalse(runMainLoop(until: { gtk_text_buffer_get_char_count(buffer) != given }, limit: 0.5), "no slice while unseen")

            XCTAssertTrue(host.present(content))
            XCTAssertTrue(SheetHostFixture.settle(host))
            XCTAssertTrue(runMainLoop { Int(gtk_text_buffer_get_char_count(buffer)) >= text.unicodeScalars.count }, "the rest arrives once it is open")
        }
    }

    func testASheetAskedForWhileItIsPreparedOpensAtOnce() throws {
        try SheetHostFixture.withHost { host in
            let body = created(gtk_label_new("Deck info"))
            let content = SheetContent(id: "info", title: "Deck Info", body: body)
            host.prepare(content)
            let frame = try XCTUnwrap(host.preparing.first)
            XCTAssertTrue(host.present(content))
            XCTAssertTrue(host.frames.first === frame)
            XCTAssertTrue(host.preparing.isEmpty && host.kept.isEmpty)
            XCTAssertEqual(gtk_widget_get_child_visible(frame.widget), 1)
            XCTAssertTrue(SheetHostFixture.settle(host))
            host.prepare(SheetContent(id: "history", title: "History", body: created(gtk_label_new("Steps"))))
            host.removeAll()
            XCTAssertTrue(host.preparing.isEmpty && host.kept.isEmpty && host.frames.isEmpty, "another deck lets them all go")
        }
    }

    func testOtherContentForTheIdLetsTheKeptSheetGo() throws {
        try SheetHostFixture.withHost { host in
            let first = created(gtk_label_new("The first card's details"))
            host.present(SheetContent(id: "details", title: "First", body: first))
            host.closeTop()
            XCTAssertTrue(runMainLoop { host.frames.isEmpty })
            let kept = try XCTUnwrap(host.kept.first)
            let watched = ObjectReference(retaining: kept.widget)

            let second = created(gtk_label_new("The second card's details"))
            host.present(SheetContent(id: "details", title: "Second", body: second))
            XCTAssertNil(gtk_widget_get_parent(watched.pointer), "the first frame has left the host")
            XCTAssertTrue(host.kept.isEmpty)
            XCTAssertEqual(host.frames.map(\.title), ["Second"])

            // Content for an open id with other content is let go, and said to be.
            let refused = CountingOwner()
            XCTAssertFalse(host.present(SheetContent(id: "details", title: "Third", body: created(gtk_label_new("Not shown")), owner: refused)))
            XCTAssertEqual(refused.removed, 1)
            XCTAssertEqual(host.frames.map(\.title), ["Second"])
            // Its own content again leaves it open, and is said to be on show.
            XCTAssertTrue(host.present(SheetContent(id: "details", title: "Second", body: second)))

            host.closeTop()
            XCTAssertTrue(runMainLoop { host.frames.isEmpty && host.kept.count == 1 })
            host.removeAll()
            XCTAssertTrue(host.kept.isEmpty, "another deck lets every kept sheet go")
        }
    }

    func testAKeptSheetsLongTextWaitsUntilItReturns() throws {
        try SheetHostFixture.withHost { host in
            let text = String(repeating: "A line of a long body, as a card's text has.\n", count: 2 * (TextFeed.firstSlice + TextFeed.laterSlice) / 45)
            let view = SheetParts.longText(text)
            let buffer = gtk_text_view_get_buffer(UnsafeMutablePointer<GtkTextView>(OpaquePointer(view)))
            let content = SheetContent(id: "details", title: "Details", body: view)
            host.present(content)
            host.closeTop()
            XCTAssertTrue(runMainLoop { host.frames.isEmpty })
            let closed = gtk_text_buffer_get_char_count(buffer)
            // Well past the feed's wait for the sheets to have rested (without keeping it back, a slice came in 1.5 s).
            _ = runMainLoop(until: { false }, limit: 1.5)
            XCTAssertEqual(gtk_text_buffer_get_char_count(buffer), closed, "no text laid out in idle time for a hidden sheet")
            XCTAssertLessThan(Int(closed), text.unicodeScalars.count)
            host.present(content)
            XCTAssertTrue(runMainLoop { Int(gtk_text_buffer_get_char_count(buffer)) == text.unicodeScalars.count }, "all of it once shown again")
        }
    }

    func testHistoryIsReadAgainWhenItReturnsNotWhileClosed() throws {
        try SheetHostFixture.withHost { host in
            let session = DeckSession(deck: Deck(title: "Two", cards: [Card(id: "one", title: "One"), Card(id: "two", title: "Two")]))
            var steps: [HistoryLine] = []
            var reads = 0
            let history = HistorySheet(session: session, filling: host.tallestSheet) {
                reads += 1
                return steps
            }
            let model = try XCTUnwrap(gtk_list_view_get_model(OpaquePointer(history.content.body)))
            host.present(history.content)
            XCTAssertEqual(reads, 1)
            host.closeTop()
            XCTAssertTrue(runMainLoop { host.frames.isEmpty })

            steps = [HistoryLine(what: "Keep", card: "One", date: Date(timeIntervalSince1970: 1_795_000_000))]
            session.perform { $0.decide(0, .right) }
            XCTAssertEqual(reads, 1, "not read while closed")

            host.present(history.content)
            XCTAssertEqual(reads, 2, "read again as it returns")
            XCTAssertEqual(g_list_model_get_n_items(model), 1)
            let item = try XCTUnwrap(g_list_model_get_item(model, 0))
            defer { g_object_unref(item) }
            XCTAssertEqual(String(borrowingGLibString: gtk_string_object_get_string(OpaquePointer(item)))?.hasPrefix("Keep: One\n"), true)
            session.perform { $0.decide(1, .left) }
            XCTAssertEqual(reads, 3, "and after each step while open")
        }
    }
}
