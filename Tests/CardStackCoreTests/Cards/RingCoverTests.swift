// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import XCTest
@testable import CardStackCore

/// Under cairo a turned card's shadow is drawn only in the ring round the card where it shows (the
/// shadows of cards flying off were a quarter of a key burst's frame).
final class RingCoverTests: XCTestCase {
    private let outset = 25.0
    private let inset = 7.0
    private let band = 32.0

    private let placements = [
        CardPlacement(cardIndex: 0, center: Point(x: 635, y: 374), size: Size(width: 420, height: 560), rotation: DeckTuning.maximumTilt),
        CardPlacement(cardIndex: 0, center: Point(x: 200.4, y: 180.7), size: Size(width: 180, height: 240), scale: 0.95, rotation: -0.12),
        CardPlacement(cardIndex: 0, center: Point(x: -40, y: 300), size: Size(width: 300, height: 200), scale: 1.2, rotation: 0.75),
        CardPlacement(cardIndex: 0, center: Point(x: 300, y: 300), size: Size(width: 300, height: 400), rotation: .pi / 2 + 0.05),
        CardPlacement(cardIndex: 0, center: Point(x: 320.5, y: 240.25), size: Size(width: 300, height: 400)),
    ]

    /// Where `point` lies in the card's own frame, scaled: its distance past each half extent.
    private func local(_ point: Point, of placement: CardPlacement) -> Point {
        let unturned = placement.cardCoordinates(of: point)
        return Point(x: abs(unturned.x), y: abs(unturned.y))
    }

    func testEveryPointOfTheRingIsCovered() {
        for placement in placements {
            let cover = placement.ringCover(outset: outset, inset: inset, bandHeight: band)
            let bounds = placement.bounds.insetBy(dx: -outset * 2, dy: -outset * 2)
            var missed = 0
            for row in stride(from: bounds.minY, to: bounds.maxY, by: 1.5) {
                for column in stride(from: bounds.minX, to: bounds.maxX, by: 1.5) {
                    let point = Point(x: column, y: row)
                    let unturned = local(point, of: placement)
                    let inOuter = unturned.x <= placement.size.width / 2 + outset && unturned.y <= placement.size.height / 2 + outset
                    let inInner = unturned.x < placement.size.width / 2 - inset && unturned.y < placement.size.height / 2 - inset
                    guard inOuter, !inInner else { continue }
                    if !cover.contains(where: { $0.contains(point) }) { missed += 1 }
                }
            }
            XCTAssertEqual(missed, 0, "\(placement)")
        }
    }

    func testTheCoverIsWholePointsAndNoPointIsCoveredTwice() {
        for placement in placements {
            let cover = placement.ringCover(outset: outset, inset: inset, bandHeight: band)
            XCTAssertFalse(cover.isEmpty)
            for (index, rect) in cover.enumerated() {
                XCTAssertEqual(rect, rect.rounded(outward: true), "an antialiased clip edge would leave a seam")
                XCTAssertLessThanOrEqual(rect.height, band)
                for other in cover[(index + 1)...] { XCTAssertFalse(rect.intersects(other), "\(rect) and \(other)") }
            }
        }
    }

    /// The point of it: not much more than the ring, and a third of the bounding box less the upright interior for
    /// a card flying off (turned by the deck's largest tilt).
    func testTheCoverHugsTheRing() throws {
        for (placement, shareOfBoxLessInterior) in zip(placements, [1.0 / 3, 0.8, 0.8]) {
            let cover = placement.ringCover(outset: outset, inset: inset, bandHeight: band)
            let area = cover.map { $0.width * $0.height }.reduce(0, +)
            let scale = placement.scale
            let ring = ((placement.size.width + 2 * outset) * (placement.size.height + 2 * outset)
                - (placement.size.width - 2 * inset) * (placement.size.height - 2 * inset)) * scale * scale
            let bounds = placement.bounds.insetBy(dx: -outset * scale, dy: -outset * scale)
            let interior = try XCTUnwrap(placement.uprightInterior(inset: 18))
            let boxLessInterior = bounds.width * bounds.height - interior.width * interior.height
            XCTAssertLessThan(area, 1.7 * ring, "\(placement)")
            XCTAssertLessThan(area, boxLessInterior * shareOfBoxLessInterior, "\(placement)")
        }
    }

    func testLowerBandsHugCloser() {
        let placement = placements[0]
        let areas = [8.0, 32, 128].map { band in
            placement.ringCover(outset: outset, inset: inset, bandHeight: band).map { $0.width * $0.height }.reduce(0, +)
        }
        XCTAssertLessThan(areas[0], areas[1])
        XCTAssertLessThan(areas[1], areas[2])
    }

    func testACardTooSmallForAnInsideIsCoveredWhole() {
        let tiny = CardPlacement(cardIndex: 0, center: Point(x: 50, y: 50), size: Size(width: 10, height: 10), rotation: 0.2)
        let cover = tiny.ringCover(outset: outset, inset: inset, bandHeight: band)
        XCTAssertFalse(cover.isEmpty)
        XCTAssertEqual(Set(cover.map(\.minY)).count, cover.count, "one rectangle a band")
        XCTAssertEqual(CardPlacement(cardIndex: 0, center: .zero, size: Size(width: 10, height: 10), scale: 0).ringCover(outset: outset, inset: inset, bandHeight: band), [])
    }
}
