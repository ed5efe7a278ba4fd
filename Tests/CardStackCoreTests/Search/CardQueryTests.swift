// SPDX-License-Identifier: GPL-3.0-or-later

import XCTest
@testable import CardStackCore

/// Finding cards by the words typed: every word, anywhere, in any case or accent.
final class CardQueryTests: XCTestCase {
    private let cards = [
        Card(id: "1", title: "Pride and Prejudice", subtitle: "Jane Austen · 1813", body: "Elizabeth Bennet meets Mr Darcy."),
        Card(id: "2", title: "Étude in Black", subtitle: "Crime", body: nil),
        Card(id: "3", title: "#107 Crash on start", subtitle: "bug, ui", body: "### Steps\n1. Open a **huge** file"),
    ]

    private func found(_ text: String) -> [String] {
        let query = CardQuery(text)
        return cards.filter { query.matches($0) }.map(\.id)
    }

    func testEveryWordMustBeFoundAnywhereInAnyOrder() {
        XCTAssertEqual(found("pride"), ["1"])
        XCTAssertEqual(found("austen darcy"), ["1"], "subtitle and body")
        XCTAssertEqual(found("darcy austen"), ["1"], "any order")
        XCTAssertEqual(found("austen crime"), [], "every word, not any")
        XCTAssertEqual(found("ejud"), ["1"], "part of a word")
        XCTAssertEqual(found("#107 bug"), ["3"])
        XCTAssertEqual(found("huge"), ["3"], "the body, as written")
    }

    func testCaseAndAccentsDoNotMatter() {
        XCTAssertEqual(found("etude"), ["2"])
        XCTAssertEqual(found("ÉTUDE black"), ["2"])
        XCTAssertEqual(found("PRIDE"), ["1"])
    }

    func testNothingTypedKeepsEveryCardAndAFileNameIsSearchedWithoutItsFolder() {
        XCTAssertEqual(found(""), ["1", "2", "3"])
        XCTAssertEqual(found("   \n "), ["1", "2", "3"])
        XCTAssertTrue(CardQuery("  ").isEmpty)
        var photo = Card(id: "p", title: "IMG_0042.JPG")
        photo.filePath = "/home/ada/Pictures/Holiday/IMG_0042.JPG"
        XCTAssertTrue(CardQuery("img_0042").matches(photo))
        XCTAssertFalse(CardQuery("holiday").matches(photo), "the folder is every photo's: it finds nothing")
    }
}
