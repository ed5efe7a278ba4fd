// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// The checks every text deck file goes through before its format is parsed: UTF-8, and the byte order mark.
///
/// Decks saved as UTF-16 or UTF-32 (Notepad's "Unicode", Excel's "Unicode text") are read when they start with
/// a byte order mark, by transcoding them to UTF-8 first; without one, they are named in the error.
public enum DeckText {
    /// An encoding told by its byte order mark, other than UTF-8.
    struct WideEncoding: Equatable {
        let name: String
        let byteOrderMark: [UInt8]
        let encoding: String.Encoding
    }

    /// UTF-32 first: its little-endian mark begins with UTF-16's.
    static let wideEncodings = [
        WideEncoding(name: "UTF-32 (little-endian)", byteOrderMark: [0xFF, 0xFE, 0x00, 0x00], encoding: .utf32LittleEndian),
        WideEncoding(name: "UTF-32 (big-endian)", byteOrderMark: [0x00, 0x00, 0xFE, 0xFF], encoding: .utf32BigEndian),
        WideEncoding(name: "UTF-16 (little-endian)", byteOrderMark: [0xFF, 0xFE], encoding: .utf16LittleEndian),
        WideEncoding(name: "UTF-16 (big-endian)", byteOrderMark: [0xFE, 0xFF], encoding: .utf16BigEndian),
    ]

    /// The encoding `data`'s byte order mark announces, when it is not UTF-8.
    static func wideEncoding(of data: Data) -> WideEncoding? {
        wideEncodings.first { data.starts(with: $0.byteOrderMark) }
    }

    /// `data` as UTF-8 without a byte order mark when it is UTF-16 or UTF-32 with one; nil when it is neither.
    public static func utf8(fromWide data: Data) throws(DeckLoadError) -> Data? {
        guard let wide = wideEncoding(of: data) else { return nil }
        guard let text = String(data: data.dropFirst(wide.byteOrderMark.count), encoding: wide.encoding) else {
            throw .invalidText(encoding: wide.name)
        }
        return Data(text.utf8)
    }

    /// Whether `data` starts like ASCII text in UTF-16 or UTF-32 without a byte order mark: a NUL byte among
    /// its first four, which UTF-8 text never has there.
    static func looksWideWithoutMark(_ data: Data) -> Bool {
        data.prefix(4).contains(0)
    }

    /// The UTF-8 byte order mark that Excel, Notepad and others put at the start of UTF-8 files.
    static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// How many bytes of `data` are a leading byte order mark: 0 or 3.
    public static func byteOrderMarkLength(of data: Data) -> Int {
        data.starts(with: byteOrderMark) ? byteOrderMark.count : 0
    }

    /// Whether `data` holds nothing but a byte order mark and white space.
    public static func isBlank(_ data: Data) -> Bool {
        data.dropFirst(byteOrderMarkLength(of: data)).allSatisfy(ASCII.isWhitespace)
    }

    /// The text of `data` without its byte order mark, or `notUTF8`.
    static func decode(_ data: Data) throws(DeckLoadError) -> String {
        let body = data.dropFirst(byteOrderMarkLength(of: data))
        if looksWideWithoutMark(body) { throw .wideTextWithoutMark }
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

    /// Calls `read` with `data`'s bytes and the offset its text starts at (after any byte order mark), once UTF-16
    /// or UTF-32 text without a mark has been refused: what every reader of deck text does first. `read` may
    /// throw; what it throws is what this throws.
    static func read<Value>(
        _ data: Data,
        _ read: (_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int) throws(DeckLoadError) -> Value
    ) throws(DeckLoadError) -> Value {
        let start = byteOrderMarkLength(of: data)
        if looksWideWithoutMark(data.dropFirst(start)) { throw .wideTextWithoutMark }
        // `withUnsafeBytes` rethrows untyped errors: the outcome crosses it as a `Result`.
        let result = data.withUnsafeBytes { raw -> Result<Value, DeckLoadError> in
            do throws(DeckLoadError) {
                return .success(try read(raw.bindMemory(to: UInt8.self), start))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }
}
