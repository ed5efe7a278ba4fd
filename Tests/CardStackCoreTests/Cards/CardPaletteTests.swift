// SPDX-License-Identifier: GPL-3.0-or-later
import CardStackTestSupport
import Foundation
import XCTest
@testable import CardStackCore

/// Every line of a card's text meets WCAG 2 AA on its surface, whatever colour the deck gives it.
final class CardPaletteTests: XCTestCase {
    private func assertReadable(_ color: CardColor, file: StaticString = #filePath, line: UInt = #line) {
        let palette = CardPalette(surface: color)
        XCTAssertGreaterThanOrEqual(CardPalette.contrast(palette.text, palette.surface), CardPalette.minimumContrast, "\(color)", file: file, line: line)
        XCTAssertGreaterThanOrEqual(CardPalette.contrast(palette.secondaryText, palette.surface), CardPalette.minimumContrast, "\(color)", file: file, line: line)
        XCTAssertLessThan(CardPalette.contrast(palette.secondaryText, palette.surface), CardPalette.contrast(palette.text, palette.surface),
                          "the subtitle stays dimmer than the title", file: file, line: line)
    }

    func testTheSampleDecksColoursAreReadable() throws {
        let decks = Repository.file("data/decks")
        var colours = 0
        for file in try FileManager.default.contentsOfDirectory(at: decks, includingPropertiesForKeys: nil) where file.pathExtension == "json" {
            let deck = try JSONDeckParser.parse(Data(contentsOf: file), baseDirectory: decks)
            for card in deck.cards {
                guard let color = card.color else { continue }
                assertReadable(color)
                colours += 1
            }
        }
        XCTAssertGreaterThan(colours, 0, "the sample decks have coloured cards")
    }

    func testRandomColoursAreReadable() {
        var generator = SeededGenerator(seed: 15)
        for _ in 0..<10_000 {
            assertReadable(CardColor(red: .random(in: 0...1, using: &generator), green: .random(in: 0...1, using: &generator),
                                     blue: .random(in: 0...1, using: &generator)))
        }
        for gray in stride(from: 0.0, through: 1.0, by: 0.01) {
            assertReadable(CardColor(red: gray, green: gray, blue: gray))
        }
    }

    func testGNOMEBlueIsDarkenedJustEnoughAndKeepsItsHue() throws {
        let blue = try XCTUnwrap(CardColor(hex: "#3584e4"))
        XCTAssertLessThan(CardPalette.contrast(CardColor(red: 1, green: 1, blue: 1), blue), 4.5, "white on #3584e4 falls short")
        let palette = CardPalette(surface: blue)
        XCTAssertEqual(palette.text, CardColor(red: 1, green: 1, blue: 1), "white text stays")
        XCTAssertLessThan(palette.surface.relativeLuminance, blue.relativeLuminance)
        XCTAssertGreaterThan(palette.surface.relativeLuminance, blue.relativeLuminance * 0.5, "only as dark as needed")
        XCTAssertEqual(palette.surface.red / palette.surface.blue, blue.red / blue.blue, accuracy: 0.01, "same hue")
    }

    func testAColourThatAlreadyPassesIsUnchanged() throws {
        let dark = try XCTUnwrap(CardColor(hex: "#1a5fb4"))
        XCTAssertEqual(CardPalette(surface: dark).surface, dark)
        let yellow = try XCTUnwrap(CardColor(hex: "#f6d32d"))
        XCTAssertEqual(CardPalette(surface: yellow).surface, yellow)
    }
}
