// SPDX-License-Identifier: GPL-3.0-or-later
import CardStackTestSupport
import Foundation
import XCTest
@testable import CardStackCore

final class JSONDeckParserTests: XCTestCase {
    private func parse(_ json: String, baseDirectory: URL? = nil) throws(DeckLoadError) -> Deck {
        try JSONDeckParser.parse(Data(json.utf8), baseDirectory: baseDirectory)
    }

    /// Parses `json`, which must fail, and returns the error.
    private func failure(_ json: String, file: StaticString = #filePath, line: UInt = #line) -> DeckLoadError? {
        failure(Data(json.utf8), file: file, line: line)
    }

    private func failure(_ data: Data, file: StaticString = #filePath, line: UInt = #line) -> DeckLoadError? {
        do {
            let deck = try JSONDeckParser.parse(data, baseDirectory: nil)
            XCTFail("parsed \(deck.cards.count) cards", file: file, line: line)
            return nil
        } catch {
            return error
        }
    }

    // MARK: Good decks

    func testReadsEveryFieldAndResolvesImages() throws {
        let base = URL(fileURLWithPath: "/decks/books")
        let deck = try parse("""
            { "title": "Books",
              "cards": [
                { "id": "dune", "title": "Dune", "subtitle": "Frank Herbert", "body": "Spice.",
                  "color": "#3584e4", "image": "covers/dune.jpg" },
                { "id": "emma", "title": "Emma", "image": "/srv/emma.png" },
                { "id": "up", "title": "Up", "image": "../shared/./up.jpg" }
              ] }
            """, baseDirectory: base)
        XCTAssertEqual(deck.title, "Books")
        XCTAssertEqual(deck.cards.map(\.id), ["dune", "emma", "up"])
        XCTAssertEqual(deck.cards[0].subtitle, "Frank Herbert")
        XCTAssertEqual(deck.cards[0].body, "Spice.")
        XCTAssertEqual(deck.cards[0].color, CardColor(hex: "#3584e4"))
        XCTAssertEqual(deck.cards[0].imagePath, "/decks/books/covers/dune.jpg")
        XCTAssertEqual(deck.cards[1].imagePath, "/srv/emma.png", "absolute paths stay")
        XCTAssertEqual(deck.cards[2].imagePath, "/decks/shared/up.jpg")
        XCTAssertEqual(deck.allowedDirections, Set(SwipeDirection.allCases))
        XCTAssertNil(deck.source, "the parser knows no file; the loader sets it")
        XCTAssertFalse(deck.isPhotoDeck)
    }

    func testKeepsMarkupCharactersVerbatim() throws {
        let deck = try parse(#"{ "cards": [ { "title": "<b>Bold</b> & <i>co</i> &amp;", "body": "a < b > c" } ] }"#)
        XCTAssertEqual(deck.cards[0].title, "<b>Bold</b> & <i>co</i> &amp;")
        XCTAssertEqual(deck.cards[0].body, "a < b > c")
    }

    func testIgnoresUnknownFieldsAtEveryLevel() throws {
        let deck = try parse("""
            { "version": 3, "meta": { "tags": ["a", {"b": [null, true, false, -1.5e3]}] },
              "cards": [ { "title": "One", "rating": 4.5, "extra": { "nested": [1, 2, {"x": "y"}] }, "seen": false } ],
              "trailer": null }
            """)
        XCTAssertEqual(deck.cards.map(\.title), ["One"])
    }

    func testSkipsDeeplyNestedUnknownFieldsWithoutRecursion() throws {
        let depth = 100_000
        let nested = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        let deck = try parse(#"{ "junk": \#(nested), "cards": [ { "title": "Deep" } ] }"#)
        XCTAssertEqual(deck.cards.count, 1)
    }

    func testDirectionsRestrictAndLabel() throws {
        let deck = try parse("""
            { "directions": { "right": "Read", "left": "Skip", "sideways": "Nope", "up": null },
              "cards": [ { "title": "One" } ] }
            """)
        XCTAssertEqual(deck.allowedDirections, [.right, .left, .up])
        XCTAssertEqual(deck.label(for: .right), "Read")
        XCTAssertEqual(deck.label(for: .left), "Skip")
        XCTAssertEqual(deck.label(for: .up), SwipeDirection.up.defaultLabel, "a null label keeps the default")
    }

    func testDirectionsNamingNoDirectionIsAnError() {
        XCTAssertEqual(failure(#"{ "directions": { "sideways": "x" }, "cards": [ { "title": "One" } ] }"#), .noDirections)
    }

    func testBadColourIsIgnored() throws {
        let deck = try parse(##"{ "cards": [ { "title": "One", "color": "blue" }, { "title": "Two", "color": "#12345" } ] }"##)
        XCTAssertNil(deck.cards[0].color)
        XCTAssertNil(deck.cards[1].color)
    }

    func testReadsEscapes() throws {
        let deck = try parse(#"{ "cards": [ { "title": "caf\u00e9 \ud83d\ude00 \"q\" \\ \/", "body": "a\nb\tc" } ] }"#)
        XCTAssertEqual(deck.cards[0].title, "café 😀 \"q\" \\ /")
        XCTAssertEqual(deck.cards[0].body, "a\nb\tc")
    }

    func testNumericIDsAreTakenAsWritten() throws {
        let deck = try parse(#"{ "cards": [ { "id": 7, "title": "Seven" }, { "id": "8", "title": "Eight" } ] }"#)
        XCTAssertEqual(deck.cards.map(\.id), ["7", "8"])
    }

    func testMissingDeckTitleUsesTheDefault() throws {
        let deck = try JSONDeckParser.parse(Data(#"{ "cards": [ { "title": "One" } ] }"#.utf8), baseDirectory: nil, defaultTitle: "books")
        XCTAssertEqual(deck.title, "books")
    }

    func testByteOrderMarkIsSkipped() throws {
        let deck = try JSONDeckParser.parse(Data(DeckText.byteOrderMark) + Data(#"{ "cards": [ { "title": "One" } ] }"#.utf8), baseDirectory: nil)
        XCTAssertEqual(deck.cards.count, 1)
    }

    func testLoadsTheSampleDeck() throws {
        let sample = Repository.file("data/decks/sample.json")
        let deck = try JSONDeckParser.parse(try Data(contentsOf: sample), baseDirectory: sample.deletingLastPathComponent())
        XCTAssertFalse(deck.cards.isEmpty)
        XCTAssertEqual(deck.cards.first?.id, "dune")
    }

    func testLoadsAHundredThousandCards() throws {
        let count = 100_000
        var json = #"{ "title": "Big", "cards": ["#
        for index in 0..<count {
            json += index == 0 ? "\n" : ",\n"
            json += ##"{ "title": "Card \##(index)", "subtitle": "Number \##(index)", "color": "#3584e4" }"##
        }
        json += "\n] }\n"
        let deck = try parse(json)
        XCTAssertEqual(deck.cards.count, count)
        XCTAssertEqual(Set(deck.cards.map(\.id)).count, count, "every generated id is distinct")
    }

    // MARK: Bad decks

    func testMalformedJSONNamesLineAndColumn() {
        let json = """
            {
              "title": "x",
              "cards": [ {"title": "a" "b": 1} ]
            }
            """
        guard case .malformedJSON(let line, let column, let problem)? = failure(json) else {
            return XCTFail("expected malformedJSON")
        }
        XCTAssertEqual(line, 3)
        XCTAssertEqual(column, 28)
        XCTAssertEqual(problem, "expected a ‘,’ or ‘}’, found ‘\"’")
        XCTAssertTrue(failure(json)?.description.hasPrefix("Line 3, column 28: expected a ‘,’ or ‘}’") ?? false)
    }

    func testColumnsCountCharactersNotBytes() {
        guard case .malformedJSON(let line, let column, _)? = failure("{ \"title\": \"é😀\" x") else {
            return XCTFail("expected malformedJSON")
        }
        XCTAssertEqual(line, 1)
        XCTAssertEqual(column, 17)
    }

    func testTrailingCommaIsNamed() {
        let error = failure("{ \"cards\": [\n  { \"title\": \"a\" },\n] }")
        XCTAssertEqual(error, .malformedJSON(line: 3, column: 1, problem: "a ‘,’ must be followed by another value; remove the last ‘,’"))
    }

    func testUnterminatedStringPointsAtItsStart() {
        let error = failure("{ \"cards\": [\n  { \"title\": \"a },\n] }")
        guard case .malformedJSON(2, 14, let problem)? = error else { return XCTFail("got \(String(describing: error))") }
        XCTAssertTrue(problem.contains("never ends") || problem.contains("must end on the line"), problem)
    }

    func testEmptyInputSaysSo() {
        XCTAssertEqual(failure("  \n"), .malformedJSON(line: 2, column: 1, problem: "expected ‘{’ to open the deck, found the end of the file"))
    }

    func testTopLevelMustBeAnObject() {
        XCTAssertEqual(failure("[1, 2]"), .malformedJSON(line: 1, column: 1, problem: "expected ‘{’ to open the deck, found ‘[’"))
    }

    func testTextAfterTheDeckIsAnError() {
        guard case .malformedJSON(1, 37, _)? = failure(#"{ "cards": [ { "title": "One" } ] } x"#) else {
            return XCTFail("expected malformedJSON at the x")
        }
    }

    func testBadNumberAndEscapeAndLiteralAreLocated() {
        guard case .malformedJSON(1, 8, _)? = failure(#"{ "n": 01, "cards": [] }"#) else { return XCTFail("leading zero") }
        guard case .malformedJSON(1, 10, _)? = failure(#"{ "s": "a\x", "cards": [] }"#) else { return XCTFail("bad escape") }
        guard case .malformedJSON(1, 8, _)? = failure(#"{ "b": tru, "cards": [] }"#) else { return XCTFail("bad literal") }
    }

    func testWrongTypeForAKnownFieldNamesTheCard() {
        let error = failure("{ \"cards\": [\n { \"title\": \"a\" },\n { \"title\": 5 } ] }")
        XCTAssertEqual(error, .malformedJSON(line: 3, column: 13, problem: "expected card 2's “title” to be text in quotes, found ‘5’"))
    }

    func testCardsMustBeAList() {
        guard case .malformedJSON(1, 12, let problem)? = failure(#"{ "cards": { "title": "x" } }"#) else {
            return XCTFail("expected malformedJSON")
        }
        XCTAssertTrue(problem.contains("“cards”"), problem)
    }

    func testCardWithoutTitleIsNamedWithItsID() {
        let error = failure("{ \"cards\": [\n  { \"title\": \"One\" },\n  { \"id\": \"two\", \"subtitle\": \"no title\" }\n] }")
        XCTAssertEqual(error, .missingTitle(location: .card(number: 2, line: 3), id: "two"))
        XCTAssertEqual(error?.description, "Card 2 (line 3), id “two”, has no title")
    }

    func testBlankTitleWithoutIDNamesTheCardNumber() {
        let error = failure(#"{ "cards": [ { "title": "   " } ] }"#)
        XCTAssertEqual(error, .missingTitle(location: .card(number: 1, line: 1), id: nil))
        XCTAssertEqual(error?.description, "Card 1 (line 1) has no title")
    }

    func testDuplicateIDsNameTheIDAndBothCards() {
        let error = failure("""
            { "cards": [
              { "id": "x", "title": "One" },
              { "id": "y", "title": "Two" },
              { "id": "x", "title": "Three" }
            ] }
            """)
        XCTAssertEqual(error, .duplicateID("x", first: .card(number: 1, line: 2), second: .card(number: 3, line: 4)))
        XCTAssertEqual(error?.description, "Card 1 (line 2) and card 3 (line 4) share the id “x”")
    }

    func testEmptyDeckIsAnError() {
        XCTAssertEqual(failure(#"{ "title": "Nothing", "cards": [] }"#), .noCards)
        XCTAssertEqual(failure(#"{ "title": "Nothing" }"#), .noCards)
        XCTAssertEqual(failure(#"{ "cards": null }"#), .noCards)
    }

    func testNonUTF8NamesTheByteAndLine() {
        var data = Data("{ \"cards\": [\n  { \"title\": \"caf".utf8)
        let offset = data.count
        data.append(0xE9)  // "é" in Latin-1.
        data.append(contentsOf: Array("\" } ] }".utf8))
        let error = failure(data)
        XCTAssertEqual(error, .notUTF8(byteOffset: offset, line: 2))
        XCTAssertTrue(error?.description.contains("offset \(offset) (line 2)") ?? false)
    }
}
