// SPDX-License-Identifier: GPL-3.0-or-later
import CardStackCore
import CardStackMarkdown
import XCTest

/// A gh issue's body, read as Markdown: what a reader sees, with headings, emphasis, code, links and task boxes
/// as styles.
final class MarkdownRendererTests: XCTestCase {
    private func styled(_ markdown: String) -> StyledText { MarkdownRenderer.render(markdown) }

    private func parts(_ text: StyledText, _ style: StyledText.Style) -> [String] {
        let scalars = Array(text.text.unicodeScalars)
        return text.spans.filter { $0.style == style }.map { span in
            var piece = String.UnicodeScalarView()
            piece.append(contentsOf: scalars[span.range])
            return String(piece)
        }
    }

    func testAnIssueBodyLosesItsSyntaxAndKeepsItsStyles() {
        let body = styled("""
            ### Steps
            1. Open a **large** deck
            2. Press `Z`

            **Expected**: it *zooms*. See [the guide](https://example.org/guide) and ~~old~~ notes.
            """)
        XCTAssertEqual(body.text, "Steps\n\n1. Open a large deck\n2. Press Z\n\nExpected: it zooms. See the guide and old notes.")
        XCTAssertEqual(parts(body, .heading(3)), ["Steps"])
        XCTAssertEqual(parts(body, .strong), ["large", "Expected"])
        XCTAssertEqual(parts(body, .emphasis), ["zooms"])
        XCTAssertEqual(parts(body, .code), ["Z"])
        XCTAssertEqual(parts(body, .link("https://example.org/guide")), ["the guide"])
        XCTAssertEqual(parts(body, .strikethrough), ["old"])
        XCTAssertEqual(parts(body, .listMarker), ["1. ", "2. "])
    }

    func testTaskBoxesNestedListsCodeBlocksAndQuotes() {
        let body = styled("""
            - [x] done
            - [ ] to do
              - nested

            ```swift
            let a = 1
            ```

            > quoted
            """)
        XCTAssertEqual(body.text, "☑ done\n☐ to do\n  • nested\n\nlet a = 1\n\nquoted")
        XCTAssertEqual(parts(body, .codeBlock), ["let a = 1"])
        XCTAssertEqual(parts(body, .quote), ["quoted"])
        XCTAssertEqual(parts(body, .listMarker), ["☑ ", "☐ ", "• "])
    }

    func testPlainTextAndHTMLStayAsWrittenAndALongBodyTakesLinearTime() {
        XCTAssertEqual(styled("just words").text, "just words")
        XCTAssertEqual(styled("<details>x</details>").text, "<details>x</details>")
        XCTAssertEqual(styled("").text, "")
        // 100,000 list items: a walk of the tree, once.
        let long = String(repeating: "- item *with* `code`\n", count: 100_000)
        let rendered = styled(long)
        XCTAssertEqual(rendered.spans.filter { $0.style == .code }.count, 100_000)
        XCTAssertTrue(rendered.text.hasPrefix("• item with code\n• item"))
    }
}
