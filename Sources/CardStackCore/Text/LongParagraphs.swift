// SPDX-License-Identifier: GPL-3.0-or-later

/// Text for a view that lays out a paragraph at a time (GTK's text view): a paragraph of a megabyte on one line
/// is laid out whole, in seconds and hundreds of megabytes, so long ones are broken into shorter paragraphs.
public enum LongParagraphs {
    /// `text` with a line break added wherever a paragraph runs past `longest` Unicode scalars: after the last
    /// space within the limit, or at the limit in text without spaces. Shorter text is returned as it is.
    public static func broken(_ text: String, longest: Int) -> String {
        precondition(longest > 0, "a paragraph holds at least one scalar")
        guard Card.isLonger(text, than: longest) else { return text }
        var result = String.UnicodeScalarView()
        var paragraph: [Unicode.Scalar] = []
        paragraph.reserveCapacity(2 * longest)
        /// Moves whole lines of at most `longest` scalars from `paragraph` to the result.
        func breakLines(keepingRest: Bool) {
            while paragraph.count > longest {
                let cut = paragraph[..<longest].lastIndex(of: " ").map { $0 + 1 } ?? longest
                result.append(contentsOf: paragraph[..<cut])
                result.append("\n")
                paragraph.removeFirst(cut)
            }
            if !keepingRest {
                result.append(contentsOf: paragraph)
                paragraph.removeAll(keepingCapacity: true)
            }
        }
        for scalar in text.unicodeScalars {
            paragraph.append(scalar)
            if scalar == "\n" {
                breakLines(keepingRest: false)
            } else if paragraph.count >= 2 * longest {
                breakLines(keepingRest: true)
            }
        }
        breakLines(keepingRest: false)
        return String(result)
    }
}
