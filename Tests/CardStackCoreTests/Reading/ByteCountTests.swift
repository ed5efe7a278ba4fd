// SPDX-License-Identifier: GPL-3.0-or-later
import CardStackCore
import XCTest

/// A file's size in words, as GLib's `g_format_size` (and so Files) writes it, in the user's locale.
final class ByteCountTests: XCTestCase {
    func testSizesInDecimalUnitsWithOneDecimalPastAKilobyte() {
        XCTAssertTrue(NumberLocale.use("C", in: self))
        XCTAssertEqual(ByteCount.text(0), "0 bytes")
        XCTAssertEqual(ByteCount.text(1), "1 byte")
        XCTAssertEqual(ByteCount.text(999), "999 bytes")
        XCTAssertEqual(ByteCount.text(1_000), "1.0 kB")
        XCTAssertEqual(ByteCount.text(19_912), "19.9 kB")
        XCTAssertEqual(ByteCount.text(999_949), "999.9 kB")
        XCTAssertEqual(ByteCount.text(999_950), "1.0 MB", "rounded up into the next unit, never 1000.0 kB")
        XCTAssertEqual(ByteCount.text(2_345_678_901), "2.3 GB")
        XCTAssertEqual(ByteCount.text(UInt64.max), "18.4 EB")
    }

    func testGermanWritesTheSizesDecimalComma() throws {
        try NumberLocale.useGerman(in: self)
        XCTAssertEqual(ByteCount.text(19_912), "19,9 kB")
        XCTAssertEqual(ByteCount.text(2_345_678_901), "2,3 GB")
        XCTAssertEqual(ByteCount.text(532), "532 bytes", "the words are the app's catalogue's, which a test doesn't install")
    }
}
