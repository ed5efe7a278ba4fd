// SPDX-License-Identifier: GPL-3.0-or-later
import CardStackTestSupport
import XCTest
@testable import CardStackCore

/// File names as text that keeps their bytes (names that aren't UTF-8 were lost).
final class FileNameEncodingTests: XCTestCase {
    private func bytes(of text: String) -> [UInt8] {
        FileNameEncoding.fileSystemRepresentation(of: text).dropLast().map { UInt8(bitPattern: $0) }
    }

    func testUTF8NamesAreTheirOwnText() {
        for name in ["IMG_1.jpg", "café.png", "写真 2.jpeg", "🐈.gif", ""] {
            XCTAssertEqual(FileNameEncoding.text(fromBytes: Array(name.utf8)), name)
            XCTAssertEqual(bytes(of: name), Array(name.utf8))
            XCTAssertEqual(FileNameEncoding.displayName(name), name)
            XCTAssertFalse(FileNameEncoding.hasBytesOutsideUTF8(name))
        }
    }

    func testALatin1NameKeepsItsByteAndShowsAReplacementCharacter() {
        let latin1: [UInt8] = Array("caf".utf8) + [0xE9] + Array(".jpg".utf8)
        let text = FileNameEncoding.text(fromBytes: latin1)
        XCTAssertEqual(bytes(of: text), latin1)
        XCTAssertEqual(FileNameEncoding.displayName(text), "caf\u{FFFD}.jpg")
        XCTAssertTrue(FileNameEncoding.hasBytesOutsideUTF8(text))
        XCTAssertNotEqual(text, FileNameEncoding.text(fromBytes: Array("caf".utf8) + [0xE8] + Array(".jpg".utf8)),
                          "names that differ only in bytes outside UTF-8 stay apart")
        // The text survives what paths go through: a file URL and its components.
        let url = URL(fileURLWithPath: "/photos/" + text)
        XCTAssertEqual(url.path, "/photos/" + text)
        XCTAssertEqual(url.lastPathComponent, text)
        XCTAssertEqual(FileNameEncoding.displayName(of: url), "caf\u{FFFD}.jpg")
    }

    /// Overlong forms, surrogates, values past U+10FFFF, truncated sequences and stray continuation bytes are not
    /// UTF-8: each of their bytes is kept on its own.
    func testInvalidSequencesAreKeptByteByByte() {
        let cases: [[UInt8]] = [
            [0xC0, 0xAF], [0xE0, 0x80, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82],
            [0x80], [0xFF, 0xFE], [0x61, 0xC3], [0xF0, 0x9F, 0x90],
        ]
        for bytes in cases {
            let text = FileNameEncoding.text(fromBytes: bytes)
            XCTAssertEqual(self.bytes(of: text), bytes, "\(bytes)")
            XCTAssertTrue(FileNameEncoding.displayName(text).contains("\u{FFFD}"), "\(bytes)")
        }
    }

    /// A name that really holds one of the scalars used to stand for bytes comes back as those same bytes, not
    /// as the byte the scalar would stand for.
    func testTheEscapeScalarsThemselvesRoundTrip() {
        let name = "a\u{10FFE9}b\u{10FF80}"
        let text = FileNameEncoding.text(fromBytes: Array(name.utf8))
        XCTAssertEqual(bytes(of: text), Array(name.utf8))
        XCTAssertNotEqual(bytes(of: text), Array("a".utf8) + [0xE9] + Array("b".utf8) + [0x80])
    }

    /// Any byte string (without NUL) comes back exactly: 5,000 seeded random names, mostly bytes at or above 0x80.
    func testRandomBytesRoundTrip() {
        var generator = SeededGenerator(seed: 16)
        let alphabet: [UInt8] = Array(0x01...0xFF) + Array("ab./".utf8) + [0xC3, 0xA9, 0xE2, 0x82, 0xAC, 0xF4, 0x8F, 0xBF, 0xBF]
        for _ in 0..<5_000 {
            let length = Int.random(in: 0...12, using: &generator)
            let bytes = (0..<length).map { _ in alphabet.randomElement(using: &generator) ?? 0x61 }
            let text = FileNameEncoding.text(fromBytes: bytes)
            XCTAssertEqual(self.bytes(of: text), bytes)
            text.withCString { XCTAssertEqual(strlen($0), text.utf8.count, "no NUL is made up") }
        }
    }

    func testCStringsAreReadLikeBytes() {
        let path: [CChar] = Array("/tmp/caf".utf8CString.dropLast()) + [CChar(bitPattern: 0xE9), 0]
        let text = path.withUnsafeBufferPointer { buffer in buffer.baseAddress.map(FileNameEncoding.text(fromCString:)) }
        XCTAssertEqual(text.map(FileNameEncoding.fileSystemRepresentation(of:)), path)
    }
}
