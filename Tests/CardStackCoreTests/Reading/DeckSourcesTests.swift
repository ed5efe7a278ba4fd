// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import XCTest
@testable import CardStackCore

/// Lists people already have, read as they come: JSON arrays and JSON Lines of objects or strings, CSV exports,
/// Markdown lists and plain lines, each recognised by its content.
final class DeckSourcesTests: XCTestCase {
    private func read(_ text: String, as format: DeckFormat? = nil, ext: String? = nil, mapping: CardFieldMapping = CardFieldMapping()) throws(DeckLoadError) -> Deck {
        let data = Data(text.utf8)
        return try DeckReader.read(data, as: format ?? DeckFormat.recognise(data, fileExtension: ext), title: "Input", baseDirectory: nil, mapping: mapping).deck
    }

    private func failure(_ text: String, as format: DeckFormat? = nil, ext: String? = nil, mapping: CardFieldMapping = CardFieldMapping(),
                         file: StaticString = #filePath, line: UInt = #line) -> DeckLoadError? {
        do {
            let deck = try read(text, as: format, ext: ext, mapping: mapping)
            XCTFail("read \(deck.cards.count) cards", file: file, line: line)
            return nil
        } catch {
            return error
        }
    }

    private func format(_ text: String, ext: String? = nil) -> DeckFormat {
        DeckFormat.recognise(Data(text.utf8), fileExtension: ext)
    }

    // MARK: Recognition

    /// A pipe has no name to tell its format by: a first line longer than recognition's usual sample (a 588 KB
    /// CSV header, a 100 KB Markdown heading) is read whole with the lines after it, not taken for plain text.
    func testALongFirstLineIsReadWholeToTellTheFormat() {
        let columns = (0..<50_000).map { "column\($0)" }
        let header = columns.joined(separator: ",")
        XCTAssertGreaterThan(header.utf8.count, 500_000)
        let row = columns.indices.map(String.init).joined(separator: ",")
        XCTAssertEqual(format(header + "\n" + row + "\n" + row + "\n"), .csv)

        let heading = "# " + String(repeating: "Long heading ", count: 8_000)
        XCTAssertGreaterThan(heading.utf8.count, 100_000)
        XCTAssertEqual(format(heading + "\n\n- Dune\n- Emma\n- Solaris\n"), .markdown)
        XCTAssertEqual(format(String(repeating: "a long line of plain text ", count: 5_000) + "\nand another\n"), .text)
    }

    func testEachSourceIsRecognisedByItsContent() {
        XCTAssertEqual(format(#"{ "title": "Books", "cards": [ { "title": "Dune" } ] }"#), .cardStackJSON)
        XCTAssertEqual(format("{\n  \"cards\": []\n}\n"), .cardStackJSON, "a deck spread over lines is one object")
        XCTAssertEqual(format(#"[{"number": 1, "title": "Crash"}]"#), .jsonArray)
        XCTAssertEqual(format(#"["Dune", "Emma"]"#), .jsonArray)
        XCTAssertEqual(format("{\"title\": \"a\"}\n{\"title\": \"b\"}\n"), .jsonLines)
        XCTAssertEqual(format("\"a\"\n\"b\"\n"), .jsonLines)
        XCTAssertEqual(format("Title;Author;Year\nDune;Herbert;1965\nEmma;Austen;1815\n"), .csv)
        XCTAssertEqual(format("# Ideas\n\n- one\n- two\n"), .markdown)
        XCTAssertEqual(format("- [ ] milk\n- [x] bread\n"), .markdown)
        XCTAssertEqual(format("IMG_0001.jpg\nnotes, draft.txt\nreport.pdf\n"), .text, "ls output, one name with a comma")
        XCTAssertEqual(format("[1] first\n[2] second\n"), .text, "brackets that open no JSON list")
        XCTAssertEqual(format("[1, 2, 3]\n"), .jsonArray, "a list of numbers is JSON, to be refused with its place")
        XCTAssertEqual(format("[null]"), .jsonArray)
        XCTAssertEqual(format("\"Hello\" she said\nand left\n"), .text, "a quote that opens no JSON string line")
        XCTAssertEqual(format(#"{ "cards": [ { "title": "One" } ] }"#, ext: "txt"), .cardStackJSON, "JSON tells itself whatever the name")
        XCTAssertEqual(format("just some notes", ext: "md"), .markdown, "the extension settles what the content leaves open")
        XCTAssertEqual(format("a,b\n", ext: "csv"), .csv)
    }

    // MARK: JSON

    func testAGitHubIssueListTakesTitleBodyLinkAndNumber() throws {
        let deck = try read("""
            [
              {"body": "Steps to reproduce…", "labels": [{"id": "LA_1", "name": "bug"}, {"id": "LA_2", "name": "ui"}],
               "number": 42, "title": "Crash on start", "url": "https://github.com/o/r/issues/42", "author": {"login": "octocat"}},
              {"body": "", "labels": [], "number": 43, "title": "Dark mode", "url": "https://github.com/o/r/issues/43", "author": null}
            ]
            """)
        XCTAssertEqual(deck.cards.map(\.title), ["Crash on start", "Dark mode"])
        XCTAssertEqual(deck.cards.map(\.id), ["42", "43"])
        XCTAssertEqual(deck.cards[0].body, "Steps to reproduce…")
        XCTAssertNil(deck.cards[1].body, "an empty body is no body")
        XCTAssertEqual(deck.cards[0].link, "https://github.com/o/r/issues/42")
        XCTAssertEqual(deck.cards[0].subtitle, "octocat · #42 · bug, ui", "a nested author reads as its name, then the number and labels")
        XCTAssertEqual(deck.cards[1].subtitle, "#43", "what a card lacks leaves no separator behind")
    }

    /// A Markdown list's bodies and a JSON list's `body` (an issue tracker's) are Markdown; other text is plain.
    func testWhichBodiesAreMarkdown() throws {
        XCTAssertTrue(try read(####"[{"title": "a", "body": "### b"}]"####).bodiesAreMarkdown)
        XCTAssertFalse(try read(####"[{"title": "a", "description": "### b"}]"####).bodiesAreMarkdown)
        XCTAssertTrue(try read("- a\n  **b**\n", as: .markdown).bodiesAreMarkdown)
        XCTAssertFalse(try read("Title,Body\na,**b**\n", as: .csv).bodiesAreMarkdown)
        XCTAssertTrue(try read("Title,Body\na,**b**\n", as: .csv).cardsHaveRecords)
        XCTAssertFalse(try read(#"{"cards": [{"title": "a"}]}"#).cardsHaveRecords, "a CardStack deck's fields are its cards' parts")
    }

    /// A log line is titled by what it says, not by its timestamp, whichever of the usual names it uses.
    func testALogLineIsTitledByItsMessage() throws {
        let deck = try read(#"""
            {"ts": "2026-12-02T10:00:00Z", "level": "error", "msg": "disk full", "service": "api"}
            {"time": "2026-12-02T10:00:01Z", "severity": "info", "message": "retrying"}
            {"timestamp": "2026-12-02T10:00:02Z", "event": "user.login", "user": "ada"}
            """#)
        XCTAssertEqual(deck.cards.map(\.title), ["disk full", "retrying", "user.login"])
    }

    func testNestedValuesAreFlattenedAsAPersonWouldReadThem() throws {
        let deck = try read(#"[{"name": "Dune", "authors": ["Frank Herbert", {"name": "Brian Herbert"}], "notes": {"text": "reread"}}]"#)
        XCTAssertEqual(deck.cards[0].subtitle, "Frank Herbert, Brian Herbert")
        XCTAssertEqual(deck.cards[0].body, "reread")
    }

    func testItemsWhoseKeysChangeFromOneToTheNextReadEachAsItIs() throws {
        let deck = try read("""
            {"a": "x", "title": "One", "notes": "first"}
            {"a": "y", "title": "Two"}
            {"notes": "third", "a": "z", "title": "Three"}
            {"a": "w"}
            {"a": "v", "title": "Five", "notes": "fifth"}
            """)
        XCTAssertEqual(deck.cards.map(\.title), ["One", "Two", "Three", "w", "Five"], "with no title field, the first text")
        XCTAssertEqual(deck.cards.map(\.body), ["first", nil, "third", nil, "fifth"])
    }

    func testTheSameKeysInAnotherOrderEachTimeReadAsTheSameFields() throws {
        // As Swift's JSONEncoder and hash-ordered maps write them; "extra" is read by no part, so it is skipped
        // once the layout is known, whatever its place.
        let deck = try read("""
            {"body": "b1", "id": "1", "title": "One", "extra": "x", "color": "#fff"}
            {"title": "Two", "color": "#000", "extra": "y", "body": "b2", "id": "2"}
            {"extra": "z", "id": "3", "body": "b3", "color": "#fff", "title": "Three"}
            {"title": "Four", "title": "Again", "id": "4", "body": "b4", "color": "#fff"}
            {"id": "5", "body": "b5", "title": "Five", "color": "#000"}
            """)
        XCTAssertEqual(deck.cards.map(\.title), ["One", "Two", "Three", "Four", "Five"])
        XCTAssertEqual(deck.cards.map(\.id), ["1", "2", "3", "4", "5"])
        XCTAssertEqual(deck.cards.map(\.body), ["b1", "b2", "b3", "b4", "b5"])
        XCTAssertEqual(deck.cards.map(\.color), ["#fff", "#000", "#fff", "#fff", "#000"].map { CardColor(hex: $0) })
    }

    func testStringsAreTitlesInAnArrayAndInLines() throws {
        XCTAssertEqual(try read(#"["Dune", "Emma"]"#).cards.map(\.title), ["Dune", "Emma"])
        XCTAssertEqual(try read("\"Dune\"\n\n\"Emma\"\n").cards.map(\.title), ["Dune", "Emma"])
    }

    func testJSONLinesOfObjects() throws {
        let deck = try read("{\"subject\": \"Renew passport\", \"details\": \"before June\"}\n{\"subject\": \"Call mum\"}\n")
        XCTAssertEqual(deck.cards.map(\.title), ["Renew passport", "Call mum"])
        XCTAssertEqual(deck.cards[0].body, "before June")
    }

    func testAnObjectWithoutATitleFieldIsTitledByItsFirstText() throws {
        let deck = try read(#"[{"count": 3, "film": "Alien", "rating": "5"}]"#)
        XCTAssertEqual(deck.cards[0].title, "3")
    }

    func testNumbersNullsAndNestedListsAreRefusedWithTheirPlace() {
        XCTAssertEqual(failure("[1, 2, 3]", as: .jsonArray), .malformedJSON(line: 1, column: 2, problem: "item 1 is a number: each card is an object in ‘{ }’ or text in quotes"))
        XCTAssertEqual(failure("[\n  \"a\",\n  null\n]"), .malformedJSON(line: 3, column: 3, problem: "item 2 is null: each card is an object in ‘{ }’ or text in quotes"))
        XCTAssertEqual(failure("[[\"a\"]]", as: .jsonArray), .malformedJSON(line: 1, column: 2, problem: "item 1 is a list in ‘[ ]’: each card is an object in ‘{ }’ or text in quotes"))
        XCTAssertEqual(failure("[\"a\", false]", as: .jsonArray), .malformedJSON(line: 1, column: 7, problem: "item 2 is false: each card is an object in ‘{ }’ or text in quotes"))
        XCTAssertEqual(failure("[]"), .noCards)
        XCTAssertEqual(failure("[{\"title\": \"a\"},]"), .malformedJSON(line: 1, column: 17, problem: "a ‘,’ must be followed by another value; remove the last ‘,’"))
    }

    func testDeepNestingIsSkippedNotRecursedInto() throws {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        let deck = try read("[{\"title\": \"Deep\", \"body\": \(deep)}]")
        XCTAssertEqual(deck.cards[0].title, "Deep")
        XCTAssertNil(deck.cards[0].body)
    }

    // MARK: Choosing fields

    func testChosenFieldsWinOverTheCommonNames() throws {
        let mapping = CardFieldMapping(chosen: [.title: "Name", .body: "Notes"])
        let deck = try read("title,Name,Notes\nignored,Dune,reread\n", mapping: mapping)
        XCTAssertEqual(deck.cards[0].title, "Dune")
        XCTAssertEqual(deck.cards[0].body, "reread")
    }

    func testAChosenFieldThatIsNotThereIsNamed() {
        let mapping = CardFieldMapping(chosen: [.title: "Nom"])
        XCTAssertEqual(failure("Name,Notes\nDune,x\n", mapping: mapping), .unknownField("No field “Nom” for the title: the fields are “Name”, “Notes”"))
        XCTAssertEqual(failure(#"[{"name": "Dune"}]"#, mapping: mapping), .unknownField("Card 1 (line 1) has no field “Nom” for its title"))
    }

    func testFieldChoicesAreReadFromTheCommandLine() throws {
        guard case .success(let (role, field)) = CardFieldMapping.choice("Title=Book Title") else { return XCTFail("a choice") }
        XCTAssertEqual(role, .title)
        XCTAssertEqual(field, "Book Title")
        guard case .failure(let error) = CardFieldMapping.choice("heading=Name") else { return XCTFail("not a part") }
        XCTAssertTrue(error.description.contains("title, subtitle, body, link, image, id, color"), error.description)
        guard case .failure = CardFieldMapping.choice("title") else { return XCTFail("no field") }
        guard case .failure = CardFieldMapping.choice("title=") else { return XCTFail("an empty field") }
    }

    // MARK: CSV

    func testAEuropeanSpreadsheetExport() throws {
        let text = "\u{FEFF}Title;Author;ISBN13;My Review\r\nDune;Frank Herbert;=\"9780441013593\";\"Long,\r\nand good\"\r\nEmma;Jane Austen;=\"0141439580\";\r\n"
        let deck = try read(text)
        XCTAssertEqual(deck.cards.map(\.title), ["Dune", "Emma"])
        XCTAssertEqual(deck.cards.map(\.id), ["9780441013593", "0141439580"], "the text formula keeps the leading zero")
        XCTAssertEqual(deck.cards[0].subtitle, "Frank Herbert")
    }

    func testACSVWithoutATitleColumnTakesItsFirstColumn() throws {
        let deck = try read("Film,Rating\nAlien,5\nHeat,4\n", as: .csv)
        XCTAssertEqual(deck.cards.map(\.title), ["Alien", "Heat"])
    }

    func testTenThousandColumnsOpen() throws {
        let header = (0..<10_000).map { "c\($0)" }.joined(separator: ",")
        let row = (0..<10_000).map { "v\($0)" }.joined(separator: ",")
        let deck = try read("\(header)\n\(row)\n", as: .csv)
        XCTAssertEqual(deck.cards.map(\.title), ["v0"])
    }

    func testARowWithTooFewFieldsIsNamed() {
        XCTAssertEqual(failure("title,body\nDune\n", as: .csv), .raggedRow(location: .row(number: 2, line: 2), fieldCount: 1, headerFieldCount: 2))
    }

    // MARK: Markdown and text

    func testAMarkdownChecklistWithHeadingsNestedLinesAndLinks() throws {
        let deck = try read("""
            # Reading

            - [ ] [Dune](https://example.org/dune) by Herbert
              second line of the note
              - a nested point
            - [x] Emma

            ## Errands

            1. Renew passport, see https://gov.example/passport
            2) Call mum
            ```
            - not an item
            ```
            """)
        XCTAssertEqual(deck.cards.map(\.title), ["Dune by Herbert", "Emma", "Renew passport, see https://gov.example/passport", "Call mum"])
        XCTAssertEqual(deck.cards[0].link, "https://example.org/dune")
        XCTAssertEqual(deck.cards[0].body, "second line of the note\n- a nested point")
        XCTAssertEqual(deck.cards.map(\.subtitle), ["Reading", "Reading", "Errands", "Errands"])
        XCTAssertEqual(deck.cards[2].link, "https://gov.example/passport")
    }

    /// An item's body keeps one blank line where its paragraphs had several, and a body of 100,000 lines is read
    /// whole (in linear time: the benchmark times it).
    func testAMarkdownItemsLongBodyIsReadWhole() throws {
        let spaced = try read("- Task\n  one\n\n\n  two\n- Next\n")
        XCTAssertEqual(spaced.cards[0].body, "one\n\ntwo")
        let long = try read("- A task\n" + (0..<100_000).map { "  line \($0)\n" }.joined(), as: .markdown)
        let lines = try XCTUnwrap(long.cards.first?.body).split(separator: "\n")
        XCTAssertEqual(lines.count, 100_000)
        XCTAssertEqual(lines.last, "line 99999")
    }

    func testAMarkdownFileWithoutAListSaysSo() {
        XCTAssertEqual(failure("# Notes\n\nJust a paragraph.\n", as: .markdown), .noListItems)
        XCTAssertEqual(failure("---\n***\n", as: .markdown), .noListItems, "thematic breaks are not items")
    }

    func testPlainTextIsOneCardPerLineThatShowsAnything() throws {
        let deck = try read("IMG_0001.jpg\r\n\r\n   \nreport.pdf\nreport.pdf\n", as: .text)
        XCTAssertEqual(deck.cards.map(\.title), ["IMG_0001.jpg", "report.pdf", "report.pdf"])
        XCTAssertEqual(Set(deck.cards.map(\.id)).count, 3, "the same line twice is two cards")
    }

    func testNotUTF8IsNamedWithItsLine() {
        let bytes = Data("one\ntwo ".utf8) + Data([0xFF]) + Data("\n".utf8)
        XCTAssertThrowsError(try DeckReader.read(bytes, as: .text, title: "x", baseDirectory: nil)) { error in
            XCTAssertEqual(error as? DeckLoadError, .notUTF8(byteOffset: 8, line: 2))
        }
    }

    // MARK: Printing back

    func testTheChosenCardsPrintInTheInputsOwnForm() throws {
        func printed(_ text: String, _ indices: [Int]) throws -> String {
            let data = Data(text.utf8)
            let result = try DeckReader.read(data, as: DeckFormat.recognise(data, fileExtension: nil), title: "x", baseDirectory: nil, keepsOrigins: true)
            return String(decoding: try XCTUnwrap(result.origins).printed(indices, from: data), as: UTF8.self)
        }
        XCTAssertEqual(try printed("b.jpg\r\na.jpg\nc.jpg", [0, 2]), "b.jpg\nc.jpg\n")
        XCTAssertEqual(try printed("[\n  {\"title\": \"a b\",\n   \"n\": 1},\n  {\"title\": \"c\"}\n]", [0]), "{\"title\":\"a b\",\"n\":1}\n")
        XCTAssertEqual(try printed("title;n\r\nx;1\r\ny;\"2\n3\"\r\n", [1]), "title;n\ny;\"2\n3\"\n")
        XCTAssertEqual(try printed("title;n\nx;1\ny;2\n", []), "", "nothing chosen prints nothing, not even the header")
        XCTAssertEqual(try printed("# H\n- one\n  body\n- two\n", [1]), "- two\n")
        XCTAssertEqual(try printed("# H\n- one\n  body\n\n  more\n\n- two\n", [0]), "- one\n  body\n\n  more\n",
                       "an item keeps its indented body lines, and the blank line between them, not the one after")
        XCTAssertEqual(try printed("# Snippets\n- code\n  ```\n  x = 1\n  ```\n- next\n", [0]), "- code\n  ```\n  x = 1\n  ```\n")
        XCTAssertEqual(try printed(#"{"cards": [{"title": "a"}, {"title": "b", "id": "x"}]}"#, [1]), "{\"title\":\"b\",\"id\":\"x\"}\n")
    }
}
