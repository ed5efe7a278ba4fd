// SPDX-License-Identifier: GPL-3.0-or-later

import XCTest
@testable import CardStackCore

final class CarouselInteractionTests: XCTestCase {
    private let view = Size(width: 900, height: 600)
    private let start: Microseconds = 5_000_000
    /// Pointer events every 8 ms.
    private let eventInterval: Microseconds = 8_000

    private func carousel(_ count: Int, centred: Int = 0) -> CarouselInteraction {
        CarouselInteraction(items: Array(0..<count), viewSize: view, centredItem: centred)
    }

    /// Drags by `distance` points at `speed` points per second and returns the release time.
    private func drag(_ carousel: inout CarouselInteraction, by distance: Double, speed: Double, from time: Microseconds) -> Microseconds {
        XCTAssertTrue(carousel.beginDrag(at: time))
        let steps = max(1, Int((abs(distance) / speed * 1_000_000) / Double(eventInterval)))
        var now = time
        for step in 1...steps {
            now += eventInterval
            carousel.updateDrag(distance * Double(step) / Double(steps), at: now)
        }
        return now
    }

    private func settle(_ carousel: inout CarouselInteraction, from time: Microseconds) -> Microseconds {
        var now = time
        while carousel.isAnimating(at: now), now < time + 5_000_000 {
            now += 16_667
            carousel.advance(to: now)
        }
        XCTAssertFalse(carousel.isAnimating(at: now))
        return now
    }

    // MARK: Layout

    func testCardWidthFollowsTheWindowWithinLimits() {
        XCTAssertEqual(CarouselStrip(viewSize: Size(width: 500, height: 900), count: 3).cardSize.width, 350, accuracy: 1e-9)
        XCTAssertEqual(CarouselStrip(viewSize: Size(width: 360, height: 900), count: 3).cardSize.width, 280, "at least 280")
        XCTAssertEqual(CarouselStrip(viewSize: Size(width: 1_600, height: 2_000), count: 3).cardSize.width, BrowseTuning.maximumCardWidth)
        let short = CarouselStrip(viewSize: Size(width: 900, height: 300), count: 3).cardSize
        XCTAssertLessThanOrEqual(short.height, 300 - 2 * BrowseTuning.verticalMargin + 1e-9, "fits a short window")
        let strip = CarouselStrip(viewSize: view, count: 3)
        XCTAssertEqual(strip.pitch, strip.cardSize.width + 16)
    }

    func testTheCentredCardAndBothNeighboursPeek() {
        let strip = CarouselStrip(viewSize: view, count: 10)
        XCTAssertEqual(strip.center(of: 4, at: strip.offset(of: 4)).x, 450, accuracy: 1e-9)
        XCTAssertEqual(strip.visibleRange(at: strip.offset(of: 4)), 3..<6)
        XCTAssertEqual(strip.visibleRange(at: 0), 0..<2, "the first card centres too")
        XCTAssertEqual(strip.visibleRange(at: strip.maximumOffset), 8..<10)
    }

    // MARK: Snapping

    func testASlowShortDragSpringsBackAndAPastHalfwayDragMovesOn() {
        var slow = carousel(10, centred: 3)
        var release = drag(&slow, by: -100, speed: 80, from: start)
        XCTAssertEqual(slow.endDrag(-100, at: release + 200_000), 3)
        var far = carousel(10, centred: 3)
        let pitch = far.strip.pitch
        release = drag(&far, by: -pitch * 0.6, speed: 80, from: start)
        XCTAssertEqual(far.endDrag(-pitch * 0.6, at: release + 200_000), 4)
        _ = settle(&far, from: release)
        XCTAssertEqual(far.offset(at: release + 5_000_000), 4 * pitch, accuracy: 1e-9)
    }

    func testAShortFlickMovesOneCardAndAHardFlickSeveral() {
        var short = carousel(30, centred: 3)
        var release = drag(&short, by: -60, speed: 1_200, from: start)
        XCTAssertEqual(short.endDrag(-60, at: release), 4, "a short flick always moves a card")
        var hard = carousel(30, centred: 3)
        release = drag(&hard, by: -300, speed: 6_000, from: start)
        let target = hard.endDrag(-300, at: release) ?? 0
        XCTAssertGreaterThanOrEqual(target, 7, "a hard flick travels several cards")
        var back = carousel(30, centred: 3)
        release = drag(&back, by: 60, speed: 1_200, from: start)
        XCTAssertEqual(back.endDrag(60, at: release), 2)
    }

    func testPastTheEndsTheStripRubberBandsAndSpringsBack() {
        var first = carousel(5, centred: 0)
        let release = drag(&first, by: 600, speed: 400, from: start)
        let offset = first.offset(at: release)
        XCTAssertLessThan(offset, 0)
        XCTAssertGreaterThan(offset, -600 * BrowseTuning.rubberBandCoefficient, "resists")
        XCTAssertEqual(first.endDrag(600, at: release), 0)
        let end = settle(&first, from: release)
        XCTAssertEqual(first.offset(at: end), 0, accuracy: 1e-9)
    }

    func testGrabbingAMovingStripContinuesFromWhereItIs() {
        var strip = carousel(20, centred: 0)
        strip.scroll(to: 5, at: start)
        let grab = start + 60_000
        let before = strip.offset(at: grab)
        let velocity = strip.velocity(at: grab)
        XCTAssertGreaterThan(velocity, 0)
        XCTAssertTrue(strip.beginDrag(at: grab))
        XCTAssertEqual(strip.offset(at: grab), before, accuracy: 1e-9, "no jump")
        XCTAssertEqual(strip.velocity(at: grab), velocity, accuracy: velocity * 0.05, "keeps its velocity")
    }

    // MARK: Keys and wheel

    func testKeysStepFromWhereTheStripIsHeading() {
        var strip = carousel(40, centred: 0)
        strip.step(by: 1, at: start)
        strip.step(by: 1, at: start + 10_000)
        XCTAssertEqual(strip.restingItem, 2, "a second key press mid-animation goes on from the target")
        strip.step(by: BrowseTuning.pageStep, at: start + 20_000)
        XCTAssertEqual(strip.restingItem, 12)
        strip.step(by: .max, at: start + 30_000)
        XCTAssertEqual(strip.restingItem, 39, "End")
        strip.step(by: .min, at: start + 40_000)
        XCTAssertEqual(strip.restingItem, 0, "Home")
    }

    func testTheWheelMovesOneCardPerNotchWithACooldown() {
        var strip = carousel(10, centred: 0)
        XCTAssertTrue(strip.wheel(1, at: start))
        XCTAssertFalse(strip.wheel(1, at: start + 20_000), "a free-spinning wheel doesn't race")
        XCTAssertFalse(strip.wheel(1, at: start + 149_000))
        XCTAssertEqual(strip.restingItem, 1)
        XCTAssertTrue(strip.wheel(1, at: start + 150_000))
        XCTAssertEqual(strip.restingItem, 2)
        XCTAssertTrue(strip.wheel(-1, at: start + 400_000))
        XCTAssertEqual(strip.restingItem, 1)
    }

    // MARK: Items

    func testAFilterKeepsTheCentredCardWhenItStillBelongs() {
        var strip = CarouselInteraction(items: Array(0..<10), viewSize: view, centredItem: 6)
        strip.setItems([1, 3, 6, 8], keeping: strip.restingCard)
        XCTAssertEqual(strip.restingCard, 6)
        XCTAssertEqual(strip.restingItem, 2)
        strip.setItems([0, 2, 4, 9], keeping: 6)
        XCTAssertEqual(strip.restingCard, 9, "otherwise the next one in deck order")
        strip.setItems([0, 2], keeping: 9)
        XCTAssertEqual(strip.restingCard, 2, "or the last")
        strip.setItems([], keeping: 2)
        XCTAssertNil(strip.restingCard)
        XCTAssertEqual(strip.frame(at: start), [])
        XCTAssertFalse(strip.beginDrag(at: start))
    }

    func testResizingKeepsTheCentredCard() {
        var strip = carousel(10, centred: 7)
        strip.viewSize = Size(width: 400, height: 700)
        XCTAssertEqual(strip.restingItem, 7)
        XCTAssertEqual(strip.frame(at: start).first { $0.cardIndex == 7 }?.center.x ?? 0, 200, accuracy: 1e-9)
    }

    func testAHundredThousandCardsDrawOnlyWhatIsInView() {
        var strip = carousel(100_000, centred: 50_000)
        let release = drag(&strip, by: -2_000, speed: 8_000, from: start)
        strip.endDrag(-2_000, at: release)
        let frame = strip.frame(at: release + 30_000)
        XCTAssertLessThanOrEqual(frame.count, 4)
        XCTAssertGreaterThan(strip.restingItem ?? 0, 50_003)
    }

    func testItemUnderAPointIsTheCardDrawnThere() {
        let strip = carousel(10, centred: 4)
        XCTAssertEqual(strip.item(under: Point(x: 450, y: 300), at: start), 4)
        XCTAssertEqual(strip.item(under: Point(x: 450 + strip.strip.pitch, y: 300), at: start), 5)
        XCTAssertNil(strip.item(under: Point(x: 450, y: 2), at: start))
    }
}

extension CarouselInteractionTests {
    func testJumpingCentresACardAtOnceAndStopsAnyMotion() {
        var strip = carousel(10, centred: 0)
        strip.scroll(to: 6, at: start)
        strip.jump(to: 3)
        XCTAssertEqual(strip.restingItem, 3)
        XCTAssertFalse(strip.isAnimating(at: start + 16_000))
        XCTAssertEqual(strip.offset(at: start + 16_000), 3 * strip.strip.pitch, accuracy: 1e-9)
        strip.jump(to: 99)
        XCTAssertEqual(strip.restingItem, 9, "clamped to the strip")
    }
}
