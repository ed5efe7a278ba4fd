// SPDX-License-Identifier: GPL-3.0-or-later

/// The lines of UTF-8 bytes, read in place: each line's range without its line break (`\n`, `\r\n` or a lone
/// `\r`), its 1-based number, and its text once it is checked as UTF-8.
struct TextLines: IteratorProtocol {
    /// One line.
    struct Line {
        /// Where it is, line break excluded.
        let range: Range<Int>
        /// Its number, from 1.
        let number: Int
    }

    let bytes: UnsafeBufferPointer<UInt8>
    /// Where the next line starts.
    private(set) var offset: Int
    private var number = 0

    init(bytes: UnsafeBufferPointer<UInt8>, from start: Int) {
        self.bytes = bytes
        offset = start
    }

    mutating func next() -> Line? {
        guard offset < bytes.count else { return nil }
        let start = offset
        var end = start
        while end < bytes.count, bytes[end] != ASCII.lineFeed, bytes[end] != ASCII.carriageReturn { end += 1 }
        offset = end
        if offset < bytes.count {
            let isCRLF = bytes[offset] == ASCII.carriageReturn && offset + 1 < bytes.count && bytes[offset + 1] == ASCII.lineFeed
            offset += isCRLF ? 2 : 1
        }
        number += 1
        return Line(range: start..<end, number: number)
    }

    /// The text of `line`, or `notUTF8` naming its first bad byte.
    func text(of line: Line) throws(DeckLoadError) -> String {
        let slice = UnsafeBufferPointer(rebasing: bytes[line.range])
        if let text = ValidUTF8.string(slice) { return text }
        throw .notUTF8(byteOffset: line.range.lowerBound + DeckText.firstInvalidUTF8Offset(in: slice), line: line.number)
    }

    /// Whether `line` holds only spaces and tabs.
    func isBlank(_ line: Line) -> Bool {
        bytes[line.range].allSatisfy { $0 == ASCII.space || $0 == ASCII.tab }
    }
}
