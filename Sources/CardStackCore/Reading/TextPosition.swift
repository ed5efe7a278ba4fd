// SPDX-License-Identifier: GPL-3.0-or-later

/// A 1-based line and column in a text file, as editors show them.
struct TextPosition: Sendable, Hashable {
    var line: Int
    /// Counted in Unicode scalars, which is what editors count for all but combining marks and emoji.
    var column: Int

    /// The position of the byte at `offset` in UTF-8 `bytes`; `\n`, `\r\n` and a lone `\r` each end a line.
    ///
    /// Only called on the way to an error, so a plain scan from the start is fine.
    init(offset: Int, in bytes: UnsafeBufferPointer<UInt8>) {
        let end = min(max(offset, 0), bytes.count)
        var line = 1
        var lineStart = 0
        var index = 0
        while index < end {
            let byte = bytes[index]
            if byte == ASCII.lineFeed || (byte == ASCII.carriageReturn && (index + 1 >= bytes.count || bytes[index + 1] != ASCII.lineFeed)) {
                line += 1
                lineStart = index + 1
            }
            index += 1
        }
        var column = 1
        for byte in bytes[lineStart..<end] where !UTF8.isContinuation(byte) {
            column += 1
        }
        self.line = line
        self.column = column
    }

    /// The number of line breaks in `bytes`, counted as `init(offset:in:)` counts them.
    static func lineBreakCount<Bytes: Sequence<UInt8>>(in bytes: Bytes) -> Int {
        var count = 0
        var previousWasCarriageReturn = false
        for byte in bytes {
            if byte == ASCII.lineFeed {
                if !previousWasCarriageReturn { count += 1 }
            } else if byte == ASCII.carriageReturn {
                count += 1
            }
            previousWasCarriageReturn = byte == ASCII.carriageReturn
        }
        return count
    }
}
