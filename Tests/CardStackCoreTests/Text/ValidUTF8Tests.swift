// SPDX-License-Identifier: GPL-3.0-or-later
import CardStackTestSupport
import XCTest
@testable import CardStackCore

/// Bytes become text only when they are well-formed UTF-8, as `String(validating:as:)` says.
final class ValidUTF8Tests: XCTestCase {
    func testWellFormedBytesAreTheirText() {
        for text in ["", "Dune #1", "Gabriel García Márquez · 1967", "写真", "🐈 and 🐕", "a\u{0}b", String(repeating: "long é ", count: 500)] {
            XCTAssertEqual(ValidUTF8.string(Array(text.utf8)), text)
        }
    }

    /// Each malformed sequence, among them those whose repair (one U+FFFD, three bytes) is as long as they are.
    func testMalformedBytesAreNoText() {
        let malformed: [[UInt8]] = [
            [0x80],                          // a continuation byte alone
            [0x41, 0xC3],                    // a sequence cut at the end
            [0xF0, 0x9F, 0x90],              // a four-byte sequence cut to three: repaired, as long as it was
            [0x41, 0xF0, 0x9F, 0x90, 0x42],  // the same between letters
            [0xE2, 0x82, 0x41, 0x42],        // a three-byte sequence cut to two, then letters
            [0xC0, 0xAF],                    // an overlong ‘/’
            [0xED, 0xA0, 0x80],              // a surrogate's code point
            [0xF4, 0x90, 0x80, 0x80],        // past U+10FFFF
            [0xFF, 0xFE, 0xFD],              // bytes UTF-8 never has
        ]
        for bytes in malformed {
            XCTAssertNil(ValidUTF8.string(bytes), "\(bytes)")
            XCTAssertNil(String(validating: bytes, as: UTF8.self), "the standard library agrees: \(bytes)")
        }
    }

    func testAnyBytesGetTheStandardLibrarysAnswer() {
        var generator = SeededGenerator(seed: 8)
        for _ in 0..<2_000 {
            let count = Int.random(in: 0...12, using: &generator)
            // Mostly bytes that start or continue sequences, so that many are well formed and many are not.
            let bytes = (0..<count).map { _ in [UInt8.random(in: 0x41...0x5A, using: &generator), UInt8.random(in: 0x80...0xBF, using: &generator), UInt8.random(in: 0xC2...0xF4, using: &generator)].randomElement(using: &generator) ?? 0 }
            XCTAssertEqual(ValidUTF8.string(bytes), String(validating: bytes, as: UTF8.self), "\(bytes)")
        }
    }
}
