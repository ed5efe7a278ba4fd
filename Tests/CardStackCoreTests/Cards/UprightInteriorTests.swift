// SPDX-License-Identifier: GPL-3.0-or-later
import CardStackTestSupport
import Foundation
import XCTest
@testable import CardStackCore

/// The upright part of a turned card where it is opaque whatever its turn: under cairo, its shadow is not drawn
/// there.
final class UprightInteriorTests: XCTestCase {
    private let size = Size(width: 340, height: 460)
    private let inset = 18.0

    private func placement(rotation: Double, scale: Double = 1, center: Point = Point(x: 400.3, y: 300.7)) -> CardPlacement {
        CardPlacement(cardIndex: 0, center: center, size: size, scale: scale, rotation: rotation)
    }

    func testAnUprightCardsInteriorIsTheCardInsetToWholePoints() throws {
        let interior = try XCTUnwrap(placement(rotation: 0, scale: 0.9).uprightInterior(inset: inset))
        let expected = placement(rotation: 0, scale: 0.9).bounds.insetBy(dx: inset * 0.9, dy: inset * 0.9).rounded(outward: false)
        XCTAssertEqual(interior, expected)
    }

    func testAQuarterTurnSwapsTheInteriorsSides() throws {
        let interior = try XCTUnwrap(placement(rotation: .pi / 2, center: Point(x: 400, y: 300)).uprightInterior(inset: inset))
        XCTAssertEqual(interior, Rect(x: 400 - 212, y: 300 - 152, width: 424, height: 304))
    }

    func testATurnedCardsInteriorLiesInsideItAndIsAsLargeAsAnyUprightRectangleThere() throws {
        var random = SeededGenerator(seed: 14)
        for _ in 0..<200 {
            let rotation = Double.random(in: -.pi...(.pi), using: &random)
            let scale = Double.random(in: 0.5...1.2, using: &random)
            let card = placement(rotation: rotation, scale: scale)
            let interior = try XCTUnwrap(card.uprightInterior(inset: inset), "rotation \(rotation)")
            let corners = [
                Point(x: interior.minX, y: interior.minY), Point(x: interior.maxX, y: interior.minY),
                Point(x: interior.minX, y: interior.maxY), Point(x: interior.maxX, y: interior.maxY),
            ]
            for corner in corners {
                let local = card.cardCoordinates(of: corner)
                XCTAssertLessThanOrEqual(abs(local.x), size.width / 2 - inset + 1e-6, "rotation \(rotation)")
                XCTAssertLessThanOrEqual(abs(local.y), size.height / 2 - inset + 1e-6, "rotation \(rotation)")
            }
            // Against a search over the rectangle's half-width: rounding to whole points loses at most a point
            // along each side.
            let halfWidth = (size.width / 2 - inset) * scale, halfHeight = (size.height / 2 - inset) * scale
            let cosine = abs(cos(rotation)), sine = abs(sin(rotation))
            var best = 0.0
            for step in 0...4000 {
                let a = Double(step) / 4000 * max(halfWidth, halfHeight)
                let b = min(sine > 0 ? (halfWidth - a * cosine) / sine : .infinity, cosine > 0 ? (halfHeight - a * sine) / cosine : .infinity)
                if b > 0 { best = max(best, 4 * a * b) }
            }
            let area = interior.width * interior.height
            XCTAssertGreaterThanOrEqual(area, best - 2 * (interior.width + interior.height) - 4, "rotation \(rotation)")
        }
    }

    func testACardSmallerThanTwiceTheInsetHasNoInterior() {
        let small = CardPlacement(cardIndex: 0, center: Point(x: 50, y: 50), size: Size(width: 30, height: 200), rotation: 0.2)
        XCTAssertNil(small.uprightInterior(inset: inset))
    }
}
