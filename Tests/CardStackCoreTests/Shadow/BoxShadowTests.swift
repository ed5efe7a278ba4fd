// SPDX-License-Identifier: GPL-3.0-or-later

import XCTest
@testable import CardStackCore

final class BoxShadowTests: XCTestCase {
    /// The cards' shadow: 18 pt corners, 4 pt down, blurred by 14 pt.
    let shadow = BoxShadow(cornerRadius: 18, offsetY: 4, blurRadius: 14)

    func testTheShadowFallsBelowTheRectangleAndNoneIsUnderIt() {
        let size = Size(width: 120, height: 160)
        let mask = shadow.mask(for: size, scale: 1)
        let reach = Int(shadow.reach)
        XCTAssertEqual(mask.width, 120 + 2 * reach)
        XCTAssertEqual(mask.height, 160 + 2 * reach)
        let middle = reach + 60
        // Under the rectangle: nothing, even where the moved-down rectangle is blurred darkest.
        XCTAssertEqual(mask[middle, reach + 80], 0)
        XCTAssertEqual(mask[middle, reach + 159], 0)
        // Just outside: the edge of a Gaussian of σ 7 pt, moved 4 pt down, so darker below than above.
        let below = mask[middle, reach + 160]
        let above = mask[middle, reach - 1]
        XCTAssertEqual(Double(below), normalCDF(3.5 / 7), accuracy: 0.01)
        XCTAssertEqual(Double(above), normalCDF(-4.5 / 7), accuracy: 0.01)
        // Fading out with distance, and gone at the mask's edge.
        XCTAssertGreaterThan(mask[middle, reach + 165], mask[middle, reach + 175])
        XCTAssertLessThan(mask[middle, mask.height - 1], 0.005)
        XCTAssertLessThan(mask[0, mask.height / 2], 0.005)
        // The same on the left as on the right.
        for y in stride(from: 0, to: mask.height, by: 7) {
            for x in 0..<(mask.width / 2) {
                XCTAssertEqual(mask[x, y], mask[mask.width - 1 - x, y], accuracy: 1e-5)
            }
        }
    }

    func testAMaskAtTwiceTheScaleHasTwiceThePixelsAndTheSameShadow() {
        let size = Size(width: 100, height: 100)
        let single = shadow.mask(for: size, scale: 1)
        let double = shadow.mask(for: size, scale: 2)
        XCTAssertEqual(double.width, 2 * single.width)
        let reach = Int(shadow.reach)
        // The pixel just below the middle of the bottom edge at scale 1 spans two rows at scale 2.
        let oneRow = Double(single[reach + 50, reach + 101])
        let twoRows = Double(double[2 * (reach + 50), 2 * (reach + 101)] + double[2 * (reach + 50), 2 * (reach + 101) + 1]) / 2
        XCTAssertEqual(oneRow, twoRows, accuracy: 0.01)
    }

    func testCroppingKeepsThePixelsOfAnArea() {
        let mask = shadow.mask(for: Size(width: 100, height: 100), scale: 2)
        let piece = mask.cropped(to: Rect(x: -5, y: 100, width: 10, height: 3))
        XCTAssertEqual(piece.width, 20)
        XCTAssertEqual(piece.height, 6)
        XCTAssertEqual(piece.origin, Point(x: -5, y: 100))
        let reach = Int(shadow.reach)
        XCTAssertEqual(piece[3, 2], mask[2 * (reach - 5) + 3, 2 * (reach + 100) + 2])
    }

    func testTheSlicesOfATemplateDrawTheShadowOfAnyRectangle() {
        let slices = ShadowSlices(shadow: shadow)
        let cases = [(Size(width: 420, height: 583), 1), (Size(width: 200, height: 87), 1), (Size(width: 87, height: 300), 1), (Size(width: 120, height: 150), 2)]
        for scale in [1, 2] {
            let template = shadow.mask(for: slices.templateSize, scale: scale)
            for (size, _) in cases.filter({ $0.1 == scale }) {
                let error = largestDifference(slicesOf: template, slices: slices, size: size)
                XCTAssertLessThan(error, 1e-4, "\(size) at scale \(scale)")
            }
        }
    }

    func testARectangleShorterThanItsCornersGetsClosedByHalvesOfThem() throws {
        let slices = ShadowSlices(shadow: shadow)
        let size = Size(width: 300, height: 60)
        XCTAssertLessThan(size.height, 2 * shadow.cornerExtent)
        XCTAssertNil(slices.placement(of: .left, around: size))
        XCTAssertNil(slices.placement(of: .right, around: size))
        let topLeft = try XCTUnwrap(slices.placement(of: .topLeft, around: size))
        XCTAssertEqual(topLeft.visible.maxY, 30)
        XCTAssertEqual(topLeft.visible.minY, -shadow.reach)
        let bottomRight = try XCTUnwrap(slices.placement(of: .bottomRight, around: size))
        XCTAssertEqual(bottomRight.visible.minY, 30)
        XCTAssertEqual(bottomRight.visible.maxY, 60 + shadow.reach)
        // The halves were cut from a taller rectangle's corners, so the shadow along the short sides is a little
        // off, where it is faint: within 6 % of full alpha, the shadow drawn at 0.22 to 0.5 of it.
        let template = shadow.mask(for: slices.templateSize, scale: 1)
        for size in [size, Size(width: 40, height: 40)] {
            XCTAssertLessThan(largestDifference(slicesOf: template, slices: slices, size: size), 0.06, "\(size)")
        }
    }

    func testTheWholeMaskIsWhatThePiecesDraw() {
        let slices = ShadowSlices(shadow: shadow)
        for (size, scale) in [(Size(width: 420, height: 583), 1), (Size(width: 201, height: 87), 1), (Size(width: 120, height: 150), 2)] {
            let template = shadow.mask(for: slices.templateSize, scale: scale)
            let whole = slices.wholeMask(from: template, around: size)
            let direct = shadow.mask(for: size, scale: scale)
            XCTAssertEqual(whole.width, direct.width)
            XCTAssertEqual(whole.height, direct.height)
            XCTAssertEqual(whole.origin, direct.origin)
            let error = zip(whole.alpha, direct.alpha).map { abs($0 - $1) }.max() ?? 1
            XCTAssertLessThan(error, 1e-4, "\(size) at scale \(scale)")
            // Nothing under the rectangle, away from its corners.
            XCTAssertEqual(whole[whole.width / 2, whole.height / 2], 0)
            XCTAssertGreaterThan(whole[whole.width / 2, whole.height - 1 - Int(shadow.blurExtent) * scale], 0.01)
        }
    }

    func testTheWholeMaskOfARectangleShorterThanItsCornersTakesHalvesOfThem() {
        let slices = ShadowSlices(shadow: shadow)
        let template = shadow.mask(for: slices.templateSize, scale: 1)
        for size in [Size(width: 300, height: 60), Size(width: 40, height: 40)] {
            let whole = slices.wholeMask(from: template, around: size)
            let direct = shadow.mask(for: size, scale: 1)
            let error = zip(whole.alpha, direct.alpha).map { abs($0 - $1) }.max() ?? 1
            XCTAssertLessThan(error, 0.06, "\(size)")
        }
    }

    func testTheTemplateIsSmallWhateverTheCard() {
        let template = ShadowSlices(shadow: shadow).templateSize
        XCTAssertEqual(template.width, 2 * (18 + 21 + 4) + ShadowSlices.stretchLength)
        XCTAssertEqual(template.height, template.width)
    }

    /// Draws the shadow of a rectangle of `size` from the slices of `template`, pixel by pixel as a renderer
    /// samples a texture stretched over each piece, and returns how far it is from the shadow made for `size`.
    private func largestDifference(slicesOf template: ShadowMask, slices: ShadowSlices, size: Size) -> Float {
        let scale = template.scale
        let direct = shadow.mask(for: size, scale: scale)
        var largest: Float = 0
        for y in 0..<direct.height {
            for x in 0..<direct.width {
                let point = Point(
                    x: direct.origin.x + (Double(x) + 0.5) / Double(scale),
                    y: direct.origin.y + (Double(y) + 0.5) / Double(scale)
                )
                var drawn: Float = 0
                for piece in ShadowSlices.Piece.allCases {
                    guard let placement = slices.placement(of: piece, around: size), placement.visible.contains(point) else { continue }
                    let source = slices.source(of: piece)
                    let destination = placement.destination
                    let u = source.minX + (point.x - destination.minX) * source.width / destination.width
                    let v = source.minY + (point.y - destination.minY) * source.height / destination.height
                    drawn = template[
                        Int(((u - template.origin.x) * Double(scale)).rounded(.down)),
                        Int(((v - template.origin.y) * Double(scale)).rounded(.down))
                    ]
                    break
                }
                largest = max(largest, abs(drawn - direct[x, y]))
            }
        }
        return largest
    }

    private func normalCDF(_ x: Double) -> Double {
        0.5 * (1 + erf(x / 2.0.squareRoot()))
    }
}
