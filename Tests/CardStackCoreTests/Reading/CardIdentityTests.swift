// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import XCTest
@testable import CardStackCore

final class CardIdentityTests: XCTestCase {
    private func deck(_ titles: [String]) throws -> Deck {
        let cards = titles.map { #"{ "title": "\#($0)" }"# }.joined(separator: ", ")
        return try JSONDeckParser.parse(Data(#"{ "cards": [ \#(cards) ] }"#.utf8), baseDirectory: nil)
    }

    private func ids(byTitle deck: Deck) -> [String: String] {
        Dictionary(deck.cards.map { ($0.title, $0.id) }, uniquingKeysWith: { first, _ in first })
    }

    func testContentIDIsPinnedAcrossRunsAndMachines() {
        // Computed independently (FNV-1a 64 over length-prefixed UTF-8 fields); a change here orphans saved decisions.
        let id = CardIdentity.contentID(
            title: "Dune", subtitle: "Frank Herbert", body: nil,
            color: CardColor(hex: "#3584E4"), image: "covers/dune.jpg"
        )
        XCTAssertEqual(id, "4953cfb3780fd372")
        XCTAssertEqual(CardIdentity.imageID(relativePath: "IMG_2.jpg", fileSize: 1234), "9d9c6385f1cda72f")
    }

    func testColourSpellingsHashAlike() {
        let ids = ["#3584e4", "3584E4", "#3584e4 "].map {
            CardIdentity.contentID(title: "A", subtitle: nil, body: nil, color: CardColor(hex: $0), image: nil)
        }
        XCTAssertEqual(Set(ids).count, 1)
    }

    func testFieldBoundariesMatter() {
        let ab = CardIdentity.contentID(title: "ab", subtitle: "c", body: nil, color: nil, image: nil)
        let bc = CardIdentity.contentID(title: "a", subtitle: "bc", body: nil, color: nil, image: nil)
        XCTAssertNotEqual(ab, bc)
    }

    func testIDsSurviveReorderingAndAppending() throws {
        let original = ids(byTitle: try deck(["One", "Two", "Three"]))
        let reordered = ids(byTitle: try deck(["Three", "One", "Two"]))
        let appended = ids(byTitle: try deck(["One", "Two", "Three", "Four"]))
        XCTAssertEqual(original, reordered)
        XCTAssertEqual(original, appended.filter { $0.key != "Four" })
        XCTAssertEqual(Set(original.values).count, 3)
    }

    func testIdenticalCardsAreToldApartInOrder() throws {
        let deck = try deck(["Same", "Other", "Same", "Same"])
        let base = CardIdentity.contentID(title: "Same", subtitle: nil, body: nil, color: nil, image: nil)
        XCTAssertEqual(deck.cards.map(\.id), [
            base,
            CardIdentity.contentID(title: "Other", subtitle: nil, body: nil, color: nil, image: nil),
            base + "-2",
            base + "-3",
        ])
        XCTAssertEqual(try self.deck(["Same", "Other", "Same", "Same"]).cards.map(\.id), deck.cards.map(\.id))
    }

    func testThousandsOfIdenticalCardsCountUpAroundGivenIDs() throws {
        let base = CardIdentity.contentID(title: "Same", subtitle: nil, body: nil, color: nil, image: nil)
        // A given id in the middle of the generated run is stepped over, whichever row holds it.
        let rows = (0..<5_000).map { $0 == 10 ? "\(base)-3,Given" : ",Same" }
        let csv = "id,title\n" + rows.joined(separator: "\n")
        let deck = try CSVDeckParser.parse(Data(csv.utf8), title: "Same", baseDirectory: nil)
        var expected = [base] + (2...5_000).filter { $0 != 3 }.map { "\(base)-\($0)" }
        expected.insert("\(base)-3", at: 10)
        XCTAssertEqual(deck.cards.map(\.id), expected)
        XCTAssertEqual(Set(deck.cards.map(\.id)).count, 5_000)
    }

    func testGeneratedIDsNeverTakeAGivenID() throws {
        let taken = CardIdentity.contentID(title: "Free", subtitle: nil, body: nil, color: nil, image: nil)
        let json = #"{ "cards": [ { "title": "Free" }, { "id": "\#(taken)", "title": "Given" } ] }"#
        let deck = try JSONDeckParser.parse(Data(json.utf8), baseDirectory: nil)
        XCTAssertEqual(deck.cards.map(\.id), [taken + "-2", taken])
    }

    func testImageIDDependsOnNameAndSize() {
        let id = CardIdentity.imageID(relativePath: "a.jpg", fileSize: 10)
        XCTAssertEqual(id, CardIdentity.imageID(relativePath: "a.jpg", fileSize: 10))
        XCTAssertNotEqual(id, CardIdentity.imageID(relativePath: "a.jpg", fileSize: 11))
        XCTAssertNotEqual(id, CardIdentity.imageID(relativePath: "b.jpg", fileSize: 10))
    }

    func testIDsAreSixteenLowercaseHexDigits() {
        let id = CardIdentity.contentID(title: "", subtitle: nil, body: nil, color: nil, image: nil)
        XCTAssertEqual(id.count, 16)
        XCTAssertTrue(id.allSatisfy { $0.isHexDigit && !$0.isUppercase })
    }
}
