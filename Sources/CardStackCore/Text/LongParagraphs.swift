// SPDX-License-Identifier: GPL-3.0-or-later

/// Text for a view that lays out a paragraph at a time (GTK's text view): a paragraph of a megabyte on one line
/// is laid out whole, in seconds and hundreds of megabytes, so long ones are broken into shorter paragraphs.
///
/// A line break goes wherever a paragraph runs past `longest` Unicode scalars, after the last space within the
/// limit, and wherever a run without spaces reaches `longestWord` scalars: Pango wraps a word too long for a
/// line in time that grows with the square of its length (a 4,000-letter word took 0.6 s, 250 letters 1 ms).
/// The text comes out in pieces, so that a view can be given a long text a slice at a time; the pieces joined
/// are ``broken(_:longest:longestWord:)``.
///
/// One pass over the scalars, each read once; the pieces are slices of the text with the breaks between them,
/// so the cost grows with the text's length alone.
public struct LongParagraphs: Sendable {
    private let text: String
    private let longest: Int
    private let longestWord: Int
    /// Where the part of the text not yet given out starts.
    private var given: String.Index
    /// The next scalar to read.
    private var index: String.Index
    /// Scalars read in the current line, and where its last space ends (with the scalars up to there).
    private var lineCount = 0
    /// Scalars read since the last space or line break.
    private var wordCount = 0
    private var lastSpace: (end: String.Index, count: Int, offset: Int)?
    /// The scalar offset of ``index`` in the text.
    private var indexOffset = 0
    /// Scalars of the text given out so far (the breaks not counted).
    public private(set) var givenOffset = 0
    /// Where a line break was put in, as the offset of the scalar it goes before, in order: a view that styles
    /// parts of the text finds them here after the breaks.
    public private(set) var insertedBreaks: [Int] = []

    /// Breaks `text` into paragraphs of at most `longest` scalars and words of at most `longestWord` (no more
    /// than `longest`).
    public init(_ text: String, longest: Int, longestWord: Int? = nil) {
        precondition(longest > 0, "a paragraph holds at least one scalar")
        self.text = text
        self.longest = longest
        self.longestWord = min(longest, max(1, longestWord ?? longest))
        given = text.startIndex
        index = text.startIndex
    }

    /// Whether every piece has been given out.
    public var isFinished: Bool { given == text.endIndex }

    /// The next piece, having read about `scalars` more scalars of the text; nil once everything was given out.
    ///
    /// A piece ends where no later break can fall before it: just after the current line's last space, or, in
    /// a line with no space yet, at the last scalar read.
    public mutating func next(reading scalars: Int) -> String? {
        guard !isFinished else { return nil }
        let all = text.unicodeScalars
        var piece = ""
        var read = 0
        while index < all.endIndex, read < scalars {
            let scalar = all[index]
            let next = all.index(after: index)
            read += 1
            if scalar == "\n" {
                lineCount = 0
                wordCount = 0
                lastSpace = nil
                index = next
                indexOffset += 1
                continue
            }
            if scalar != " ", wordCount == longestWord {
                piece.append(contentsOf: text[given..<index])
                piece.append("\n")
                given = index
                givenOffset = indexOffset
                insertedBreaks.append(indexOffset)
                lineCount = 0
                wordCount = 0
                lastSpace = nil
            } else if lineCount == longest {
                let cut = lastSpace?.end ?? index
                let cutOffset = lastSpace?.offset ?? indexOffset
                piece.append(contentsOf: text[given..<cut])
                piece.append("\n")
                given = cut
                givenOffset = cutOffset
                insertedBreaks.append(cutOffset)
                lineCount -= lastSpace?.count ?? lineCount
                lastSpace = nil
            }
            lineCount += 1
            if scalar == " " {
                lastSpace = (next, lineCount, indexOffset + 1)
                wordCount = 0
            } else {
                wordCount += 1
            }
            index = next
            indexOffset += 1
        }
        let safe = index == all.endIndex ? index : lastSpace?.end ?? index
        let safeOffset = index == all.endIndex ? indexOffset : lastSpace?.offset ?? indexOffset
        piece.append(contentsOf: text[given..<safe])
        given = safe
        givenOffset = safeOffset
        return piece
    }

    /// `text` with its long paragraphs and words broken; text without either is returned as it is.
    public static func broken(_ text: String, longest: Int, longestWord: Int? = nil) -> String {
        guard Card.isLonger(text, than: min(longest, longestWord ?? longest)) else { return text }
        var paragraphs = LongParagraphs(text, longest: longest, longestWord: longestWord)
        var result = ""
        result.reserveCapacity(text.utf8.count + text.utf8.count / longest + 1)
        while let piece = paragraphs.next(reading: .max) { result += piece }
        return result
    }
}
