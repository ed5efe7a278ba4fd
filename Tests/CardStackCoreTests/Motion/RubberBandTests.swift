// SPDX-License-Identifier: GPL-3.0-or-later

import XCTest
@testable import CardStackCore

final class RubberBandTests: XCTestCase {
    func testCoefficientIsUIScrollViews() {
        XCTAssertEqual(RubberBand.coefficient, 0.55)
    }

    func testZeroOvershootGivesZero() {
        XCTAssertEqual(RubberBand.offset(0, dimension: 400), 0)
    }

    func testHandComputedCase() {
        // (1 − 1/(1 + 100·0.55/400))·400 = 400·0.1375/1.1375 = 48.3516…
        XCTAssertEqual(RubberBand.offset(100, dimension: 400), 400 * 0.1375 / 1.1375, accuracy: 1e-9)
        XCTAssertEqual(RubberBand.offset(100, dimension: 400), 48.351_648_351_648, accuracy: 1e-9)
    }

    func testSymmetricInSign() {
        for overshoot in [0.5, 10, 123.4, 5_000] {
            XCTAssertEqual(RubberBand.offset(-overshoot, dimension: 300), -RubberBand.offset(overshoot, dimension: 300))
        }
    }

    func testMonotonicAndBelowDimension() {
        let dimension = 250.0
        var previous = RubberBand.offset(-100_000, dimension: dimension)
        var overshoot = -100_000.0
        while overshoot < 100_000 {
            overshoot += overshoot.magnitude < 1_000 ? 0.5 : 97
            let offset = RubberBand.offset(overshoot, dimension: dimension)
            XCTAssertGreaterThan(offset, previous, "at \(overshoot)")
            XCTAssertLessThan(offset.magnitude, dimension, "at \(overshoot)")
            XCTAssertLessThanOrEqual(offset.magnitude, overshoot.magnitude * RubberBand.coefficient + 1e-12)
            previous = offset
        }
    }

    func testNonPositiveDimensionGivesZero() {
        XCTAssertEqual(RubberBand.offset(50, dimension: 0), 0)
        XCTAssertEqual(RubberBand.offset(50, dimension: -10), 0)
    }

    func testCustomCoefficient() {
        XCTAssertEqual(RubberBand.offset(100, dimension: 100, coefficient: 1), 50, accuracy: 1e-12)
    }
}
