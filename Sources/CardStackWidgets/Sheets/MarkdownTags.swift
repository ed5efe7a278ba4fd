// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import CardStackCore
import GtkSupport

/// The text tags a text view shows a Markdown body's styles with: headings larger and bold, code in the
/// monospace font, quotes in italics and indented, links underlined. Only size, weight, slant and font: the
/// colours stay the theme's, so dark and light both read.
@MainActor
enum MarkdownTags {
    /// The tag for `style` in `buffer`'s table, made the first time it is asked for.
    static func tag(for style: StyledText.Style, in buffer: UnsafeMutablePointer<GtkTextBuffer>) -> UnsafeMutablePointer<GtkTextTag>? {
        let name = self.name(of: style)
        guard let table = gtk_text_buffer_get_tag_table(buffer) else { return nil }
        if let existing = gtk_text_tag_table_lookup(table, name) { return existing }
        guard let tag = gtk_text_tag_new(name) else { return nil }
        let object = UnsafeMutableRawPointer(tag)
        switch style {
        case .heading(let level):
            cs_object_set_int(object, "weight", level <= 2 ? 800 : 700)
            cs_object_set_double(object, "scale", [1.6, 1.4, 1.2, 1.1, 1.0, 1.0][min(max(level, 1), 6) - 1])
        case .strong:
            cs_object_set_int(object, "weight", 700)
        case .emphasis:
            cs_object_set_int(object, "style", Int32(PANGO_STYLE_ITALIC.rawValue))
        case .strikethrough:
            cs_object_set_boolean(object, "strikethrough", 1)
        case .code, .codeBlock:
            cs_object_set_string(object, "family", "monospace")
        case .link:
            cs_object_set_int(object, "underline", Int32(PANGO_UNDERLINE_SINGLE.rawValue))
        case .quote:
            cs_object_set_int(object, "style", Int32(PANGO_STYLE_ITALIC.rawValue))
            cs_object_set_int(object, "left-margin", 12)
        case .listMarker:
            cs_object_set_int(object, "weight", 700)
        }
        gtk_text_tag_table_add(table, tag)
        // The table holds the tag now.
        g_object_unref(object)
        return tag
    }

    /// One tag per style; a link's address is not the tag's (every link looks alike).
    static func name(of style: StyledText.Style) -> String {
        switch style {
        case .heading(let level): "markdown-heading-\(level)"
        case .strong: "markdown-strong"
        case .emphasis: "markdown-emphasis"
        case .strikethrough: "markdown-strikethrough"
        case .code: "markdown-code"
        case .codeBlock: "markdown-code-block"
        case .link: "markdown-link"
        case .quote: "markdown-quote"
        case .listMarker: "markdown-list-marker"
        }
    }
}
