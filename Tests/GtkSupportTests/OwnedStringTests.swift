// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GtkSupport
import XCTest

final class OwnedStringTests: XCTestCase {
    func testTakesAndFreesATransferFullString() {
        let copy = g_strdup("Keep · Skip")
        XCTAssertEqual(String(takingGLibString: copy), "Keep · Skip")
        XCTAssertNil(String(takingGLibString: nil))
    }

    func testBorrowsATransferNoneString() {
        XCTAssertEqual(String(borrowingGLibString: g_type_name(gtk_widget_get_type())), "GtkWidget")
    }

    func testBuildsANullTerminatedArray() {
        let count = withNullTerminatedCStrings(["<Primary>q", "<Primary>w"]) { array in
            var count = 0
            while array[count] != nil { count += 1 }
            XCTAssertEqual(array[1].map { String(cString: $0) }, "<Primary>w")
            return count
        }
        XCTAssertEqual(count, 2)
    }
}
