// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// The checks every text deck file goes through before its format is parsed: UTF-8, and the byte order mark.
enum DeckText {
    /// The UTF-8 byte order mark that Excel, Notepad and others put at the start of UTF-8 files.
    static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// How many bytes of `data` are a leading byte order mark: 0 or 3.
    static func byteOrderMarkLength(of data: Data) -> Int {
        data.starts(with: byteOrderMark) ? byteOrderMark.count : 0
    }

    /// Whether `data` holds nothing but a byte order mark and white space.
    static func isBlank(_ data: Data) -> Bool {
        data.dropFirst(byteOrderMarkLength(of: data)).allSatisfy(ASCII.isWhitespace)
    }

    /// The text of `data` without its byte order mark, or `notUTF8`.
    static func decode(_ data: Data) throws(DeckLoadError) -> String {
        let body = data.dropFirst(byteOrderMarkLength(of: data))
        guard let text = String(validating: body, as: UTF8.self) else { throw notUTF8Error(in: data) }
        return text
    }

    /// `notUTF8` for the first byte of `data` that starts no valid UTF-8 sequence, with its line.
    private static func notUTF8Error(in data: Data) -> DeckLoadError {
        let offset = firstInvalidUTF8Offset(in: data)
        let line = 1 + TextPosition.lineBreakCount(in: data.prefix(offset))
        return .notUTF8(byteOffset: offset, line: line)
    }

    /// Only called once validation has failed, so the slower scalar-by-scalar walk costs nothing on good files.
    static func firstInvalidUTF8Offset(in bytes: some Sequence<UInt8>) -> Int {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let scalar): offset += scalar.count
            case .emptyInput: return offset
            case .error: return offset
            }
        }
    }
}
