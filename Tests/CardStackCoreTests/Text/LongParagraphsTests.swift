// SPDX-License-Identifier: GPL-3.0-or-later
import CardStackTestSupport
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

    /// The breaks put in are reported by the offset of the scalar each goes before, so a view can find a part
    /// of the text after them: taking out the breaks at those places gives the text back.
    func testTheBreaksPutInAreWhereTheySay() {
        let text = "short line\n" + String(repeating: "All work and no play. ", count: 600) + String(repeating: "x", count: 700) + " end"
        var paragraphs = LongParagraphs(text, longest: 4_000, longestWord: 250)
        var pieces: [String] = []
        var given: [Int] = []
        while let piece = paragraphs.next(reading: 3_000) {
            pieces.append(piece)
            given.append(paragraphs.givenOffset)
        }
        let broken = Array(pieces.joined().unicodeScalars)
        XCTAssertEqual(given.last, text.unicodeScalars.count, "every scalar given out")
        XCTAssertEqual(given, given.sorted())
        let breaks = paragraphs.insertedBreaks
        XCTAssertEqual(broken.count, text.unicodeScalars.count + breaks.count)
        XCTAssertGreaterThan(breaks.count, 3, "a long paragraph and a long word")
        for (number, place) in breaks.enumerated() {
            XCTAssertEqual(broken[place + number], "\n", "the break before scalar \(place)")
        }
        var restored = String.UnicodeScalarView()
        for (index, scalar) in broken.enumerated() where !breaks.enumerated().contains(where: { $0.element + $0.offset == index }) {
            restored.append(scalar)
        }
        XCTAssertEqual(String(restored), text)
    }

    func testTextWithoutSpacesBreaksAtTheLimit() {
        let text = String(repeating: "字", count: 10_001)
        XCTAssertEqual(paragraphs(LongParagraphs.broken(text, longest: 1_000)).map(\.count), Array(repeating: 1_000, count: 10) + [1])
    }

    func testAWordLongerThanTheLongestWordBreaksWhereItReachesIt() {
        let text = "a " + String(repeating: "x", count: 25) + " b"
        XCTAssertEqual(paragraphs(LongParagraphs.broken(text, longest: 100, longestWord: 10)), ["a xxxxxxxxxx", "xxxxxxxxxx", "xxxxx b"])
    }

    func testExistingParagraphsAreKept() {
        let text = "short\n" + String(repeating: "x", count: 25) + "\nend"
        XCTAssertEqual(paragraphs(LongParagraphs.broken(text, longest: 10)), ["short", "xxxxxxxxxx", "xxxxxxxxxx", "xxxxx", "end"])
    }

    func testManyShortParagraphsAreKeptAsTheyAre() {
        let text = String(repeating: "a short line of words\n", count: 20_000)
        XCTAssertEqual(LongParagraphs.broken(text, longest: 100), text)
    }

    func testPiecesOfAnySizeJoinIntoTheBrokenText() {
        var random = SeededGenerator(seed: 7)
        let alphabet: [Character] = ["a", "b", " ", " ", "\n", "é", "字"]
        for _ in 0..<40 {
            let text = String((0..<Int.random(in: 0...600, using: &random)).map { _ in alphabet.randomElement(using: &random)! })
            let longest = Int.random(in: 1...30, using: &random)
            let longestWord = Int.random(in: 1...longest, using: &random)
            let whole = LongParagraphs.broken(text, longest: longest, longestWord: longestWord)
            for budget in [1, 2, 5, 64] {
                var paragraphs = LongParagraphs(text, longest: longest, longestWord: longestWord)
                var joined = ""
                while let piece = paragraphs.next(reading: budget) { joined += piece }
                XCTAssertEqual(joined, whole, "“\(text)” at most \(longest) a line, read \(budget) at a time")
            }
            XCTAssertEqual(whole.replacingOccurrences(of: "\n", with: ""), text.replacingOccurrences(of: "\n", with: ""))
            XCTAssertTrue(paragraphs(whole).allSatisfy { $0.unicodeScalars.count <= longest })
            XCTAssertTrue(paragraphs(whole).allSatisfy { $0.split(separator: " ").allSatisfy { $0.unicodeScalars.count <= longestWord } })
        }
    }
}
