// SPDX-License-Identifier: GPL-3.0-or-later
import CCmark
import CardStackCore

/// Reads Markdown with cmark-gfm, the CommonMark reference parser with GitHub's extensions, into
/// ``StyledText``: what a reader sees, with its headings, emphasis, code, links, lists and task boxes as styles.
///
/// Never regular expressions: the parser's tree is walked once, so the time grows with the text's length.
/// Blocks are separated by a blank line (list items of a tight list by a line break), list items start with a
/// bullet, their number or a task box, nested lists are indented, and raw HTML is kept as written.
public enum MarkdownRenderer {
    /// GitHub's extensions a list body uses: `- [x]` task boxes, `~~struck~~` text and bare addresses as links.
    static let extensions = ["tasklist", "strikethrough", "autolink"]

    /// `markdown` as a reader sees it, after the plain text `lead` (whose length the styles are moved by).
    public static func render(_ markdown: String, after lead: String) -> StyledText {
        let rendered = render(markdown)
        guard !lead.isEmpty else { return rendered }
        let shift = lead.unicodeScalars.count
        return StyledText(text: lead + rendered.text, spans: rendered.spans.map { span in
            StyledText.Span(range: (span.range.lowerBound + shift)..<(span.range.upperBound + shift), style: span.style)
        })
    }

    /// `markdown` as a reader sees it.
    public static func render(_ markdown: String) -> StyledText {
        cmark_gfm_core_extensions_ensure_registered()
        guard let parser = cmark_parser_new(CMARK_OPT_DEFAULT) else { return StyledText(text: markdown) }
        defer { cmark_parser_free(parser) }
        for name in extensions {
            if let syntax = cmark_find_syntax_extension(name) { cmark_parser_attach_syntax_extension(parser, syntax) }
        }
        var bytes = markdown.utf8CString
        bytes.withUnsafeMutableBufferPointer { buffer in
            cmark_parser_feed(parser, buffer.baseAddress, buffer.count - 1)
        }
        guard let document = cmark_parser_finish(parser) else { return StyledText(text: markdown) }
        defer { cmark_node_free(document) }
        var writer = Writer()
        writer.walk(document)
        return writer.finished
    }

    /// The walk's state: the text so far, its length in scalars, and the open styles and lists.
    private struct Writer {
        var text = ""
        var count = 0
        var spans: [StyledText.Span] = []
        /// Where each open styled node started.
        var starts: [Int] = []
        /// The open lists: ordered or not, the next item's number, tight or not.
        var lists: [(ordered: Bool, next: Int, tight: Bool)] = []
        /// Whether the next block must start on a line of its own, and after a blank line.
        var pendingBreak: (line: Bool, blank: Bool) = (false, false)

        var finished: StyledText {
            StyledText(text: text, spans: spans)
        }

        mutating func append(_ piece: String) {
            guard !piece.isEmpty else { return }
            flushBreak()
            appendRaw(piece)
        }

        /// Starts the line a block asked for; a new line inside a list item is indented under its text.
        mutating func flushBreak(indenting: Bool = true) {
            guard pendingBreak.line else { return }
            appendRaw(pendingBreak.blank ? "\n\n" : "\n")
            pendingBreak = (false, false)
            if indenting, !lists.isEmpty { appendRaw(String(repeating: "  ", count: lists.count)) }
        }

        mutating func appendRaw(_ piece: String) {
            text += piece
            count += piece.unicodeScalars.count
        }

        /// Ends the current block: what follows starts on a new line, after a blank one outside a tight list.
        mutating func endBlock() {
            guard count > 0 else { return }
            pendingBreak = (true, !(lists.last?.tight ?? false))
        }

        mutating func open() {
            flushBreak()
            starts.append(count)
        }

        mutating func close(_ style: StyledText.Style) {
            guard let start = starts.popLast() else { return }
            if start < count { spans.append(StyledText.Span(range: start..<count, style: style)) }
        }

        static func string(_ pointer: UnsafePointer<CChar>?) -> String {
            pointer.map { String(cString: $0) } ?? ""
        }

        mutating func walk(_ document: OpaquePointer) {
            guard let iterator = cmark_iter_new(document) else { return }
            defer { cmark_iter_free(iterator) }
            while case let event = cmark_iter_next(iterator), event != CMARK_EVENT_DONE {
                guard let node = cmark_iter_get_node(iterator) else { continue }
                visit(node, entering: event == CMARK_EVENT_ENTER)
            }
        }

        mutating func visit(_ node: OpaquePointer, entering: Bool) {
            let type = cmark_node_get_type(node)
            let name = Self.string(cmark_node_get_type_string(node))
            switch type {
            case CMARK_NODE_TEXT, CMARK_NODE_HTML_INLINE:
                append(Self.string(cmark_node_get_literal(node)))
            case CMARK_NODE_CODE:
                open()
                append(Self.string(cmark_node_get_literal(node)))
                close(.code)
            case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK:
                append("\n")
                if !lists.isEmpty { appendRaw(String(repeating: "  ", count: lists.count)) }
            case CMARK_NODE_CODE_BLOCK, CMARK_NODE_HTML_BLOCK:
                var literal = Self.string(cmark_node_get_literal(node))
                while literal.hasSuffix("\n") { literal.removeLast() }
                open()
                append(literal)
                close(type == CMARK_NODE_CODE_BLOCK ? .codeBlock : .code)
                endBlock()
            case CMARK_NODE_PARAGRAPH:
                if !entering { endBlock() }
            case CMARK_NODE_HEADING:
                if entering {
                    open()
                } else {
                    close(.heading(Int(cmark_node_get_heading_level(node))))
                    endBlock()
                }
            case CMARK_NODE_THEMATIC_BREAK:
                append("———")
                endBlock()
            case CMARK_NODE_BLOCK_QUOTE:
                if entering { open() } else { close(.quote); endBlock() }
            case CMARK_NODE_LIST:
                if entering {
                    lists.append((cmark_node_get_list_type(node) == CMARK_ORDERED_LIST, Int(cmark_node_get_list_start(node)), cmark_node_get_list_tight(node) != 0))
                } else {
                    lists.removeLast()
                    endBlock()
                }
            case CMARK_NODE_ITEM:
                guard entering, let list = lists.last else { return }
                let marker: String
                if name == "tasklist" {
                    marker = cmark_gfm_extensions_get_tasklist_item_checked(node) ? "☑ " : "☐ "
                } else if list.ordered {
                    marker = "\(list.next). "
                    lists[lists.count - 1].next += 1
                } else {
                    marker = "• "
                }
                flushBreak(indenting: false)
                appendRaw(String(repeating: "  ", count: lists.count - 1))
                open()
                appendRaw(marker)
                close(.listMarker)
            case CMARK_NODE_EMPH:
                if entering { open() } else { close(.emphasis) }
            case CMARK_NODE_STRONG:
                if entering { open() } else { close(.strong) }
            case CMARK_NODE_LINK:
                if entering { open() } else { close(.link(Self.string(cmark_node_get_url(node)))) }
            default:
                if name == "strikethrough" {
                    if entering { open() } else { close(.strikethrough) }
                }
            }
        }
    }
}
