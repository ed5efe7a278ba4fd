// SPDX-License-Identifier: GPL-3.0-or-later
import XCTest
@testable import CardStackCore

final class LongParagraphsTests: XCTestCase {
    private func paragraphs(_ text: String) -> [Substring] { text.split(separator: "\n", omittingEmptySubsequences: false) }

    func testShortTextIsUntouched() {
        XCTAssertEqual(LongParagraphs.broken("one\ntwo three", longest: 10), "one\ntwo three")
    }

    func testALongParagraphBreaksAfterASpaceKeepingEveryCharacter() {
        let text = String(repeating: "All work and no play. ", count: 50_000)
        let broken = LongParagraphs.broken(text, longest: 4_000)
        XCTAssertEqual(broken.replacingOccurrences(of: "\n", with: ""), text, "only line breaks are added")
        for paragraph in paragraphs(broken) {
            XCTAssertLessThanOrEqual(paragraph.unicodeScalars.count, 4_000)
        }
        XCTAssertTrue(paragraphs(broken).dropLast().allSatisfy { $0.hasSuffix(" ") }, "breaks fall after a space")
    }

    func testTextWithoutSpacesBreaksAtTheLimit() {
        let text = String(repeating: "字", count: 10_001)
        XCTAssertEqual(paragraphs(LongParagraphs.broken(text, longest: 1_000)).map(\.count), Array(repeating: 1_000, count: 10) + [1])
    }

    func testExistingParagraphsAreKept() {
        let text = "short\n" + String(repeating: "x", count: 25) + "\nend"
        XCTAssertEqual(paragraphs(LongParagraphs.broken(text, longest: 10)), ["short", "xxxxxxxxxx", "xxxxxxxxxx", "xxxxx", "end"])
    }
}
