// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// File names and paths as Swift text that keeps their exact bytes, UTF-8 or not.
///
/// Linux names files with bytes, and a photo copied from an old camera or archive may be named in Latin-1
/// (`caf\xE9.jpg`). Foundation turns such bytes into U+FFFD, a name no file has, so the photo could be neither shown
/// nor copied. Here each byte that is
/// not part of valid UTF-8 becomes a scalar of its own from the end of the last private use plane, U+10FF80 +
/// (byte − 0x80), the idea of Python's "surrogateescape" (PEP 383) with scalars Swift allows. A name that truly
/// holds one of those 128 scalars has its four bytes escaped one by one, so every byte string comes back exactly.
///
/// The text goes through `URL`, the store and the cards like any path; only code that hands a path to the file
/// system asks for ``fileSystemRepresentation(of:)``, and only text shown to a person asks for ``displayName(_:)``.
public enum FileNameEncoding {
    /// The scalar that stands for byte 0x80; byte `b` (0x80…0xFF) is `escapeBase + b - 0x80`.
    static let escapeBase: UInt32 = 0x10_FF80

    /// Text for the bytes of a file name or path (no NUL among them).
    public static func text<Bytes: Collection<UInt8>>(fromBytes bytes: Bytes) -> String {
        let validated = bytes.withContiguousStorageIfAvailable(ValidUTF8.string) ?? String(validating: bytes, as: UTF8.self)
        if let text = validated, !hasBytesOutsideUTF8(text) {
            return text
        }
        let bytes = Array(bytes)
        var scalars = String.UnicodeScalarView()
        var index = 0
        while index < bytes.count {
            if let (scalar, length) = decodedScalar(in: bytes, at: index), !isEscape(scalar) {
                scalars.append(scalar)
                index += length
            } else {
                scalars.append(escape(bytes[index]))
                index += 1
            }
        }
        return String(scalars)
    }

    /// Text for a NUL-terminated path from C (`readdir`, `realpath`, `g_file_get_path`).
    public static func text(fromCString pointer: UnsafePointer<CChar>) -> String {
        let length = strlen(pointer)
        return pointer.withMemoryRebound(to: UInt8.self, capacity: length) { text(fromBytes: UnsafeBufferPointer(start: $0, count: length)) }
    }

    /// The bytes `text` stands for, NUL-terminated, as `open` and `stat` take a path.
    public static func fileSystemRepresentation(of text: String) -> [CChar] {
        guard hasBytesOutsideUTF8(text) else { return Array(text.utf8CString) }
        var bytes: [CChar] = []
        bytes.reserveCapacity(text.utf8.count + 1)
        for scalar in text.unicodeScalars {
            if isEscape(scalar) {
                bytes.append(CChar(bitPattern: UInt8(scalar.value - escapeBase + 0x80)))
            } else {
                UTF8.encode(scalar) { bytes.append(CChar(bitPattern: $0)) }
            }
        }
        bytes.append(0)
        return bytes
    }

    /// `text` as a person should read it: each byte that was not UTF-8 shown as U+FFFD, as GLib's
    /// `g_filename_display_name` shows it (the escape scalars themselves would draw as nothing or a box).
    public static func displayName(_ text: String) -> String {
        guard hasBytesOutsideUTF8(text) else { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.map { isEscape($0) ? "\u{FFFD}" : $0 }))
    }

    /// The last component of `url`'s path as a person should read it (see ``displayName(_:)``).
    public static func displayName(of url: URL) -> String {
        displayName(url.lastPathComponent)
    }

    /// Whether `text` names bytes that are not UTF-8.
    public static func hasBytesOutsideUTF8(_ text: String) -> Bool {
        text.unicodeScalars.contains(where: isEscape)
    }

    static func isEscape(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value >= escapeBase
    }

    private static func escape(_ byte: UInt8) -> Unicode.Scalar {
        // A byte below 0x80 is always valid UTF-8, so only 0x80…0xFF are ever escaped.
        Unicode.Scalar(escapeBase + UInt32(byte) - 0x80) ?? "\u{FFFD}"
    }

    /// The scalar whose valid UTF-8 (shortest form, no surrogates) starts at `index`, and its length in bytes.
    private static func decodedScalar(in bytes: [UInt8], at index: Int) -> (Unicode.Scalar, Int)? {
        let lead = bytes[index]
        let length: Int
        let minimum: UInt32
        var value: UInt32
        switch lead {
        case 0x00...0x7F: return (Unicode.Scalar(lead), 1)
        case 0xC2...0xDF: (length, minimum, value) = (2, 0x80, UInt32(lead & 0x1F))
        case 0xE0...0xEF: (length, minimum, value) = (3, 0x800, UInt32(lead & 0x0F))
        case 0xF0...0xF4: (length, minimum, value) = (4, 0x1_0000, UInt32(lead & 0x07))
        default: return nil
        }
        guard index + length <= bytes.count else { return nil }
        for offset in 1..<length {
            let byte = bytes[index + offset]
            guard byte & 0xC0 == 0x80 else { return nil }
            value = value << 6 | UInt32(byte & 0x3F)
        }
        // `Unicode.Scalar` refuses surrogates and values past U+10FFFF.
        guard value >= minimum, let scalar = Unicode.Scalar(value) else { return nil }
        return (scalar, length)
    }
}
