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

    /// A body given a slice at a time: every style lands on its own text, whichever slice it starts and ends in,
    /// a long emphasis with a strong word inside it going on across several slices and the view's breaks.
    func testStylesLandOnTheirTextAcrossTheSlicesOfALongBody() throws {
        let lines = (1...1_500).map { "Line \($0): **bold \($0)** and `code \($0)`." }
        let longWords = String(repeating: "long words ", count: 4_500)
        let body = lines[..<750].joined(separator: "\n\n") + "\n\n*" + longWords + "**inner**" + longWords + "end*\n\n"
            + lines[750...].joined(separator: "\n\n")
        let styled = MarkdownRenderer.render(body)
        MainActor.assumeIsolated {
            XCTAssertGreaterThan(styled.text.unicodeScalars.count, TextFeed.firstSlice + 2 * TextFeed.laterSlice, "a body of several slices")
            let view = SheetParts.longText(styled.text, spans: styled.spans)
            let buffer = gtk_text_view_get_buffer(UnsafeMutablePointer<GtkTextView>(OpaquePointer(view)))!
            let last = "Line 1500: bold 1500 and code 1500."
            func ending() -> String {
                var start = GtkTextIter()
                var end = GtkTextIter()
                gtk_text_buffer_get_end_iter(buffer, &end)
                start = end
                _ = gtk_text_iter_backward_chars(&start, Int32(last.count))
                let text = gtk_text_buffer_get_text(buffer, &start, &end, 0)
                defer { g_free(text) }
                return text.map { String(cString: $0) } ?? ""
            }
            XCTAssertTrue(runMainLoop(until: { ending() == last }, limit: 30), "the whole body given")
            XCTAssertEqual(Self.tagged("markdown-strong", in: buffer), lines[..<750].indices.map { "bold \($0 + 1)" } + ["inner"]
                + lines[750...].indices.map { "bold \($0 + 1)" })
            XCTAssertEqual(Self.tagged("markdown-code", in: buffer), lines.indices.map { "code \($0 + 1)" })
            // The view's breaks in the long paragraph are inside the emphasis, which covers it whole.
            let emphasis = Self.tagged("markdown-emphasis", in: buffer)
            XCTAssertEqual(emphasis.map { $0.replacingOccurrences(of: "\n", with: "") }, [longWords + "inner" + longWords + "end"])
            XCTAssertGreaterThan(emphasis.first?.filter { $0 == "\n" }.count ?? 0, 10, "the paragraph was broken")
        }
    }
}
