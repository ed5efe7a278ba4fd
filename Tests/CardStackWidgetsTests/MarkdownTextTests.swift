// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import CardStackCore
import CardStackMarkdown
import Foundation
import GtkSupport
import XCTest

@testable import CardStackWidgets

/// A Markdown body in Card details' text view: its syntax gone, each style's tag on its own text, even after
/// a long paragraph before it was broken (a break the view puts in moves everything after it).
final class MarkdownTextTests: WidgetTestCase {
    /// The text each stretch of `tag` covers in `buffer`.
    @MainActor
    private static func tagged(_ name: String, in buffer: UnsafeMutablePointer<GtkTextBuffer>) -> [String] {
        guard let table = gtk_text_buffer_get_tag_table(buffer), let tag = gtk_text_tag_table_lookup(table, name) else { return [] }
        var pieces: [String] = []
        var iter = GtkTextIter()
        gtk_text_buffer_get_start_iter(buffer, &iter)
        while true {
            if gtk_text_iter_starts_tag(&iter, tag) == 0, gtk_text_iter_forward_to_tag_toggle(&iter, tag) == 0 { break }
            var end = iter
            _ = gtk_text_iter_forward_to_tag_toggle(&end, tag)
            let text = gtk_text_buffer_get_text(buffer, &iter, &end, 0)
            pieces.append(text.map { String(cString: $0) } ?? "")
            g_free(text)
            iter = end
            if gtk_text_iter_is_end(&iter) != 0 { break }
        }
        return pieces
    }

    func testStylesLandOnTheirTextAfterALongParagraphIsBroken() throws {
        // Past the view's longest paragraph (4,000 scalars).
        let long = String(repeating: "word ", count: 1_000)
        let styled = MarkdownRenderer.render(long + "\n\n### Steps\n\nPress **Z**, then `Esc`.\n\n- [x] done")
        XCTAssertFalse(styled.text.contains("#") || styled.text.contains("*") || styled.text.contains("`"))
        MainActor.assumeIsolated {
            let view = SheetParts.longText(styled.text, spans: styled.spans)
            let buffer = gtk_text_view_get_buffer(UnsafeMutablePointer<GtkTextView>(OpaquePointer(view)))!
            XCTAssertTrue(runMainLoop { Int(gtk_text_buffer_get_char_count(buffer)) > styled.text.unicodeScalars.count }, "the long paragraph broken")
            XCTAssertEqual(Self.tagged("markdown-heading-3", in: buffer), ["Steps"])
            XCTAssertEqual(Self.tagged("markdown-strong", in: buffer), ["Z"])
            XCTAssertEqual(Self.tagged("markdown-code", in: buffer), ["Esc"])
            XCTAssertEqual(Self.tagged("markdown-list-marker", in: buffer), ["☑ "])
        }
    }
}
