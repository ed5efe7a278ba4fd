// SPDX-License-Identifier: GPL-3.0-or-later
import XCTest
@testable import CardStackCore

/// A card behind an opaque one is drawn only where it shows (the deck's hidden cards cost their text at
/// every depth's scale).
final class VisiblePartsTests: XCTestCase {
    private let radius = 18.0
    private let margin = 20.0

    func testSubtractingLeavesNonOverlappingBandsAroundTheHole() {
        let outer = Rect(x: 0, y: 0, width: 100, height: 100)
        let parts = outer.subtracting(Rect(x: 20, y: 30, width: 50, height: 40))
        XCTAssertEqual(parts, [
            Rect(x: 0, y: 0, width: 100, height: 30), Rect(x: 0, y: 70, width: 100, height: 30),
            Rect(x: 0, y: 30, width: 20, height: 40), Rect(x: 70, y: 30, width: 30, height: 40),
        ])
        XCTAssertEqual(parts.map { $0.width * $0.height }.reduce(0, +), 100 * 100 - 50 * 40)
        XCTAssertEqual(outer.subtracting(Rect(x: -5, y: -5, width: 200, height: 200)), [], "covered whole")
        XCTAssertEqual(outer.subtracting(Rect(x: 200, y: 0, width: 10, height: 10)), [outer], "apart")
        XCTAssertEqual(outer.subtracting(Rect(x: -10, y: 60, width: 120, height: 100)), [Rect(x: 0, y: 0, width: 100, height: 60)],
                       "a cover across the bottom leaves the top")
    }

    func testSubtractingStackedSheetsLeavesWhatShowsAboveAndBesideThem() {
        // A 900 × 720 window under three bottom sheets 720 wide (the two covered ones narrower, taller).
        let screen = Rect(x: 0, y: 0, width: 900, height: 720)
        let covers = [
            Rect(x: 104, y: 300, width: 692, height: 420),
            Rect(x: 104, y: 340, width: 692, height: 380),
            Rect(x: 90, y: 380, width: 720, height: 340),
        ]
        let parts = screen.subtracting(covers)
        let shown: Double = parts.map { $0.width * $0.height }.reduce(0, +)
        let window: Double = 900 * 720
        let tallest: Double = 692 * 420
        let besideIt: Double = 2 * 14 * 340
        XCTAssertEqual(shown, window - tallest - besideIt, "above the tallest sheet, and beside the sheets where none covers")
        for (index, part) in parts.enumerated() {
            XCTAssertFalse(covers.contains { $0.intersects(part) }, "part \(part) lies under a cover")
            XCTAssertFalse(parts[(index + 1)...].contains { $0.intersects(part) }, "parts overlap")
        }
        XCTAssertEqual(screen.subtracting([Rect]()), [screen], "no covers leave it whole")
        XCTAssertEqual(screen.subtracting([screen, Rect(x: 10, y: 10, width: 5, height: 5)]), [], "covered whole")
    }

    func testIntersectionAndOffset() {
        let sheet = Rect(x: 85, y: 219, width: 720, height: 491)
        XCTAssertEqual(sheet.intersection(Rect(x: 0, y: 0, width: 890, height: 235)), Rect(x: 85, y: 219, width: 720, height: 16))
        XCTAssertNil(sheet.intersection(Rect(x: 0, y: 0, width: 890, height: 219)), "touching edges share nothing")
        XCTAssertEqual(sheet.intersection(sheet), sheet)
        XCTAssertEqual(sheet.offsetBy(dx: -85, dy: -219), Rect(x: 0, y: 0, width: 720, height: 491))
    }

    func testRoundingGrowsOrShrinksToWholeUnits() {
        let rect = Rect(x: 0.4, y: 1.6, width: 10.2, height: 3.1)
        XCTAssertEqual(rect.rounded(outward: true), Rect(x: 0, y: 1, width: 11, height: 4))
        XCTAssertEqual(rect.rounded(outward: false), Rect(x: 1, y: 2, width: 9, height: 2))
        XCTAssertEqual(Rect(x: 0.2, y: 0.2, width: 0.5, height: 0.5).rounded(outward: false).width, 0)
    }

    /// At rest, each card behind the front one shows only a strip along the bottom, beside it only its shadow:
    /// its text is in no part.
    func testCardsBehindTheFrontShowOnlyTheirBottomStrip() throws {
        let layout = DeckLayout(viewSize: Size(width: 1270, height: 790))
        let placements = layout.restingPlacements(of: 0..<4)
        XCTAssertEqual(placements.count, 4)
        XCTAssertNil(placements[3].visibleParts(under: placements[4...], cornerRadius: radius, margin: margin), "the front card is drawn whole")
        for position in 0..<3 {
            let card = placements[position]
            // The card just in front hides it: upright and opaque at rest.
            let cover = placements[position + 1]
            let plainRows = cover.bounds.insetBy(dx: 0, dy: radius * cover.scale).rounded(outward: false)
            let parts = try XCTUnwrap(card.visibleParts(under: placements[(position + 1)...], cornerRadius: radius, margin: margin))
            XCTAssertFalse(parts.isEmpty, "the strip below the card in front shows")
            // The text starts at the padding below the card's top: no part reaches it.
            let textTop = card.center.y - card.size.height * card.scale / 2 + 22 * card.scale
            let textArea = Rect(x: card.bounds.minX + 22, y: textTop, width: card.bounds.width - 44, height: 100)
            XCTAssertFalse(parts.contains { $0.intersects(textArea) }, "depth \(3 - position): text hidden under the card in front")
            for part in parts {
                XCTAssertEqual(part, part.rounded(outward: true), "parts meet on whole points")
                XCTAssertFalse(part.intersects(plainRows), "nothing is drawn under the plain rows of the card in front")
            }
            for (index, part) in parts.enumerated() {
                for other in parts[(index + 1)...] { XCTAssertFalse(part.intersects(other), "no pixel is drawn twice") }
            }
        }
    }

    func testOnlyAnOpaqueCardHides() throws {
        let back = CardPlacement(cardIndex: 0, center: Point(x: 200, y: 210), size: Size(width: 300, height: 400), scale: 0.95)
        var front = CardPlacement(cardIndex: 1, center: Point(x: 200, y: 200), size: Size(width: 300, height: 400))
        XCTAssertNotNil(back.visibleParts(under: [front], cornerRadius: radius, margin: margin))
        front.rotation = 0.1
        XCTAssertNil(back.visibleParts(under: [front], cornerRadius: radius, margin: margin), "a turned card in front, not counted: drawn whole")
        let interior = try XCTUnwrap(front.uprightInterior(inset: radius))
        let parts = try XCTUnwrap(back.visibleParts(under: [front], cornerRadius: radius, margin: margin, countingTurned: true), "a turned card in front hides some")
        XCTAssertFalse(parts.isEmpty)
        XCTAssertFalse(parts.contains { $0.intersects(interior) }, "nothing is drawn under a turned card's upright interior")
        front.rotation = 0
        front.opacity = 0.5
        XCTAssertNil(back.visibleParts(under: [front], cornerRadius: radius, margin: margin), "a fading card in front: drawn whole")
        front.opacity = 1
        front.center = Point(x: 900, y: 200)
        XCTAssertNil(back.visibleParts(under: [front], cornerRadius: radius, margin: margin), "a card beside it hides nothing")
        let small = CardPlacement(cardIndex: 0, center: Point(x: 900, y: 200), size: Size(width: 100, height: 100))
        XCTAssertEqual(small.visibleParts(under: [front], cornerRadius: radius, margin: 0), [], "hidden entirely")
        front.center = Point(x: 342.5 + 16 + 150, y: 210)
        XCTAssertNil(back.visibleParts(under: [front], cornerRadius: radius, margin: margin),
                     "a neighbour 16 pt beside it covers only its shadow: the card is drawn whole")
    }

    /// A part in the widget's points maps onto the face's own points, so the part's share of the surface can be
    /// filled alone; a turned card's face has no upright part.
    func testFaceAreaMapsAPartOntoTheFace() throws {
        var card = CardPlacement(cardIndex: 0, center: Point(x: 200, y: 300), size: Size(width: 300, height: 400), scale: 0.9)
        // The card's drawn box: 270 × 360 from (65, 120).
        let strip = Rect(x: 65, y: 450, width: 270, height: 30)
        let area = try XCTUnwrap(card.faceArea(of: strip))
        XCTAssertEqual(area.minX, 0, accuracy: 1e-9)
        XCTAssertEqual(area.minY, 330 / 0.9, accuracy: 1e-9, "30 drawn points above the bottom edge")
        XCTAssertEqual(area.width, 300, accuracy: 1e-9)
        XCTAssertEqual(area.maxY, 400, accuracy: 1e-9)
        let whole = try XCTUnwrap(card.faceArea(of: card.bounds))
        XCTAssertEqual(whole.minX, 0, accuracy: 1e-9)
        XCTAssertEqual(whole.minY, 0, accuracy: 1e-9)
        XCTAssertEqual(whole.width, 300, accuracy: 1e-9)
        XCTAssertEqual(whole.height, 400, accuracy: 1e-9)
        card.rotation = 0.1
        XCTAssertNil(card.faceArea(of: strip))
    }
}
