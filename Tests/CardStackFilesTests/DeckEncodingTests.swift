// SPDX-License-Identifier: GPL-3.0-or-later
import CardStackTestSupport
import Foundation
import XCTest
@testable import CardStackCore
@testable import CardStackFiles

/// Decks saved as UTF-16 or UTF-32: read when a byte order mark says which, named in the error when
/// none does; and the cards' text that can't be shown or kept.
final class DeckEncodingTests: XCTestCase {
    private var folder: TemporaryFolder?

    override func setUpWithError() throws {
        folder = try TemporaryFolder()
    }

    override func tearDown() {
        folder?.remove()
        super.tearDown()
    }

    private func load(_ data: Data, as name: String) throws -> Deck {
        let url = try XCTUnwrap(folder).write(data, to: name)
        return try DeckLoader.load(from: url, imageExtensions: ["jpg"])
    }

    private func loadError(_ data: Data, as name: String, file: StaticString = #filePath, line: UInt = #line) throws -> DeckLoadError? {
        do {
            let deck = try load(data, as: name)
            XCTFail("loaded \(deck.cards.count) cards", file: file, line: line)
            return nil
        } catch let error as DeckLoadError {
            return error
        }
    }

    private static let json = #"{ "title": "Café ☕", "cards": [ { "id": "é1", "title": "Ünïcode 🃏" }, { "title": "Two" } ] }"#
    private static let csv = "id,title\né1,Ünïcode 🃏\n,Two\n"

    private static func encoded(_ text: String, _ encoding: String.Encoding, mark: [UInt8]) throws -> Data {
        Data(mark) + (try XCTUnwrap(text.data(using: encoding)))
    }

    func testUTF16AndUTF32WithAByteOrderMarkReadLikeUTF8() throws {
        let variants: [(String.Encoding, [UInt8])] = [
            (.utf16LittleEndian, [0xFF, 0xFE]), (.utf16BigEndian, [0xFE, 0xFF]),
            (.utf32LittleEndian, [0xFF, 0xFE, 0x00, 0x00]), (.utf32BigEndian, [0x00, 0x00, 0xFE, 0xFF]),
        ]
        let expectedJSON = try load(Data(Self.json.utf8), as: "utf8.json")
        let expectedCSV = try load(Data(Self.csv.utf8), as: "utf8.csv")
        for (index, (encoding, mark)) in variants.enumerated() {
            let json = try load(try Self.encoded(Self.json, encoding, mark: mark), as: "deck\(index).json")
            XCTAssertEqual(json.title, "Café ☕", "\(encoding)")
            XCTAssertEqual(json.cards.map(\.id), expectedJSON.cards.map(\.id), "\(encoding)")
            XCTAssertEqual(json.cards.map(\.title), ["Ünïcode 🃏", "Two"], "\(encoding)")
            let csv = try load(try Self.encoded(Self.csv, encoding, mark: mark), as: "deck\(index).csv")
            XCTAssertEqual(csv.cards.map(\.id), expectedCSV.cards.map(\.id), "\(encoding)")
            XCTAssertEqual(csv.cards.map(\.title), ["Ünïcode 🃏", "Two"], "\(encoding)")
        }
    }

    func testWideTextWithoutAMarkIsNamedInTheError() throws {
        let withoutMark = try XCTUnwrap(Self.json.data(using: .utf16LittleEndian))
        XCTAssertEqual(try loadError(withoutMark, as: "nomark.json"), .wideTextWithoutMark)
        let csvWithoutMark = try XCTUnwrap(Self.csv.data(using: .utf16BigEndian))
        XCTAssertEqual(try loadError(csvWithoutMark, as: "nomark.csv"), .wideTextWithoutMark)
        XCTAssertTrue(DeckLoadError.wideTextWithoutMark.description.contains("UTF-16 or UTF-32"))
    }

    func testAnInvalidWideFileSaysWhichEncodingItClaimed() throws {
        // A lone high surrogate (D800) after the little-endian UTF-16 mark.
        let broken = Data([0xFF, 0xFE, 0x7B, 0x00, 0x00, 0xD8, 0x7D, 0x00])
        let error = try loadError(broken, as: "broken.json")
        XCTAssertEqual(error, .invalidText(encoding: "UTF-16 (little-endian)"))
        XCTAssertEqual(error?.description.hasPrefix("The file starts as UTF-16 (little-endian) text"), true)
    }

    func testBlankWideFileIsEmpty() throws {
        let blank = try Self.encoded("  \n ", .utf16LittleEndian, mark: [0xFF, 0xFE])
        guard case .emptyFile? = try loadError(blank, as: "blank.csv") else { return XCTFail("not reported as empty") }
    }

    func testTitlesOfOnlyInvisibleCharactersAreAnErrorNamingTheCard() throws {
        for invisible in ["\u{200B}\u{200B}", "\u{0000}", "\u{FEFF}\u{200D}", "\u{2060}\u{00AD}", "\u{0007}\u{200C}"] {
            let json = #"{ "cards": [ { "title": "Fine" }, { "id": "x", "title": "\#(invisible.unicodeScalars.map { String(format: "\\u%04X", $0.value) }.joined())" } ] }"#
            let error = try loadError(Data(json.utf8), as: "invisible.json")
            guard case .invisibleTitle(let location, let id)? = error else { return XCTFail("\(String(describing: error)) for \(json)") }
            guard case .card(let number, _) = location else { return XCTFail("\(location)") }
            XCTAssertEqual(number, 2)
            XCTAssertEqual(id, "x")
        }
        // Visible text around invisible characters is a title.
        let deck = try load(Data(#"{ "cards": [ { "title": "\u200BA\u200B" }, { "title": "\u00E9" }, { "title": "😀" } ] }"#.utf8), as: "fine.json")
        XCTAssertEqual(deck.cards.count, 3)
    }

    func testIDsWithANULAreRefusedNamingTheCard() throws {
        let json = #"{ "cards": [ { "title": "One" }, { "id": "a\u0000b", "title": "Two" } ] }"#
        let error = try loadError(Data(json.utf8), as: "nul.json")
        guard case .idWithNUL(let location)? = error else { return XCTFail("\(String(describing: error))") }
        guard case .card(let number, _) = location else { return XCTFail("\(location)") }
        XCTAssertEqual(number, 2)
        XCTAssertTrue(error?.description.contains("NUL") == true)
        // Other control characters in ids survive as they are.
        let tab = try load(Data(#"{ "cards": [ { "id": "a\tb", "title": "One" } ] }"#.utf8), as: "tab.json")
        XCTAssertEqual(tab.cards.first?.id, "a\tb")
    }

    func testControlCharactersBecomeVisibleSymbols() {
        XCTAssertEqual(VisibleControlCharacters.replacing(in: "a\u{0}b\nc\td\u{1B}[31m\u{7F}"), "a␀b␊c␉d␛[31m␡")
        XCTAssertEqual(VisibleControlCharacters.replacing(in: "Tom & Jerry — ☕"), "Tom & Jerry — ☕")
        XCTAssertEqual(VisibleControlCharacters.replacing(in: ""), "")
    }
}
