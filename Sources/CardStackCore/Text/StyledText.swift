// SPDX-License-Identifier: GPL-3.0-or-later

/// Text as a reader sees it, with the styles of its parts: a Markdown body after its syntax is read (headings,
/// emphasis, code, links, list markers), for a view to draw with its own tags.
///
/// Offsets count Unicode scalars, as GTK's text buffer counts characters.
public struct StyledText: Sendable, Equatable {
    /// How a part of the text is shown.
    public enum Style: Sendable, Hashable {
        /// A heading, level 1 to 6.
        case heading(Int)
        case strong
        case emphasis
        case strikethrough
        /// Code within a line.
        case code
        /// A block of code, shown as written.
        case codeBlock
        /// A link's text, leading to the address.
        case link(String)
        /// A quoted block.
        case quote
        /// A list's bullet, number or task box.
        case listMarker
    }

    /// A style over the scalars in `range`.
    public struct Span: Sendable, Equatable {
        public let range: Range<Int>
        public let style: Style

        public init(range: Range<Int>, style: Style) {
            self.range = range
            self.style = style
        }
    }

    /// The text, without the syntax that styled it.
    public var text: String
    /// The styles, in the order their parts end; spans may nest and overlap.
    public var spans: [Span]

    public init(text: String, spans: [Span] = []) {
        self.text = text
        self.spans = spans
    }
}
