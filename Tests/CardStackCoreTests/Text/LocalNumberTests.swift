// SPDX-License-Identifier: GPL-3.0-or-later
import CardStackCore
import XCTest

/// Numbers written by glibc under the locale set, as a GTK program writes them.
final class LocalNumberTests: XCTestCase {
    func testTheCLocaleWritesAPointAndNoGroups() {
        XCTAssertTrue(NumberLocale.use("C", in: self))
        XCTAssertEqual(LocalNumber.text(1_204.56, fractionDigits: 1), "1204.6")
        XCTAssertEqual(LocalNumber.text(25.0, fractionDigits: 1), "25.0")
        XCTAssertEqual(LocalNumber.text(12_345_678), "12345678")
        XCTAssertEqual(LocalNumber.text(-3), "-3")
        XCTAssertEqual(LocalNumber.text(1e80, fractionDigits: 2).count, 84, "longer than the first buffer")
    }

    func testGermanWritesACommaAndGroupsThousandsWithPoints() throws {
        try NumberLocale.useGerman(in: self)
        XCTAssertEqual(LocalNumber.text(1_204.56, fractionDigits: 1), "1.204,6")
        XCTAssertEqual(LocalNumber.text(12_345_678), "12.345.678")
    }
}
