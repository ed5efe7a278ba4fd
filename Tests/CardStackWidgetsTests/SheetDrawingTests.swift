// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import CGtk
import CardStackCore
import GtkSupport
import XCTest

@testable import CardStackWidgets

/// Three sheets over a page, drawn as the renderers need them: what the host fills itself (scrim, backgrounds)
/// only where it shows and never twice, the page under a few clips rather than one per sliver, every sheet's
/// shadow in pieces, and a covered sheet's long text left to arrive until it is uncovered.
final class SheetDrawingTests: WidgetTestCase {
    func testThreeSheetsAreFilledOnceWhereTheyShowWithTheirShadowsInPieces() throws {
        try SheetHostFixture.withHost(Self.checkThreeSheets)
    }

    @MainActor
    private static func checkThreeSheets(_ host: SheetHost) throws {
        for id in ["first", "second", "third"] {
            host.present(SheetContent(id: id, title: id, body: created(gtk_label_new("Content of \(id)"))))
        }
        XCTAssertTrue(SheetHostFixture.settle(host))
        XCTAssertEqual(host.openSheets, ["first", "second", "third"])

        let snapshot = try XCTUnwrap(gtk_snapshot_new())
        host.snapshot(snapshot)
        let node = try XCTUnwrap(gtk_snapshot_free_to_node(snapshot))
        defer { gsk_render_node_unref(node) }
        let drawn = RenderLeaf.leaves(of: node)

        XCTAssertFalse(drawn.contains { $0.kind == GSK_OUTSET_SHADOW_NODE }, "no sheet-sized shadow node: the shadow comes in pieces")
        XCTAssertGreaterThanOrEqual(drawn.filter { $0.kind == GSK_TEXTURE_NODE }.count, 3 * 3, "the top edge and corners of each sheet's shadow")

        // The host's own fills: the scrim (black, 30 %), the backgrounds (opaque), the darkening (black, less).
        let fills = drawn.filter { $0.kind == GSK_COLOR_NODE }
        let backgrounds = fills.filter { ($0.color?.alpha ?? 0) == 1 }
        let scrim = fills.filter { abs(($0.color?.alpha ?? 0) - Float(SheetTuning.scrimLight)) < 0.01 }
        XCTAssertFalse(backgrounds.isEmpty)
        XCTAssertFalse(scrim.isEmpty)
        // Beneath the top sheet's body (below its rounded corners) only its own background is filled: neither
        // the scrim nor the sheets it covers.
        var topBounds = graphene_rect_t()
        XCTAssertNotEqual(gtk_widget_compute_bounds(gtk_widget_get_last_child(host.widget), host.widget, &topBounds), 0)
        let screen = Rect(x: 0, y: 0, width: Double(SheetHostFixture.windowSize.width), height: Double(SheetHostFixture.windowSize.height))
        let topY = Double(topBounds.origin.y) + SheetTuning.cornerRadius + 1
        let topBody = Rect(x: Double(topBounds.origin.x), y: topY, width: Double(topBounds.size.width), height: screen.maxY - topY)
        let area = { (rect: Rect) in rect.width * rect.height }
        let filledUnder = (backgrounds + scrim).compactMap { $0.bounds.intersection(topBody) }.map(area).reduce(0, +)
        XCTAssertEqual(filledUnder, area(topBody), accuracy: 0.01 * area(topBody), "filled once beneath the top sheet's body")
        // Elsewhere, pieces overlap only along the rounded corners of the sheets above them.
        let filled = (backgrounds + scrim).map { area($0.bounds) }.reduce(0, +)
        XCTAssertLessThan(filled, 1.2 * area(screen), "scrim and backgrounds together fill the window about once")

        // The page is drawn under a clip for each piece the top sheet leaves (above it, beside it), not for each
        // sliver the three sheets leave together.
        let pageDraws = drawn.filter { $0.kind == GSK_TEXT_NODE && $0.bounds.midY > screen.midY - 20 && $0.bounds.midY < screen.midY + 20 }
        XCTAssertLessThanOrEqual(pageDraws.count, 4, "the page's text, once for each clip it is drawn under")
    }

    func testMovingSheetsStayInPlaceAmongTheHostsChildren() throws {
        try SheetHostFixture.withHost(animated: true, Self.checkChildrenStayInPlace)
    }

    /// Moving a child reorders its CSS node, restyling everything in it and measuring the host again: the sheets
    /// are put in order when one opens or closes, not in every frame of their motion.
    @MainActor
    private static func checkChildrenStayInPlace(_ host: SheetHost) throws {
        let children = ObjectReference(adopting: try XCTUnwrap(gtk_widget_observe_children(host.widget)))
        var changes: [(position: UInt32, removed: UInt32, added: UInt32)] = []
        let signals = SignalGroup()
        defer { signals.disconnectAll() }
        signals.connect(children.pointer.raw, .itemsChanged) { changes.append(($0, $1, $2)) }
        for id in ["first", "second", "third"] {
            host.present(SheetContent(id: id, title: id, body: created(gtk_label_new("Content of \(id)"))))
        }
        XCTAssertEqual(changes.count, 3, "each sheet added once")
        changes.removeAll()
        XCTAssertTrue(SheetHostFixture.settle(host))
        XCTAssertEqual(changes.count, 0, "no child moved while the sheets slid in: \(changes.prefix(3))")
        var order: [UnsafeMutablePointer<GtkWidget>] = []
        var child = gtk_widget_get_first_child(host.widget)
        while let widget = child {
            order.append(widget)
            child = gtk_widget_get_next_sibling(widget)
        }
        XCTAssertEqual(order.count, 4, "the page and three sheets")
        XCTAssertEqual(order.dropFirst().map { widget in host.frames.first { $0.widget == widget }?.id }, ["first", "second", "third"],
                       "drawn bottom to top")

        host.closeTop()
        XCTAssertTrue(runMainLoop { !host.isMoving && host.openSheets == ["first", "second"] && host.frames.count == 2 })
        XCTAssertEqual(changes.count, 0, "the closed sheet kept, hidden, and nothing moved: \(changes.prefix(3))")
        XCTAssertEqual(host.kept.map(\.id), ["third"])
        XCTAssertEqual(host.kept.first.map { gtk_widget_get_visible($0.widget) }, 0)
    }

    func testACoveredSheetsLongTextArrivesOnceUncovered() throws {
        try SheetHostFixture.withHost(Self.checkCoveredText)
    }

    @MainActor
    private static func checkCoveredText(_ host: SheetHost) throws {
        // Three slices: the first with the view, two more in idle time.
        let text = String(repeating: "A line of a long body, as a card's text has.\n", count: 2 * (TextFeed.firstSlice + TextFeed.laterSlice) / 45)
        let view = SheetParts.longText(text)
        let buffer = gtk_text_view_get_buffer(UnsafeMutablePointer<GtkTextView>(OpaquePointer(view)))
        host.present(SheetContent(id: "details", title: "Details", body: view))
        host.present(SheetContent(id: "info", title: "Info", body: created(gtk_label_new("Over the details"))))
        XCTAssertTrue(SheetHostFixture.settle(host))
        let covered = gtk_text_buffer_get_char_count(buffer)
        // A while of idle time: nothing more arrives while another sheet covers the text, and the feed waits to
        // be told the sheets have moved rather than looking again and again.
        _ = runMainLoop(until: { false }, limit: 0.3)
        XCTAssertEqual(gtk_text_buffer_get_char_count(buffer), covered, "the text waits under the sheet above")
        XCTAssertEqual(host.restWaiters.count, 1, "one wait on the sheets, not a wait renewed over and over")
        XCTAssertLessThan(Int(covered), text.unicodeScalars.count)
        host.closeTop()
        XCTAssertTrue(runMainLoop { Int(gtk_text_buffer_get_char_count(buffer)) == text.unicodeScalars.count }, "all of it once uncovered")
    }

    func testALongHistoryGrowsAsItIsScrolled() throws {
        try SheetHostFixture.withHost(Self.checkLongHistory)
    }

    /// History builds rows for what is read, not for the whole history: GTK 4.8's list view builds a row for
    /// every item of its model up to 200.
    @MainActor
    private static func checkLongHistory(_ host: SheetHost) throws {
        let session = DeckSession(deck: Deck(title: "Long", cards: [Card(id: "one", title: "One")]))
        let steps = (0..<500).map { HistoryLine(what: "Keep", card: "Card \($0)", date: Date(timeIntervalSince1970: 1_795_000_000 + Double($0))) }
        let history = HistorySheet(session: session, filling: host.tallestSheet) { steps }
        host.present(history.content)
        let list = try XCTUnwrap(history.content.body)
        let model = try XCTUnwrap(gtk_list_view_get_model(OpaquePointer(list)))
        XCTAssertTrue(SheetHostFixture.settle(host))
        let first = Int(g_list_model_get_n_items(model))
        XCTAssertEqual(first, HistorySheet.firstRows(toFill: host.tallestSheet), "a screenful and more, not all 500")
        let adjustment = try XCTUnwrap(gtk_scrollable_get_vadjustment(OpaquePointer(list)))
        XCTAssertGreaterThanOrEqual(gtk_adjustment_get_upper(adjustment), host.tallestSheet, "the first rows fill the tallest sheet")
        // Scrolled to the end of what it holds: the next rows come.
        gtk_adjustment_set_value(adjustment, gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_page_size(adjustment))
        let firstItem = g_list_model_get_item(model, 0)
        defer { g_object_unref(firstItem) }
        XCTAssertTrue(runMainLoop { Int(g_list_model_get_n_items(model)) > first }, "more rows near the end")
        let stillFirst = g_list_model_get_item(model, 0)
        defer { g_object_unref(stillFirst) }
        XCTAssertEqual(stillFirst, firstItem, "the rows already there stay: only the new ones are added")
        XCTAssertLessThanOrEqual(Int(g_list_model_get_n_items(model)), first + 2 * HistorySheet.moreRows)
        // Each row says its own step, the rows added as much as the first ones.
        XCTAssertEqual(Self.text(of: model, at: 0)?.hasPrefix("Keep: Card 0\n"), true)
        XCTAssertEqual(Self.text(of: model, at: first)?.hasPrefix("Keep: Card \(first)\n"), true)
        XCTAssertGreaterThan(Self.text(of: model, at: first)?.count ?? 0, "Keep: Card \(first)\n".count, "with its time")
        // A step made while it is open keeps what was shown.
        let grown = Int(g_list_model_get_n_items(model))
        session.perform { $0.decide(0, .right) }
        XCTAssertEqual(Int(g_list_model_get_n_items(model)), grown)
    }

    func testAnEmptyHistorySaysSo() throws {
        try SheetHostFixture.withHost { host in
            let session = DeckSession(deck: Deck(title: "New", cards: [Card(id: "one", title: "One")]))
            let history = HistorySheet(session: session, filling: host.tallestSheet) { [] }
            host.present(history.content)
            let model = try XCTUnwrap(gtk_list_view_get_model(OpaquePointer(history.content.body)))
            XCTAssertEqual(g_list_model_get_n_items(model), 1)
            XCTAssertEqual(Self.text(of: model, at: 0), "Nothing decided yet: the steps you make appear here.")
        }
    }

    /// The text of item `index` of a list of strings seen through a selection model.
    @MainActor
    private static func text(of model: OpaquePointer, at index: Int) -> String? {
        guard let item = g_list_model_get_item(model, guint(index)) else { return nil }
        defer { g_object_unref(item) }
        return String(borrowingGLibString: gtk_string_object_get_string(OpaquePointer(item)))
    }
}
