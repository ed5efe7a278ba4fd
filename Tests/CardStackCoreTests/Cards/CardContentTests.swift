// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import XCTest
@testable import CardStackCore

/// Cards keep their content packed with other cards', yet read, change and compare as they did when each
/// field was a `String` of its own.
final class CardContentTests: XCTestCase {
    /// Fields of every kind: missing, empty, ASCII, accents, emoji, combining marks, a NUL, long enough to fill
    /// several buffers.
    private func fields(_ index: Int) -> CardContent.Fields {
        let bodies: [String?] = [nil, "", "Spice.", "Crème brûlée 🍮", "e\u{301}", "a\u{0}b", String(repeating: "long ", count: 2_000)]
        let colors: [CardColor?] = [
            nil, CardColor(red: 0.2, green: 0.4, blue: 0.6), CardColor(hex: "#3584e4"), CardColor(red: 0.123, green: 1e-9, blue: 1),
        ]
        return CardContent.Fields(
            title: "Card \(index) — \(["Dune", "Ωmega", "👩‍👩‍👧", "x"][index % 4])",
            subtitle: index % 3 == 0 ? nil : "by \(index)",
            body: bodies[index % bodies.count],
            imagePath: index % 5 == 0 ? "/photos/\(index).jpg" : nil,
            filePath: index % 5 == 0 ? "/photos/\(index).jpg" : nil,
            rawPath: index % 10 == 0 ? "/photos/\(index).CR3" : nil,
            motionPath: index % 15 == 0 ? "/photos/\(index).MOV" : nil,
            color: colors[index % colors.count]
        )
    }

    private func packed(_ count: Int) -> [Card] {
        var packer = CardPacker()
        for index in 0..<count {
            packer.append(id: "id-\(index)", fields(index))
        }
        return packer.finish()
    }

    func testPackedCardsReadBackEveryFieldAcrossBuffers() {
        let cards = packed(2_000)
        XCTAssertEqual(cards.count, 2_000)
        for (index, card) in cards.enumerated() {
            let expected = fields(index)
            XCTAssertEqual(card.id, "id-\(index)")
            XCTAssertEqual(card.title, expected.title)
            XCTAssertEqual(card.subtitle, expected.subtitle)
            XCTAssertEqual(card.body, expected.body)
            XCTAssertEqual(card.imagePath, expected.imagePath)
            XCTAssertEqual(card.hasBody, expected.body != nil)
            XCTAssertEqual(card.hasImage, expected.imagePath != nil)
            XCTAssertEqual(card.rawPath, expected.rawPath)
            XCTAssertEqual(card.isRawJPEGPair, expected.rawPath != nil)
            XCTAssertEqual(card.motionPath, expected.motionPath, "a field past the first byte of flags, with or without a colour")
            XCTAssertEqual(card.isLivePhoto, expected.motionPath != nil)
            XCTAssertEqual(card.filePaths, [expected.filePath, expected.rawPath, expected.motionPath].compactMap { $0 })
            XCTAssertEqual(card.color, expected.color, "colours come back exactly, from a file's or made in code")
        }
        XCTAssertEqual(cards[5].filePath, "/photos/5.jpg")
        XCTAssertEqual(cards[1], Card(id: "id-1", title: fields(1).title, subtitle: "by 1", body: "", color: CardColor(red: 0.2, green: 0.4, blue: 0.6)),
                       "a packed card equals the same card made on its own")
    }

    func testChangingAFieldLeavesTheCardsSharingItsBufferAlone() {
        var cards = packed(3)
        let before = cards
        cards[1].title = "Changed"
        cards[1].body = nil
        cards[1].color = CardColor(hex: "#fff")
        XCTAssertEqual(cards[1].title, "Changed")
        XCTAssertNil(cards[1].body)
        XCTAssertEqual(cards[1].color, CardColor(red: 1, green: 1, blue: 1))
        XCTAssertEqual(cards[1].subtitle, before[1].subtitle, "the other fields stay")
        XCTAssertEqual(cards[0], before[0])
        XCTAssertEqual(cards[2], before[2])
        XCTAssertNotEqual(cards[1], before[1])
        XCTAssertEqual(before[1].title, fields(1).title, "a copy taken before is a value of its own")
    }

    func testFieldsCompareAndHashAsStrings() {
        let composed = Card(id: "a", title: "Café")
        let decomposed = Card(id: "a", title: "Cafe\u{301}")
        XCTAssertEqual(composed, decomposed, "canonically equivalent text is equal, as String says")
        XCTAssertEqual(composed.hashValue, decomposed.hashValue)
        XCTAssertNotEqual(Card(id: "a", title: "T", body: ""), Card(id: "a", title: "T"), "an empty body is not a missing one")
        XCTAssertNotEqual(Card(id: "a", title: "T", subtitle: "x"), Card(id: "a", title: "T", body: "x"), "the same text in another field differs")
        XCTAssertNotEqual(Card(id: "a", title: "T"), Card(id: "b", title: "T"))
        XCTAssertNotEqual(Card(id: "a", title: "T", color: CardColor(red: 0, green: 0, blue: 0)), Card(id: "a", title: "T"))
        XCTAssertNotEqual(Card(id: "a", title: "T", color: CardColor(red: 0.5, green: 0, blue: 0)), Card(id: "a", title: "T", color: CardColor(red: 0.5 + 1e-12, green: 0, blue: 0)))
        XCTAssertEqual(Set([composed, decomposed, Card(id: "a", title: "Tea")]).count, 2)
    }

    func testShownByteCountsMatchTheShownText() {
        let long = String(repeating: "é", count: Card.shownTitleLimit + 10)
        for card in [
            Card(id: "short", title: "Dune", subtitle: "Herbert", body: "Spice."),
            Card(id: "accents", title: String(repeating: "é", count: Card.shownTitleLimit), body: String(repeating: "ü", count: Card.shownBodyLimit)),
            Card(id: "long", title: long, subtitle: String(repeating: "s", count: Card.shownSubtitleLimit + 1), body: String(repeating: "b", count: Card.shownBodyLimit * 2)),
            Card(id: "bare", title: "x"),
        ] {
            XCTAssertEqual(card.shownTitleUTF8Count, card.shownTitle.utf8.count, card.id)
            XCTAssertEqual(card.shownSubtitleUTF8Count, card.shownSubtitle?.utf8.count, card.id)
            XCTAssertEqual(card.shownBodyUTF8Count, card.shownBody?.utf8.count, card.id)
            XCTAssertEqual(card.hasLongTitle, card.id == "long", card.id)
        }
    }

    /// The sizes read in one pass, and the table that packs them, say what each count says on its own: text
    /// cut at its limit, a field missing or empty, a picture or none.
    func testShownSizesAndTheirTableMatchTheShownText() {
        let long = String(repeating: "é", count: Card.shownTitleLimit + 10)
        let cards = [
            Card(id: "short", title: "Dune", subtitle: "Herbert", body: "Spice."),
            Card(id: "long", title: long, subtitle: String(repeating: "s", count: Card.shownSubtitleLimit + 1), body: String(repeating: "ü", count: Card.shownBodyLimit * 2)),
            Card(id: "empty", title: "", subtitle: "", body: ""),
            Card(id: "photo", title: "IMG_0001.JPG", imagePath: "/photos/IMG_0001.JPG"),
            Card(id: "bare", title: "x"),
        ] + (0..<50).map { Card(id: "c\($0)", title: "Title \($0)", body: $0 % 3 == 0 ? nil : String(repeating: "word ", count: $0)) }
        let table = ShownSizeTable(cards)
        XCTAssertEqual(table.count, cards.count)
        for (index, card) in cards.enumerated() {
            let expected = Card.ShownSizes(
                titleUTF8Count: card.shownTitle.utf8.count, subtitleUTF8Count: card.shownSubtitle?.utf8.count,
                bodyUTF8Count: card.shownBody?.utf8.count, hasImage: card.imagePath != nil
            )
            XCTAssertEqual(card.shownSizes, expected, card.id)
            XCTAssertEqual(table[index], expected, card.id)
            XCTAssertEqual(table[index].hasBody, card.body != nil, card.id)
        }
    }

    /// The loaders pack: a JSON and a CSV deck read back what their files say, over many buffers.
    func testLoadedDecksReadBackTheirText() throws {
        let count = 3_000
        var json = #"{ "cards": ["#
        var csv = "id,title,subtitle,body\n"
        for index in 0..<count {
            let body = index % 2 == 0 ? String(repeating: "word\(index) ", count: 40) : "Crème \(index)"
            json += (index == 0 ? "" : ",") + #"{ "id": "c\#(index)", "title": "Title \#(index)", "subtitle": "Sub", "body": "\#(body)" }"#
            csv += "c\(index),Title \(index),,\"\(body)\"\n"
        }
        json += "] }"
        let fromJSON = try JSONDeckParser.parse(Data(json.utf8), baseDirectory: nil)
        let fromCSV = try CSVDeckParser.parse(Data(csv.utf8), title: "t", baseDirectory: nil)
        for index in [0, 1, 1_234, count - 1] {
            let body = index % 2 == 0 ? String(repeating: "word\(index) ", count: 40).trimmingCharacters(in: .whitespaces) : "Crème \(index)"
            XCTAssertEqual(fromJSON.cards[index].title, "Title \(index)")
            XCTAssertEqual(fromJSON.cards[index].subtitle, "Sub")
            XCTAssertEqual(fromJSON.cards[index].body, body)
            XCTAssertEqual(fromCSV.cards[index].body, body)
            XCTAssertNil(fromCSV.cards[index].subtitle, "a blank field is no field")
        }
    }
}
