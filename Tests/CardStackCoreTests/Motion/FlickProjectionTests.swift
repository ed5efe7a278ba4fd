// SPDX-License-Identifier: GPL-3.0-or-later

import XCTest
@testable import CardStackCore

final class FlickProjectionTests: XCTestCase {
    func testRatesMatchTheirOrigins() {
        XCTAssertEqual(DecelerationRate.touch.perMillisecond, 0.998)
        XCTAssertEqual(DecelerationRate.touchpad.perMillisecond, 0.997)
        XCTAssertEqual(DecelerationRate.normal.perMillisecond, 0.998)
        XCTAssertEqual(DecelerationRate.fast.perMillisecond, 0.99)
    }

    func testThousandPixelsPerSecondAtTouchRateProjects499Pixels() {
        // 1000/1000 · 0.998/0.002 = 499.
        XCTAssertEqual(FlickProjection.distance(forVelocity: 1_000), 499, accuracy: 1e-9)
        XCTAssertEqual(FlickProjection.distance(forVelocity: -1_000, rate: .touch), -499, accuracy: 1e-9)
    }

    func testOtherRates() {
        // 2000/1000 · 0.997/0.003 = 664.67; 1000/1000 · 0.99/0.01 = 99.
        XCTAssertEqual(FlickProjection.distance(forVelocity: 2_000, rate: .touchpad), 2 * 0.997 / 0.003, accuracy: 1e-9)
        XCTAssertEqual(FlickProjection.distance(forVelocity: 1_000, rate: .fast), 99, accuracy: 1e-9)
        XCTAssertEqual(FlickProjection.distance(forVelocity: 0), 0)
    }

    func testRatesWithoutDecelerationProjectNothing() {
        XCTAssertEqual(FlickProjection.distance(forVelocity: 1_000, rate: DecelerationRate(perMillisecond: 1)), 0)
        XCTAssertEqual(FlickProjection.distance(forVelocity: 1_000, rate: DecelerationRate(perMillisecond: 0)), 0)
    }
}
