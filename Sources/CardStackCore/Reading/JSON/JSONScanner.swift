// SPDX-License-Identifier: GPL-3.0-or-later

/// Reads strict JSON (RFC 8259) from UTF-8 bytes one value at a time, for a parser that knows the shape it expects.
///
/// Foundation's `JSONDecoder` on Linux reports any syntax error only as "not valid JSON", with no place, and
/// `JSONSerialization` accepts trailing commas and took 0.8 s to parse a 21 MB, 100,000-card deck; reading the
/// bytes directly gives every error a line and column, and builds the same deck in about 0.2 s.
///
/// The bytes must already be valid UTF-8 (`DeckText.validateUTF8`), so text is only split at ASCII bytes.
struct JSONScanner {
    /// What the next value is, judged by its first byte.
    enum ValueKind {
        case object, array, string, number, boolean, null
    }

    /// U+FFFD, what Unicode shows for code that names no character.
    static let replacementCharacter: Unicode.Scalar = "\u{FFFD}"

    let bytes: UnsafeBufferPointer<UInt8>
    /// The next byte to read.
    private(set) var offset: Int

    init(bytes: UnsafeBufferPointer<UInt8>, offset: Int = 0) {
        self.bytes = bytes
        self.offset = offset
    }

    // MARK: Positions and errors

    /// A `malformedJSON` error at `offset` (the current one when nil).
    func error(_ problem: String, at errorOffset: Int? = nil) -> DeckLoadError {
        let position = TextPosition(offset: errorOffset ?? offset, in: bytes)
        return .malformedJSON(line: position.line, column: position.column, problem: problem)
    }

    /// "‘x’" for the character at `offset`, or "the end of the file".
    func foundDescription(at errorOffset: Int? = nil) -> String {
        let start = errorOffset ?? offset
        guard start < bytes.count else { return tr("the end of the file") }
        var end = start + 1
        while end < bytes.count, UTF8.isContinuation(bytes[end]) { end += 1 }
        let character = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        return "‘\(character)’"
    }

    /// An error for something other than `expectation` at the current offset.
    func unexpected(_ expectation: String) -> DeckLoadError {
        error(String(format: tr("expected %1$@, found %2$@"), expectation, foundDescription()))
    }

    // MARK: Structure

    /// Moves past JSON white space.
    mutating func skipWhitespace() {
        while offset < bytes.count, ASCII.isWhitespace(bytes[offset]) { offset += 1 }
    }

    /// Whether only white space is left.
    mutating func isAtEnd() -> Bool {
        skipWhitespace()
        return offset >= bytes.count
    }

    /// The kind of the value that starts after any white space; the value itself is not consumed.
    mutating func nextKind() throws(DeckLoadError) -> ValueKind {
        skipWhitespace()
        guard offset < bytes.count else { throw unexpected(tr("a value")) }
        switch bytes[offset] {
        case ASCII.openBrace: return .object
        case ASCII.openBracket: return .array
        case ASCII.quote: return .string
        case ASCII.minus, ASCII.zero...ASCII.nine: return .number
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return .boolean
        case UInt8(ascii: "n"): return .null
        default: throw unexpected(tr("a value"))
        }
    }

    /// Consumes the `{` of an object, or throws `problem` with what was found instead.
    mutating func beginObject(orFail problem: @autoclosure () -> String) throws(DeckLoadError) {
        skipWhitespace()
        guard offset < bytes.count, bytes[offset] == ASCII.openBrace else {
            throw error(String(format: tr("%1$@, found %2$@"), problem(), foundDescription()))
        }
        offset += 1
    }

    /// Consumes the `[` of an array, or throws `problem` with what was found instead.
    mutating func beginArray(orFail problem: @autoclosure () -> String) throws(DeckLoadError) {
        skipWhitespace()
        guard offset < bytes.count, bytes[offset] == ASCII.openBracket else {
            throw error(String(format: tr("%1$@, found %2$@"), problem(), foundDescription()))
        }
        offset += 1
    }

    /// Moves to the next member's key and returns true, or consumes the object's `}` and returns false.
    ///
    /// `first` is true right after `beginObject`, where a `}` may close an empty object and no `,` is due.
    mutating func nextMember(first: Bool) throws(DeckLoadError) -> Bool {
        skipWhitespace()
        guard offset < bytes.count else { throw unexpected(first ? tr("a field name in quotes or ‘}’") : tr("a ‘,’ or ‘}’")) }
        if bytes[offset] == ASCII.closeBrace {
            offset += 1
            return false
        }
        if !first {
            guard bytes[offset] == ASCII.comma else { throw unexpected(tr("a ‘,’ or ‘}’")) }
            offset += 1
            skipWhitespace()
        }
        guard offset < bytes.count, bytes[offset] == ASCII.quote else {
            throw unexpected(first ? tr("a field name in quotes or ‘}’") : tr("a field name in quotes"))
        }
        return true
    }

    /// Reads a member's key and the `:` after it.
    mutating func readKey() throws(DeckLoadError) -> String {
        let key = try readString()
        try expectColon()
        return key
    }

    /// Moves to the next element and returns true, or consumes the array's `]` and returns false.
    ///
    /// `first` is true right after `beginArray`, where a `]` may close an empty array and no `,` is due.
    mutating func nextElement(first: Bool) throws(DeckLoadError) -> Bool {
        skipWhitespace()
        guard offset < bytes.count else { throw unexpected(first ? tr("a value or ‘]’") : tr("a ‘,’ or ‘]’")) }
        if bytes[offset] == ASCII.closeBracket {
            offset += 1
            return false
        }
        if !first {
            guard bytes[offset] == ASCII.comma else { throw unexpected(tr("a ‘,’ or ‘]’")) }
            offset += 1
            skipWhitespace()
            // A trailing comma is the commonest hand-editing slip; say so rather than "expected a value".
            if offset < bytes.count, bytes[offset] == ASCII.closeBracket {
                throw error(tr("a ‘,’ must be followed by another value; remove the last ‘,’"))
            }
        }
        return true
    }

    /// Skips one whole value of any kind, checking its syntax.
    ///
    /// Iterative, so no nesting depth in a hostile file can overflow the stack.
    mutating func skipValue() throws(DeckLoadError) {
        var openObjects: [Bool] = []  // One entry per open container: true for an object, false for an array.
        var expectsValue = true
        while true {
            if expectsValue {
                switch try nextKind() {
                case .object:
                    offset += 1
                    if try nextMember(first: true) {
                        try skipKey()
                        openObjects.append(true)
                        continue
                    }
                case .array:
                    offset += 1
                    if try nextElement(first: true) {
                        openObjects.append(false)
                        continue
                    }
                case .string: try skipString()
                case .number: try skipNumber()
                case .boolean: _ = try readBoolean()
                case .null: try readNull()
                }
                expectsValue = false
            }
            guard let inObject = openObjects.last else { return }
            if inObject {
                if try nextMember(first: false) {
                    try skipKey()
                    expectsValue = true
                } else {
                    openObjects.removeLast()
                }
            } else if try nextElement(first: false) {
                expectsValue = true
            } else {
                openObjects.removeLast()
            }
        }
    }

    private mutating func skipKey() throws(DeckLoadError) {
        try skipString()
        try expectColon()
    }

    private mutating func expectColon() throws(DeckLoadError) {
        skipWhitespace()
        guard offset < bytes.count, bytes[offset] == ASCII.colon else { throw unexpected(tr("a ‘:’ after the field name")) }
        offset += 1
    }

    // MARK: Scalars

    /// Reads a string value, escapes resolved.
    mutating func readString() throws(DeckLoadError) -> String {
        try scanString(keepingText: true) ?? ""
    }

    private mutating func skipString() throws(DeckLoadError) {
        _ = try scanString(keepingText: false)
    }

    /// The text of a string's bytes, or `notUTF8` naming the first byte that isn't UTF-8.
    ///
    /// Checked here, for the text a deck keeps, rather than over the whole file up front: that pass made a copy
    /// of the entire file, the largest single allocation when opening a big deck.
    private func validatedText(_ slice: UnsafeBufferPointer<UInt8>, from start: Int) throws(DeckLoadError) -> String {
        if let text = ValidUTF8.string(slice) { return text }
        let offset = start + DeckText.firstInvalidUTF8Offset(in: slice)
        throw .notUTF8(byteOffset: offset, line: TextPosition(offset: offset, in: bytes).line)
    }

    /// Reads the string at `offset`, returning its text only when `keepingText`.
    private mutating func scanString(keepingText: Bool) throws(DeckLoadError) -> String? {
        skipWhitespace()
        guard offset < bytes.count, bytes[offset] == ASCII.quote else { throw unexpected(tr("text in quotes")) }
        let opening = offset
        offset += 1
        let start = offset
        // Most strings have no escapes: find the closing quote and decode the bytes in one go.
        while offset < bytes.count {
            let byte = bytes[offset]
            if byte == ASCII.quote {
                let text = keepingText ? try validatedText(UnsafeBufferPointer(rebasing: bytes[start..<offset]), from: start) : nil
                offset += 1
                return text
            }
            if byte == ASCII.backslash { break }
            if byte < ASCII.firstPrintable { throw controlCharacterError(opening: opening) }
            offset += 1
        }
        guard offset < bytes.count else { throw error(tr("this text in quotes never ends: add the closing ‘\"’"), at: opening) }
        var text = Array(bytes[start..<offset])
        while offset < bytes.count {
            let byte = bytes[offset]
            if byte == ASCII.quote {
                offset += 1
                guard keepingText else { return nil }
                // Escapes are ASCII, so an invalid byte in the result is one written verbatim in the file.
                guard let string = ValidUTF8.string(text) else {
                    _ = try validatedText(UnsafeBufferPointer(rebasing: bytes[start..<offset - 1]), from: start)
                    return String(decoding: text, as: UTF8.self)
                }
                return string
            }
            if byte < ASCII.firstPrintable { throw controlCharacterError(opening: opening) }
            if byte == ASCII.backslash {
                try readEscape(into: &text)
            } else {
                text.append(byte)
                offset += 1
            }
        }
        throw error(tr("this text in quotes never ends: add the closing ‘\"’"), at: opening)
    }

    private func controlCharacterError(opening: Int) -> DeckLoadError {
        if bytes[offset] == ASCII.lineFeed || bytes[offset] == ASCII.carriageReturn {
            return error(tr("text in quotes must end on the line it starts: close it with ‘\"’, or write a line break as \\n"), at: opening)
        }
        return error(tr("a control character must be written as an escape such as \\t or \\u0001 inside quotes"))
    }

    /// Resolves the escape at `offset` (its backslash) and appends its UTF-8 to `text`.
    private mutating func readEscape(into text: inout [UInt8]) throws(DeckLoadError) {
        let backslash = offset
        offset += 1
        guard offset < bytes.count else { throw error(tr("this text in quotes never ends: add the closing ‘\"’")) }
        let code = bytes[offset]
        offset += 1
        switch code {
        case ASCII.quote, ASCII.backslash, ASCII.slash: text.append(code)
        case UInt8(ascii: "b"): text.append(0x08)
        case UInt8(ascii: "f"): text.append(0x0C)
        case UInt8(ascii: "n"): text.append(ASCII.lineFeed)
        case UInt8(ascii: "r"): text.append(ASCII.carriageReturn)
        case UInt8(ascii: "t"): text.append(ASCII.tab)
        case UInt8(ascii: "u"):
            let unit = try readHexUnit(escapeStart: backslash)
            var scalar = Unicode.Scalar(unit)
            if UTF16.isLeadSurrogate(unit), offset + 1 < bytes.count,
               bytes[offset] == ASCII.backslash, bytes[offset + 1] == UInt8(ascii: "u") {
                let save = offset
                offset += 2
                let trail = try readHexUnit(escapeStart: save)
                if UTF16.isTrailSurrogate(trail) {
                    scalar = Unicode.Scalar(0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(trail) - 0xDC00))
                } else {
                    offset = save
                }
            }
            // A lone surrogate is allowed by JSON's grammar but is no character: show it as U+FFFD.
            text.append(contentsOf: String(Character(scalar ?? Self.replacementCharacter)).utf8)
        default:
            throw error(String(format: tr("a backslash followed by %@ is no escape; write a backslash as \\\\"), foundDescription(at: offset - 1)), at: backslash)
        }
    }

    private mutating func readHexUnit(escapeStart: Int) throws(DeckLoadError) -> UInt16 {
        let hexDigitCount = 4  // \uXXXX, RFC 8259 §7.
        guard offset + hexDigitCount <= bytes.count else { throw error(tr("\\u must be followed by four hex digits"), at: escapeStart) }
        var value: UInt16 = 0
        for byte in bytes[offset..<offset + hexDigitCount] {
            guard let digit = Self.hexValue(byte) else { throw error(tr("\\u must be followed by four hex digits"), at: escapeStart) }
            value = value << 4 | UInt16(digit)
        }
        offset += hexDigitCount
        return value
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case ASCII.zero...ASCII.nine: byte - ASCII.zero
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// Reads a number and returns it as written, which is what a numeric id stands for.
    mutating func readNumberText() throws(DeckLoadError) -> String {
        let start = try scanNumber()
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<offset]), as: UTF8.self)
    }

    private mutating func skipNumber() throws(DeckLoadError) {
        _ = try scanNumber()
    }

    /// Moves past a number in JSON's grammar (no leading zeros, no `+`, digits after `.`); returns its start.
    private mutating func scanNumber() throws(DeckLoadError) -> Int {
        skipWhitespace()
        let start = offset
        func digits() -> Int {
            let first = offset
            while offset < bytes.count, ASCII.isDigit(bytes[offset]) { offset += 1 }
            return offset - first
        }
        if offset < bytes.count, bytes[offset] == ASCII.minus { offset += 1 }
        let integerStart = offset
        let integerDigits = digits()
        guard integerDigits > 0 else { throw error(tr("a number needs digits"), at: start) }
        if integerDigits > 1, bytes[integerStart] == ASCII.zero {
            throw error(tr("a number can't start with 0; put it in quotes if it is an id"), at: start)
        }
        if offset < bytes.count, bytes[offset] == ASCII.period {
            offset += 1
            guard digits() > 0 else { throw error(tr("a number needs digits after its ‘.’"), at: start) }
        }
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "e") || bytes[offset] == UInt8(ascii: "E") {
            offset += 1
            if offset < bytes.count, bytes[offset] == ASCII.plus || bytes[offset] == ASCII.minus { offset += 1 }
            guard digits() > 0 else { throw error(tr("a number needs digits after its exponent"), at: start) }
        }
        return start
    }

    /// Reads `true` or `false`.
    mutating func readBoolean() throws(DeckLoadError) -> Bool {
        if readLiteral("true") { return true }
        if readLiteral("false") { return false }
        throw unexpected(tr("a value"))
    }

    /// Reads `null`.
    mutating func readNull() throws(DeckLoadError) {
        guard readLiteral("null") else { throw unexpected(tr("a value")) }
    }

    /// Consumes `word` if it comes next as a whole word.
    private mutating func readLiteral(_ word: StaticString) -> Bool {
        skipWhitespace()
        let count = word.utf8CodeUnitCount
        guard offset + count <= bytes.count else { return false }
        let matches = word.withUTF8Buffer { expected in
            expected.elementsEqual(bytes[offset..<offset + count])
        }
        guard matches else { return false }
        offset += count
        return true
    }
}
