// SPDX-License-Identifier: GPL-3.0-or-later

/// What a card shows besides its id (title, subtitle, body, picture path, link, files and colour), packed as bytes into a buffer
/// shared with the cards read before and after it.
///
/// A `String` per field and a `CardColor?` cost each card of a 100,000-card deck about 300 bytes besides its
/// text: a heap object for each field over 15 bytes, malloc's rounding, and a 112-byte struct. Packed, a card
/// costs its text, a few bytes of lengths and colour, and 12 bytes here (a 100,000-card deck fits in tens of MB). A
/// field becomes a `String`
/// when it is read; its length is known without.
///
/// Bytes from `start`: the ``Flag``s as a LEB128 varint (one byte unless the card has a colour); the lengths of the title and of each field present, as LEB128
/// varints; the colour, if any (3 bytes, or 24 for one no deck file can give); then the fields' UTF-8 in order.
struct CardContent: Sendable {
    /// The text fields, in the order they are packed.
    enum Field: Int, CaseIterable {
        case title, subtitle, body, imagePath, link, filePath, rawPath, motionPath
    }

    /// The content unpacked, for packing and for changing one part of it.
    struct Fields {
        var title: String
        var subtitle: String?
        var body: String?
        var imagePath: String?
        var link: String?
        var filePath: String?
        var rawPath: String?
        var motionPath: String?
        var color: CardColor?

        subscript(field: Field) -> String? {
            switch field {
            case .title: title
            case .subtitle: subtitle
            case .body: body
            case .imagePath: imagePath
            case .link: link
            case .filePath: filePath
            case .rawPath: rawPath
            case .motionPath: motionPath
            }
        }
    }

    /// The bits of the head's varint: the fields' first, so a card without a colour spends one byte on them.
    private enum Flag {
        /// Which optional fields are present; the title always is.
        static func present(_ field: Field) -> UInt {
            field == .title ? 0 : 1 << UInt(field.rawValue - 1)
        }
        /// The colour follows as a byte per channel, 0–255: any colour a deck file can give (`#rgb`, `#rrggbb`).
        static let byteColor: UInt = 1 << UInt(Field.allCases.count - 1)
        /// The colour follows as three `Double` bit patterns, little-endian: a colour made in code.
        static let exactColor: UInt = byteColor << 1
    }

    /// 8-bit channels, as `CardColor(hex:)` reads them.
    private static let channelMaximum = 255.0

    private let buffer: CardContentBuffer
    /// Where the content's first byte is in `buffer`.
    private let start: UInt32

    /// Content in a buffer of its own, for cards made one at a time.
    init(_ fields: Fields) {
        var bytes: [UInt8] = []
        Self.append(fields, to: &bytes)
        self.init(buffer: CardContentBuffer(bytes), start: 0)
    }

    /// The content `append(_:to:)` wrote at `start` in `buffer`.
    init(buffer: CardContentBuffer, start: Int) {
        self.buffer = buffer
        self.start = UInt32(start)
    }

    /// Writes `fields` at the end of `bytes`.
    static func append(_ fields: Fields, to bytes: inout [UInt8]) {
        var flags: UInt = 0
        for field in Field.allCases where fields[field] != nil { flags |= Flag.present(field) }
        let channels = fields.color.map { [$0.red, $0.green, $0.blue] }
        let channelBytes = channels?.map { channel -> UInt8? in
            let level = (channel * channelMaximum).rounded()
            guard (0...channelMaximum).contains(level), Double(UInt8(level)) / channelMaximum == channel else { return nil }
            return UInt8(level)
        }
        if let channelBytes { flags |= channelBytes.contains(nil) ? Flag.exactColor : Flag.byteColor }
        appendVarint(flags, to: &bytes)
        for field in Field.allCases {
            if let text = fields[field] { appendVarint(UInt(text.utf8.count), to: &bytes) }
        }
        if let channelBytes, let channels {
            if flags & Flag.byteColor != 0 {
                bytes.append(contentsOf: channelBytes.compactMap { $0 })
            } else {
                for channel in channels {
                    withUnsafeBytes(of: channel.bitPattern.littleEndian) { bytes.append(contentsOf: $0) }
                }
            }
        }
        for field in Field.allCases {
            if let text = fields[field] { bytes.append(contentsOf: text.utf8) }
        }
    }

    /// LEB128: seven bits a byte, low first, the high bit set on every byte but the last.
    private static func appendVarint(_ value: UInt, to bytes: inout [UInt8]) {
        var rest = value
        while rest >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }

    /// Where everything is, read from the head (a few bytes) whenever a part is wanted.
    private struct Layout {
        var flags: UInt = 0
        var lengths: (title: Int, subtitle: Int?, body: Int?, imagePath: Int?, link: Int?, filePath: Int?, rawPath: Int?, motionPath: Int?) =
            (0, nil, nil, nil, nil, nil, nil, nil)
        var colorOffset = 0
        /// Where the title's bytes start.
        var textOffset = 0

        func length(of field: Field) -> Int? {
            switch field {
            case .title: lengths.title
            case .subtitle: lengths.subtitle
            case .body: lengths.body
            case .imagePath: lengths.imagePath
            case .link: lengths.link
            case .filePath: lengths.filePath
            case .rawPath: lengths.rawPath
            case .motionPath: lengths.motionPath
            }
        }

        /// Where the content's last byte ends.
        var end: Int {
            textOffset + Field.allCases.reduce(0) { $0 + (length(of: $1) ?? 0) }
        }

        func range(of field: Field) -> Range<Int>? {
            guard let length = length(of: field) else { return nil }
            var offset = textOffset
            for earlier in Field.allCases.prefix(while: { $0 != field }) { offset += self.length(of: earlier) ?? 0 }
            return offset..<offset + length
        }
    }

    private func layout(_ bytes: UnsafeBufferPointer<UInt8>) -> Layout {
        var layout = Layout()
        var offset = Int(start)
        func varint() -> Int {
            var value: UInt = 0
            var shift: UInt = 0
            while true {
                let byte = bytes[offset]
                offset += 1
                value |= UInt(byte & 0x7F) << shift
                if byte & 0x80 == 0 { return Int(value) }
                shift += 7
            }
        }
        layout.flags = UInt(varint())
        let present = { (field: Field) in layout.flags & Flag.present(field) != 0 }
        layout.lengths.title = varint()
        if present(.subtitle) { layout.lengths.subtitle = varint() }
        if present(.body) { layout.lengths.body = varint() }
        if present(.imagePath) { layout.lengths.imagePath = varint() }
        if present(.link) { layout.lengths.link = varint() }
        if present(.filePath) { layout.lengths.filePath = varint() }
        if present(.rawPath) { layout.lengths.rawPath = varint() }
        if present(.motionPath) { layout.lengths.motionPath = varint() }
        layout.colorOffset = offset
        if layout.flags & Flag.byteColor != 0 { offset += 3 }
        if layout.flags & Flag.exactColor != 0 { offset += 3 * MemoryLayout<UInt64>.size }
        layout.textOffset = offset
        return layout
    }

    /// `field` as a string, or nil if the card has none.
    subscript(field: Field) -> String? {
        buffer.bytes.withUnsafeBufferPointer { bytes in
            layout(bytes).range(of: field).map { String(decoding: UnsafeBufferPointer(rebasing: bytes[$0]), as: UTF8.self) }
        }
    }

    /// The length of `field` in UTF-8 bytes without making its string, or nil if the card has none.
    func utf8Count(of field: Field) -> Int? {
        buffer.bytes.withUnsafeBufferPointer { layout($0).length(of: field) }
    }

    /// The lengths in UTF-8 bytes of what a card shows as text, and of its picture's path (nil where the card has
    /// none), read from the head once.
    var shownFieldCounts: (title: Int, subtitle: Int?, body: Int?, imagePath: Int?) {
        buffer.bytes.withUnsafeBufferPointer { bytes in
            let lengths = layout(bytes).lengths
            return (lengths.title, lengths.subtitle, lengths.body, lengths.imagePath)
        }
    }

    /// The card's colour, if its deck gives it one.
    var color: CardColor? {
        buffer.bytes.withUnsafeBufferPointer { bytes in
            let layout = layout(bytes)
            var offset = layout.colorOffset
            if layout.flags & Flag.byteColor != 0 {
                let channel = { (index: Int) in Double(bytes[offset + index]) / Self.channelMaximum }
                return CardColor(red: channel(0), green: channel(1), blue: channel(2))
            }
            guard layout.flags & Flag.exactColor != 0 else { return nil }
            func channel() -> Double {
                var pattern: UInt64 = 0
                for index in 0..<MemoryLayout<UInt64>.size { pattern |= UInt64(bytes[offset + index]) << (8 * UInt64(index)) }
                offset += MemoryLayout<UInt64>.size
                return Double(bitPattern: pattern)
            }
            return CardColor(red: channel(), green: channel(), blue: channel())
        }
    }

    /// Everything, unpacked.
    var fields: Fields {
        Fields(title: self[.title] ?? "", subtitle: self[.subtitle], body: self[.body], imagePath: self[.imagePath], link: self[.link], filePath: self[.filePath], rawPath: self[.rawPath],
               motionPath: self[.motionPath], color: color)
    }

    /// The content's bytes, head to last field.
    private var bytes: ArraySlice<UInt8> {
        buffer.bytes[Int(start)..<buffer.bytes.withUnsafeBufferPointer { layout($0).end }]
    }
}

/// The bytes that cards' ``CardContent`` point into; never changed once made, so cards share it across threads.
final class CardContentBuffer: Sendable {
    let bytes: [UInt8]

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }
}

extension CardContent: Equatable, Hashable {
    /// Text compares as strings do (canonically equivalent text is equal); the same bytes are the quick yes.
    static func == (lhs: CardContent, rhs: CardContent) -> Bool {
        if lhs.bytes.elementsEqual(rhs.bytes) { return true }
        return lhs.color == rhs.color && Field.allCases.allSatisfy { lhs[$0] == rhs[$0] }
    }

    func hash(into hasher: inout Hasher) {
        for field in Field.allCases { hasher.combine(self[field]) }
        hasher.combine(color)
    }
}
