// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import CardStackTestSupport
import XCTest
@testable import CardStackCore

final class CSVDeckParserTests: XCTestCase {
    private func parse(_ csv: String, baseDirectory: URL? = nil) throws(DeckLoadError) -> Deck {
        try CSVDeckParser.parse(Data(csv.utf8), title: "Sheet", baseDirectory: baseDirectory)
    }

    private func failure(_ csv: String, file: StaticString = #filePath, line: UInt = #line) -> DeckLoadError? {
        failure(Data(csv.utf8), file: file, line: line)
    }

    private func failure(_ data: Data, file: StaticString = #filePath, line: UInt = #line) -> DeckLoadError? {
        do {
            let deck = try CSVDeckParser.parse(data, title: "Sheet", baseDirectory: nil)
            XCTFail("parsed \(deck.cards.count) cards", file: file, line: line)
            return nil
        } catch {
            return error
        }
    }

    // MARK: Good files

    func testReadsColumnsInAnyOrderAndCase() throws {
        let deck = try parse("""
            Image,TITLE,Notes,id,Color,subtitle,body
            covers/dune.jpg,Dune,ignored,dune,#3584e4,Frank Herbert,Spice
            ,Emma,,emma,,,
            """, baseDirectory: URL(fileURLWithPath: "/decks"))
        XCTAssertEqual(deck.title, "Sheet")
        XCTAssertEqual(deck.cards.map(\.id), ["dune", "emma"])
        XCTAssertEqual(deck.cards[0].title, "Dune")
        XCTAssertEqual(deck.cards[0].subtitle, "Frank Herbert")
        XCTAssertEqual(deck.cards[0].body, "Spice")
        XCTAssertEqual(deck.cards[0].color, CardColor(hex: "#3584e4"))
        XCTAssertEqual(deck.cards[0].imagePath, "/decks/covers/dune.jpg")
        XCTAssertNil(deck.cards[1].subtitle, "empty fields are absent")
        XCTAssertNil(deck.cards[1].imagePath)
        XCTAssertEqual(deck.allowedDirections, Set(SwipeDirection.allCases))
    }

    func testQuotedFieldsKeepCommasQuotesNewlinesAndMarkup() throws {
        let deck = try parse("""
            title,body
            "Smith, John","He said ""hi""
            and left"
            <b>Bold</b> & co,plain
            """)
        XCTAssertEqual(deck.cards.map(\.title), ["Smith, John", "<b>Bold</b> & co"])
        XCTAssertEqual(deck.cards[0].body, "He said \"hi\"\nand left")
        XCTAssertEqual(deck.cards[1].body, "plain")
    }

    func testOnlyTitleIsRequiredAndIDsComeFromContent() throws {
        let deck = try parse("title\nOne\nTwo\n")
        XCTAssertEqual(deck.cards.map(\.title), ["One", "Two"])
        XCTAssertEqual(deck.cards[0].id, CardIdentity.contentID(title: "One", subtitle: nil, body: nil, color: nil, image: nil))
    }

    func testByteOrderMarkIsIgnored() throws {
        let deck = try CSVDeckParser.parse(Data(DeckText.byteOrderMark) + Data("title,id\nOne,1\n".utf8), title: "T", baseDirectory: nil)
        XCTAssertEqual(deck.cards.map(\.id), ["1"])
    }

    func testCRLFLineEndingsAndBlankLines() throws {
        let deck = try parse("title,subtitle\r\nOne,a\r\n\r\nTwo,b\r\n\r\n")
        XCTAssertEqual(deck.cards.map(\.title), ["One", "Two"])
        XCTAssertEqual(deck.cards.map(\.subtitle), ["a", "b"])
    }

    func testEmptyLastFieldWithoutFinalLineBreak() throws {
        let deck = try parse("title,subtitle\nOne,")
        XCTAssertEqual(deck.cards.map(\.title), ["One"])
        XCTAssertNil(deck.cards[0].subtitle)
    }

    func testSemicolonSeparatedFilesAreRecognised() throws {
        let deck = try parse("title;subtitle\nOne, really;a\n")
        XCTAssertEqual(deck.cards.map(\.title), ["One, really"])
        XCTAssertEqual(deck.cards.map(\.subtitle), ["a"])
    }

    func testTabSeparatedFilesAreRecognised() throws {
        let deck = try parse("title\tbody\nOne, two; three\t\"quoted\ttab\"\n")
        XCTAssertEqual(deck.cards.map(\.title), ["One, two; three"])
        XCTAssertEqual(deck.cards.map(\.body), ["quoted\ttab"])
    }

    func testSpacesAroundQuotesAndDoubledQuotesInPlainFields() throws {
        let deck = try parse("title,body\n  \"Quoted, padded\"  ,say \"\"hi\"\"\n")
        XCTAssertEqual(deck.cards.map(\.title), ["Quoted, padded"])
        XCTAssertEqual(deck.cards.map(\.body), ["say \"hi\""])
    }

    func testLoneCarriageReturnsEndRowsAndCountLines() {
        // Classic Mac OS line ends, and a quoted field whose CRLF spans a line.
        let error = failure("title,body\rOne,\"a\r\nb\"\rTwo\r")
        XCTAssertEqual(error, .raggedRow(location: .row(number: 3, line: 4), fieldCount: 1, headerFieldCount: 2))
    }

    func testTextAfterAClosingQuoteNamesTheRow() {
        guard case .malformedCSV(let location, let problem)? = failure("title\nOne\n\"Two\" and more\n") else {
            return XCTFail("expected malformedCSV")
        }
        XCTAssertEqual(location, .row(number: 3, line: 3))
        XCTAssertTrue(problem.contains("doubled"), problem)
    }

    func testNonUTF8InsideQuotesNamesTheByte() {
        var data = Data("title\n\"One\nCaf".utf8)
        data.append(0xC3)
        data.append(contentsOf: Array("\"\n".utf8))
        XCTAssertEqual(failure(data), .notUTF8(byteOffset: 14, line: 3))
    }

    func testParsedUpToHearsEachRowAndCanStopTheParse() {
        let csv = Data("title\nOne\nTwo\nThree\n".utf8)
        var offsets: [Int] = []
        do {
            _ = try CSVDeckParser.parse(csv, title: "T", baseDirectory: nil) { offset throws(DeckLoadError) in
                offsets.append(offset)
                if offsets.count == 2 { throw .cancelled }
            }
            XCTFail("the parse went on")
        } catch {
            XCTAssertEqual(error, .cancelled)
        }
        XCTAssertEqual(offsets, [10, 14])
    }

    /// Any text a spreadsheet can write comes back field for field: random fields full of separators,
    /// quotes, line breaks of every kind and non-ASCII text, written as RFC 4180 says, then read.
    func testRandomFieldsRoundTrip() throws {
        var random = SeededGenerator(seed: 4180)
        let pieces = ["a", "Zo", " ", ",", ";", "\t", "\"", "\"\"", "\n", "\r\n", "\r", "é", "🃏", "=1+2", "ü\u{301}"]
        for separator in [",", ";", "\t"] {
            var rows: [[String]] = []
            for row in 0..<200 {
                let title = "T\(row)" + (0..<Int.random(in: 0...4, using: &random)).map { _ in pieces.randomElement(using: &random) ?? "" }.joined() + "x"
                let body = (0..<Int.random(in: 0...8, using: &random)).map { _ in pieces.randomElement(using: &random) ?? "" }.joined()
                rows.append(["r\(row)", title, body])
            }
            func quoted(_ field: String) -> String {
                let needsQuotes = field.contains { $0 == "\"" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" || String($0) == separator }
                    || field.hasPrefix(" ") || field.hasPrefix("\t")
                return needsQuotes ? "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : field
            }
            let text = ([["id", "title", "body"]] + rows).map { $0.map(quoted).joined(separator: separator) }.joined(separator: "\r\n")
            let deck = try parse(text)
            XCTAssertEqual(deck.cards.map(\.id), rows.map { $0[0] }, "separator \(separator.debugDescription)")
            XCTAssertEqual(deck.cards.map(\.title), rows.map { CardDraft.nonBlank($0[1]) }, "separator \(separator.debugDescription)")
            XCTAssertEqual(deck.cards.map(\.body), rows.map { CardDraft.nonBlank($0[2]) }, "separator \(separator.debugDescription)")
        }
    }

    // MARK: Bad files

    func testRowWithTooFewFieldsIsNamed() {
        let error = failure("id,title,subtitle,body,color,image\n1,One,,,,\n2,Two,,,\n")
        XCTAssertEqual(error, .raggedRow(location: .row(number: 3, line: 3), fieldCount: 5, headerFieldCount: 6))
        XCTAssertEqual(error?.description, "Row 3 has 5 fields but the header has 6")
    }

    func testRaggedRowAfterAMultilineFieldGivesItsLine() {
        let error = failure("title,body\nOne,\"two\nlines\"\nTwo,b,extra\n")
        XCTAssertEqual(error, .raggedRow(location: .row(number: 3, line: 4), fieldCount: 3, headerFieldCount: 2))
        XCTAssertEqual(error?.description, "Row 3 (line 4) has 3 fields but the header has 2")
    }

    func testAHeaderWithoutTitleTakesItsTitlesFromName() throws {
        let deck = try parse("id,name\n1,One\n")
        XCTAssertEqual(deck.cards.map(\.title), ["One"])
        XCTAssertEqual(deck.cards.map(\.id), ["1"])
    }

    func testAHeaderRowThatNamesNothingIsRefused() {
        let error = failure(",\n1,2\n")
        XCTAssertEqual(error, .missingTitleColumn(header: ["", ""]))
        XCTAssertEqual(error?.description, "The first row must name the columns")
    }

    func testEmptyTitleNamesTheRow() {
        let error = failure("id,title\n1,One\n2,  \n")
        XCTAssertEqual(error, .missingTitle(location: .row(number: 3, line: 3), id: "2"))
        XCTAssertEqual(error?.description, "Row 3, id “2”, has no title")
    }

    func testDuplicateIDsNameBothRows() {
        let error = failure("id,title\nx,One\ny,Two\nx,Three\n")
        XCTAssertEqual(error, .duplicateID("x", first: .row(number: 2, line: 2), second: .row(number: 4, line: 4)))
        XCTAssertEqual(error?.description, "Row 2 and row 4 share the id “x”")
    }

    func testStrayQuoteNamesTheRow() {
        guard case .malformedCSV(let location, _)? = failure("title,body\nOne,a\nTwo,say \"hi\"\n") else {
            return XCTFail("expected malformedCSV")
        }
        XCTAssertEqual(location, .row(number: 3, line: 3))
    }

    func testUnclosedQuoteNamesTheRow() {
        let error = failure("title,body\nOne,a\nTwo,\"never closed\nThree,c\n")
        guard case .malformedCSV(let location, let problem)? = error else { return XCTFail("expected malformedCSV") }
        XCTAssertEqual(location, .row(number: 3, line: 3))
        XCTAssertTrue(problem.contains("never ends"), problem)
    }

    func testHeaderOnlyHasNoCards() {
        XCTAssertEqual(failure("title,subtitle\n"), .noCards)
    }

    func testNonUTF8NamesTheByte() {
        var data = Data("title\nOne\nCaf".utf8)
        data.append(0xE9)
        data.append(0x0A)
        XCTAssertEqual(failure(data), .notUTF8(byteOffset: 13, line: 3))
    }
}
