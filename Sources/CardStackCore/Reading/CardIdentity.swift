// SPDX-License-Identifier: GPL-3.0-or-later

/// The stable ids that tie decisions to cards across launches and edits of a deck.
///
/// A card's own `id` wins. Without one, the id is an FNV-1a 64-bit hash of what the card shows, in 16
/// lowercase hex digits: the same on every run and machine (unlike `hashValue`, which is seeded per process),
/// and unchanged when other cards are reordered, added or removed, so earlier decisions stay attached.
public enum CardIdentity {
    /// FNV-1a's 64-bit offset basis (Fowler, Noll, Vo; draft-eastlake-fnv).
    static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325
    /// FNV-1a's 64-bit prime, 2^40 + 2^8 + 0xb3.
    static let prime: UInt64 = 0x0000_0100_0000_01b3

    /// The id of a card without one, from its content; `image` is the path as the deck file wrote it.
    ///
    /// The image is hashed as written rather than resolved, so moving the deck with its images keeps the ids.
    public static func contentID(title: String, subtitle: String?, body: String?, color: CardColor?, image: String?) -> String {
        contentID(title: title, subtitle: subtitle, body: body, colorHex: color.map(hexString), image: image)
    }

    /// `contentID` with the colour already in `hexString` form, for callers that meet the same colour often.
    ///
    /// A link counts only when there is one, so cards without one keep the ids they had before cards had links.
    static func contentID(title: String, subtitle: String?, body: String?, colorHex: String?, image: String?, link: String? = nil) -> String {
        var hash = FNV1a()
        hash.combine(title)
        hash.combine(subtitle ?? "")
        hash.combine(body ?? "")
        hash.combine(colorHex ?? "")
        hash.combine(image ?? "")
        if let link { hash.combine(link) }
        return hash.hexDigest
    }

    /// The id of an image folder's card: its path inside the folder and its size in bytes, so a replaced
    /// photo under the same name counts as a new card while the folder itself may move.
    public static func imageID(relativePath: String, fileSize: UInt64) -> String {
        var hash = FNV1a()
        hash.combine(relativePath)
        hash.combine(String(fileSize))
        return hash.hexDigest
    }

    /// `#rrggbb`, so `#ABC`, `#aabbcc` and `aabbcc` in a file hash alike.
    static func hexString(_ color: CardColor) -> String {
        let channelMaximum = 255.0  // 8 bits per channel, as `CardColor(hex:)` reads them.
        let digits = [color.red, color.green, color.blue].map { channel -> String in
            let value = Int((min(max(channel, 0), 1) * channelMaximum).rounded())
            let hex = String(value, radix: 16)
            return hex.count < 2 ? "0" + hex : hex
        }
        return "#" + digits.joined()
    }

    /// FNV-1a over fields, each prefixed by its UTF-8 length so that ("ab", "c") and ("a", "bc") differ.
    struct FNV1a {
        private(set) var value = CardIdentity.offsetBasis

        mutating func combine(_ field: String) {
            var length = UInt64(field.utf8.count)
            for _ in 0..<MemoryLayout<UInt64>.size {
                mix(UInt8(truncatingIfNeeded: length))
                length >>= 8
            }
            for byte in field.utf8 { mix(byte) }
        }

        private mutating func mix(_ byte: UInt8) {
            value = (value ^ UInt64(byte)) &* CardIdentity.prime
        }

        /// Four bits per hex digit.
        static let digitCount = UInt64.bitWidth / 4

        /// 16 lowercase hex digits, zero-padded so every id has the same length.
        var hexDigest: String {
            let digits = Array("0123456789abcdef".utf8)
            let bitsPerDigit = 4
            var bytes = [UInt8](repeating: 0, count: Self.digitCount)
            for index in bytes.indices {
                let shift = (Self.digitCount - 1 - index) * bitsPerDigit
                bytes[index] = digits[Int((value >> UInt64(shift)) & 0xF)]
            }
            return String(decoding: bytes, as: UTF8.self)
        }
    }
}
