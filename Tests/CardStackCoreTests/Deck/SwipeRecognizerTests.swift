// SPDX-License-Identifier: GPL-3.0-or-later

import XCTest
@testable import CardStackCore

final class SwipeRecognizerTests: XCTestCase {
    /// A portrait card like the one an 800 × 600 view gets.
    private let cardSize = Size(width: 360, height: 500)
    private let everyDirection = SwipeRecognizer(cardSize: Size(width: 360, height: 500),
                                                 allowedDirections: Set(SwipeDirection.allCases))
    private let sidewaysOnly = SwipeRecognizer(cardSize: Size(width: 360, height: 500),
                                               allowedDirections: [.left, .right])

    func testThresholdsAreAQuarterOfTheExtentAlongTheAxis() {
        XCTAssertEqual(everyDirection.threshold(for: .right), 90)
        XCTAssertEqual(everyDirection.threshold(for: .left), 90)
        XCTAssertEqual(everyDirection.threshold(for: .up), 125)
        XCTAssertEqual(everyDirection.threshold(for: .down), 125)
    }

    func testSlowDragPastTheThresholdIsASwipeAndShortOfItIsNot() {
        XCTAssertEqual(everyDirection.direction(translation: Point(x: 95, y: 20), velocity: Point(x: 50, y: 0)), .right)
        XCTAssertEqual(everyDirection.direction(translation: Point(x: -95, y: 20), velocity: .zero), .left)
        XCTAssertEqual(everyDirection.direction(translation: Point(x: 10, y: 130), velocity: .zero), .down)
        XCTAssertNil(everyDirection.direction(translation: Point(x: 85, y: 0), velocity: Point(x: 200, y: 0)))
        XCTAssertNil(everyDirection.direction(translation: Point(x: 0, y: -120), velocity: .zero))
    }

    func testSensitivityMovesTheThresholdAndTheFlickSpeed() {
        var low = everyDirection, high = everyDirection
        low.sensitivity = .low
        high.sensitivity = .high
        XCTAssertEqual(low.threshold(for: .right), 120, accuracy: 1e-9)
        XCTAssertEqual(high.threshold(for: .right), 60, accuracy: 1e-9)
        let drag = Point(x: 100, y: 0)
        XCTAssertNil(low.direction(translation: drag, velocity: .zero), "100 pt is short of a third of 360")
        XCTAssertEqual(everyDirection.direction(translation: drag, velocity: .zero), .right)
        XCTAssertNil(everyDirection.direction(translation: Point(x: 70, y: 0), velocity: .zero))
        XCTAssertEqual(high.direction(translation: Point(x: 70, y: 0), velocity: .zero), .right, "past a sixth")
        let flick = (translation: Point(x: 20, y: 0), velocity: Point(x: 900, y: 0))
        XCTAssertNil(everyDirection.direction(translation: flick.translation, velocity: flick.velocity), "900 pt/s is no flick at normal")
        XCTAssertEqual(high.direction(translation: flick.translation, velocity: flick.velocity), .right, "but is at high (733 pt/s)")
        XCTAssertNil(low.direction(translation: flick.translation, velocity: Point(x: 1_300, y: 0)), "low asks 1,467 pt/s")
    }

    func testDragPastTheThresholdThrownBackIsCancelled() {
        XCTAssertNil(everyDirection.direction(translation: Point(x: 120, y: 0), velocity: Point(x: -1_500, y: 0)))
        XCTAssertEqual(everyDirection.direction(translation: Point(x: 120, y: 0), velocity: Point(x: -900, y: 0)), .right)
    }

    func testShortFastFlickIsASwipe() {
        XCTAssertEqual(everyDirection.direction(translation: Point(x: 30, y: 4), velocity: Point(x: 1_300, y: 100)), .right)
        XCTAssertEqual(everyDirection.direction(translation: Point(x: 2, y: -30), velocity: Point(x: 0, y: -1_200)), .up)
    }

    func testFlickNeedsSpeedTravelAndAgreeingDirection() {
        XCTAssertNil(everyDirection.direction(translation: Point(x: 30, y: 0), velocity: Point(x: 1_000, y: 0)),
                     "below the flick speed")
        XCTAssertNil(everyDirection.direction(translation: Point(x: 5, y: 0), velocity: Point(x: 2_000, y: 0)),
                     "moved less than the minimum travel")
        XCTAssertNil(everyDirection.direction(translation: Point(x: 30, y: 0), velocity: Point(x: -2_000, y: 0)),
                     "velocity against the drag")
        XCTAssertNil(everyDirection.direction(translation: Point(x: 60, y: 10), velocity: Point(x: 0, y: 2_000)),
                     "velocity across a drag that already has a direction")
    }

    func testFlickWithTinyTranslationTakesItsDirectionFromTheVelocity() {
        // Translation slightly more sideways than down, but thrown clearly downward.
        XCTAssertEqual(everyDirection.direction(translation: Point(x: 10, y: 9), velocity: Point(x: 100, y: 1_500)), .down)
    }

    func testDisallowedDirectionsAreNeverRecognised() {
        XCTAssertNil(sidewaysOnly.direction(translation: Point(x: 0, y: 300), velocity: .zero))
        XCTAssertNil(sidewaysOnly.direction(translation: Point(x: 0, y: -20), velocity: Point(x: 0, y: -3_000)))
        XCTAssertEqual(sidewaysOnly.direction(translation: Point(x: -100, y: 0), velocity: .zero), .left)
    }

    func testProgressMeasuresEachDirectionAgainstItsThreshold() {
        let progress = everyDirection.progress(translation: Point(x: 45, y: -250))
        XCTAssertEqual(progress[.right] ?? -1, 0.5, accuracy: 1e-12)
        XCTAssertEqual(progress[.up] ?? -1, 2, accuracy: 1e-12)
        XCTAssertEqual(progress[.left], 0)
        XCTAssertEqual(progress[.down], 0)
        XCTAssertEqual(Set(progress.keys), Set(SwipeDirection.allCases))
    }

    func testDragTowardADisallowedDirectionIsResisted() {
        let raw = Point(x: 40, y: 200)
        let resisted = sidewaysOnly.resistedTranslation(raw)
        XCTAssertEqual(resisted.x, 40, "allowed axis follows the pointer")
        XCTAssertGreaterThan(resisted.y, 0)
        XCTAssertLessThan(resisted.y, raw.y)
        XCTAssertEqual(everyDirection.resistedTranslation(raw), raw)
    }

    func testUnresistingInvertsTheResistance() {
        for raw in [Point(x: 10, y: -80), Point(x: -300, y: 900), Point(x: 0, y: 3)] {
            let back = sidewaysOnly.unresistedTranslation(sidewaysOnly.resistedTranslation(raw))
            XCTAssertEqual(back.x, raw.x, accuracy: 1e-6)
            XCTAssertEqual(back.y, raw.y, accuracy: 1e-6)
        }
    }

    func testResistedVelocityFollowsTheBandsSlope() {
        let raw = Point(x: 0, y: 100)
        let velocity = sidewaysOnly.resistedVelocity(Point(x: 500, y: 500), at: raw)
        XCTAssertEqual(velocity.x, 500)
        // Compare with the band's own slope by finite differences.
        let step = 1e-4
        let slope = (sidewaysOnly.resistedTranslation(Point(x: 0, y: raw.y + step)).y
            - sidewaysOnly.resistedTranslation(raw).y) / step
        XCTAssertEqual(velocity.y, 500 * slope, accuracy: 1e-3)
    }
}
