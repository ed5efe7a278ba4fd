// SPDX-License-Identifier: GPL-3.0-or-later

import XCTest
@testable import CardStackCore

final class SnapPointsTests: XCTestCase {
    /// Cards 300 px apart, as on a carousel.
    private let cards = SnapPoints(start: 0, spacing: 300, count: 10)!
    private let flick = SnapPoints.Rule(deceleration: .touch, flickSpeed: 300)

    func testNearestPicksExactPointsTiesAndEnds() {
        XCTAssertEqual(cards.index(nearest: 600), 2)
        XCTAssertEqual(cards.index(nearest: 749), 2)
        XCTAssertEqual(cards.index(nearest: 751), 3)
        XCTAssertEqual(cards.index(nearest: 750), 2, "a tie goes to the lower point")
        XCTAssertEqual(cards.index(nearest: -5_000), 0)
        XCTAssertEqual(cards.index(nearest: 99_999), 9)
    }

    func testPointsAreSortedAndNonFiniteOnesRejected() {
        XCTAssertEqual(SnapPoints([500, 0, 250])?.positions, [0, 250, 500])
        XCTAssertNil(SnapPoints([0, .nan]))
        XCTAssertNil(SnapPoints([0, .infinity]))
        XCTAssertNil(SnapPoints(start: 0, spacing: 0, count: 3))
        XCTAssertNil(SnapPoints(start: .nan, spacing: 1, count: 3))
    }

    func testEmptyAndSinglePointLists() throws {
        let empty = try XCTUnwrap(SnapPoints([]))
        XCTAssertTrue(empty.isEmpty)
        XCTAssertNil(empty.index(nearest: 3))
        XCTAssertNil(empty.target(releasedAt: 3, velocity: 1_000, origin: 0, rule: flick))
        let single = try XCTUnwrap(SnapPoints([42]))
        XCTAssertEqual(single.target(releasedAt: -900, velocity: -9_000, origin: 0, rule: flick), 0)
        XCTAssertEqual(single.target(releasedAt: 900, velocity: 9_000, origin: 0, rule: flick), 0)
    }

    func testNonFiniteReleasesAreRejected() {
        XCTAssertNil(cards.target(releasedAt: .nan, velocity: 0))
        XCTAssertNil(cards.target(releasedAt: 10, velocity: .infinity, rule: flick))
        XCTAssertNil(cards.target(releasedAt: -.infinity, velocity: 0))
        XCTAssertNil(cards.index(nearest: .nan))
        XCTAssertNil(cards.spring(from: .nan, velocity: 0, to: 1, parameters: .libadwaitaCarousel, startTime: 0))
        XCTAssertNil(cards.spring(from: 0, velocity: 0, to: 10, parameters: .libadwaitaCarousel, startTime: 0), "no point 10")
    }

    func testASlowReleaseGoesToTheNearestPoint() {
        XCTAssertEqual(cards.target(releasedAt: 420, velocity: 0, origin: 1, rule: flick), 1)
        XCTAssertEqual(cards.target(releasedAt: 480, velocity: 100, origin: 1, rule: flick), 2, "past halfway, slowly")
    }

    func testAFlickProjectsAndAHardOneTravelsSeveralPoints() {
        // 0.998/ms coasts v · 0.499 s: 3,000 px/s from 300 coasts 1,497 px to 1,797, nearest card 6.
        XCTAssertEqual(cards.target(releasedAt: 300, velocity: 3_000, origin: 1, rule: flick), 6)
        XCTAssertEqual(cards.target(releasedAt: 300, velocity: -3_000, origin: 1, rule: flick), 0, "stops at the first")
        XCTAssertEqual(cards.target(releasedAt: 300, velocity: 90_000, origin: 1, rule: flick), 9, "a huge flick stops at the last")
    }

    func testAShortFlickMovesAtLeastOnePoint() {
        // 400 px/s projects only 200 px: nearest would be where it began.
        XCTAssertEqual(cards.target(releasedAt: 310, velocity: 400, origin: 1, rule: flick), 2)
        XCTAssertEqual(cards.target(releasedAt: 290, velocity: -400, origin: 1, rule: flick), 0)
        XCTAssertEqual(cards.target(releasedAt: 310, velocity: 200, origin: 1, rule: flick), 1, "below the flick speed")
        XCTAssertEqual(cards.target(releasedAt: 2_700, velocity: 400, origin: 9, rule: flick), 9, "no point past the last")
    }

    func testAtMostOneStepFromWhereTheGestureBegan() {
        let oneStep = SnapPoints.Rule(deceleration: .touch, flickSpeed: 300, maximumSteps: 1)
        XCTAssertEqual(cards.target(releasedAt: 300, velocity: 9_000, origin: 1, rule: oneStep), 2)
        XCTAssertEqual(cards.target(releasedAt: 2_000, velocity: 0, origin: 1, rule: oneStep), 2, "dragged far, still one")
        XCTAssertEqual(cards.target(releasedAt: 300, velocity: -9_000, origin: 1, rule: oneStep), 0)
    }

    func testWithoutDecelerationTheReleasePositionIsSnappedAsItIs() {
        XCTAssertEqual(cards.target(releasedAt: 320, velocity: 5_000, rule: .nearest), 1)
    }

    func testTheSpringStartsWhereReleasedWithTheReleaseVelocity() throws {
        let spring = try XCTUnwrap(cards.spring(from: 320, velocity: 900, to: 2, parameters: .libadwaitaCarousel, startTime: 1_000))
        XCTAssertEqual(spring.value(at: 1_000), 320, accuracy: 1e-9)
        XCTAssertEqual(spring.velocity(at: 1_000), 900, accuracy: 1e-6)
        XCTAssertEqual(spring.target, 600)
        XCTAssertEqual(spring.value(at: spring.endTime), 600)
    }

    func testAHundredThousandPoints() throws {
        let strip = try XCTUnwrap(SnapPoints(start: 0, spacing: 296, count: 100_000))
        XCTAssertEqual(strip.index(nearest: 296 * 77_777 + 100), 77_777)
        XCTAssertEqual(strip.target(releasedAt: 296 * 99_999, velocity: 10_000, origin: 99_999, rule: flick), 99_999)
    }
}
