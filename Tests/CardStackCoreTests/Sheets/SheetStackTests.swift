// SPDX-License-Identifier: GPL-3.0-or-later

import XCTest
@testable import CardStackCore

final class SheetStackTests: XCTestCase {
    private let start: Microseconds = 3_000_000
    private let frame: Microseconds = 16_667

    private func settle(_ stack: inout SheetStack<String>, from time: Microseconds) -> Microseconds {
        var now = time
        while stack.isAnimating(at: now), now < time + 5_000_000 {
            now += frame
            stack.advance(to: now)
        }
        XCTAssertFalse(stack.isAnimating(at: now), "settles")
        return now
    }

    func testHeightsStepDownAndFitASmallWindow() {
        XCTAssertEqual(SheetLayout.heights(natural: [2_000, 2_000, 2_000], windowHeight: 800), [720, 672, 624])
        XCTAssertEqual(SheetLayout.heights(natural: [300, 900, 200], windowHeight: 800), [300, 252, 200], "never taller than the content, nor than the sheet beneath less 48")
        let small = SheetLayout.heights(natural: [2_000, 2_000, 2_000], windowHeight: 600)
        XCTAssertEqual(small, [540, 492, 444])
        XCTAssertLessThanOrEqual(small[0], 600)
        XCTAssertEqual(SheetLayout.heights(natural: [.infinity], windowHeight: 100), [90])
    }

    func testCoveredSheetsScaleToWholePixelEdges() {
        for (hostWidth, width, pixels) in [(890.0, 720.0, 1.0), (891, 720, 1), (360, 360, 1), (1001, 720, 2), (375, 375, 3)] {
            for coverage in stride(from: 0.01, through: 1.0, by: 0.01) {
                let scale = 1 - (1 - SheetTuning.coveredScale) * coverage
                let aligned = SheetLayout.pixelAlignedScale(scale, width: width, hostWidth: hostWidth, pixelsPerPoint: pixels)
                let left = (hostWidth - width * aligned) / 2 * pixels
                let right = left + width * aligned * pixels
                XCTAssertEqual(left, left.rounded(), accuracy: 1e-9, "left edge, \(hostWidth) / \(width) at \(coverage)")
                XCTAssertEqual(right, right.rounded(), accuracy: 1e-9, "right edge, \(hostWidth) / \(width) at \(coverage)")
                // Never more than half a pixel from the asked-for edge, on each side.
                XCTAssertEqual(width * aligned * pixels, width * scale * pixels, accuracy: 1 + 1e-9)
            }
        }
        // An uncovered sheet is not scaled at all, even where its own edges fall between pixels.
        XCTAssertEqual(SheetLayout.pixelAlignedScale(1, width: 720, hostWidth: 891, pixelsPerPoint: 1), 1)
        // The steps are whole pixels: 720 pt scaled back by 4 % passes through 15 widths, not a new one a frame.
        let widths = Set(stride(from: 0.0, through: 1.0, by: 0.001).map {
            720 * SheetLayout.pixelAlignedScale(1 - (1 - SheetTuning.coveredScale) * $0, width: 720, hostWidth: 890, pixelsPerPoint: 1)
        }.map { $0.rounded() })
        XCTAssertEqual(widths.count, 15)
    }

    func testScrimFollowsTheTopSheet() {
        XCTAssertEqual(SheetLayout.scrimOpacity(progress: 1, dark: false), 0.3)
        XCTAssertEqual(SheetLayout.scrimOpacity(progress: 1, dark: true), 0.5)
        XCTAssertEqual(SheetLayout.scrimOpacity(progress: 0.5, dark: false), 0.15)
        XCTAssertEqual(SheetLayout.scrimOpacity(progress: 1.2, dark: false), 0.3, "an overshoot doesn't darken further")
    }

    func testPushOpensWithTheSeedsSpringAndTappingALowerSheetClosesThoseAbove() {
        var stack = SheetStack<String>(windowHeight: 800)
        stack.push("details", height: 720, hasMedium: true, at: start)
        stack.push("info", height: 600, at: start + 100_000)
        stack.push("history", height: 500, at: start + 200_000)
        var time = settle(&stack, from: start + 200_000)
        XCTAssertEqual(stack.visibleHeight(of: 0, at: time), 720, accuracy: 1e-6, "details, opened at medium, rose to full under the others")
        XCTAssertGreaterThanOrEqual(stack.visibleHeight(of: 0, at: time) - stack.visibleHeight(of: 1, at: time), SheetTuning.heightStep, "its strip shows")
        XCTAssertEqual(stack.openSheets.map(\.id), ["details", "info", "history"])
        XCTAssertEqual(stack.coverage(of: 0, at: time), 1)
        stack.closeAbove(0, at: time)
        XCTAssertEqual(stack.openSheets.map(\.id), ["details"], "both above close together")
        time = settle(&stack, from: time)
        XCTAssertEqual(stack.sheets.map(\.id), ["details"])
        XCTAssertEqual(stack.coverage(of: 0, at: time), 0)
        XCTAssertTrue(stack.closeTop(at: time))
        time = settle(&stack, from: time)
        XCTAssertTrue(stack.sheets.isEmpty)
        XCTAssertEqual(stack.scrimOpacity(at: time, dark: false), 0, "no scrim without a sheet")
        XCTAssertFalse(stack.closeTop(at: time))
    }

    func testAFastBurstOfOpenAndCloseLeavesNothingBehind() {
        var stack = SheetStack<String>(windowHeight: 600)
        var time = start
        for press in 0..<60 {
            if press % 2 == 0 { stack.push("details", height: 540, at: time) } else { stack.closeTop(at: time) }
            time += 33_000
            stack.advance(to: time)
        }
        time = settle(&stack, from: time)
        XCTAssertTrue(stack.sheets.isEmpty, "30 presses a second end with no sheet")
        XCTAssertEqual(stack.scrimOpacity(at: time, dark: true), 0)
    }

    func testDraggingDownPastAQuarterClosesAndAShortDragSpringsBack() {
        var stack = SheetStack<String>(windowHeight: 800)
        stack.push("info", height: 600, at: start)
        var time = settle(&stack, from: start)
        XCTAssertTrue(stack.beginDrag(0, at: time))
        stack.updateDrag(100, at: time + 400_000)
        XCTAssertEqual(stack.visibleHeight(of: 0, at: time + 400_000), 500, "follows 1:1")
        XCTAssertFalse(stack.endDrag(100, at: time + 800_000), "a sixth of its height, slowly: stays")
        time = settle(&stack, from: time + 800_000)
        XCTAssertEqual(stack.visibleHeight(of: 0, at: time), 600, accuracy: 1e-6)

        XCTAssertTrue(stack.beginDrag(0, at: time))
        stack.updateDrag(160, at: time + 400_000)
        XCTAssertTrue(stack.endDrag(160, at: time + 800_000), "past a quarter: closes")
        time = settle(&stack, from: time + 800_000)
        XCTAssertTrue(stack.sheets.isEmpty)
    }

    func testAFlingDownClosesAndUpwardRubberBands() {
        var stack = SheetStack<String>(windowHeight: 800)
        stack.push("info", height: 600, at: start)
        let time = settle(&stack, from: start)
        XCTAssertTrue(stack.beginDrag(0, at: time))
        stack.updateDrag(-300, at: time + 100_000)
        let stretched = stack.visibleHeight(of: 0, at: time + 100_000)
        XCTAssertGreaterThan(stretched, 600)
        XCTAssertLessThan(stretched, 600 + 300 * SheetTuning.rubberBandCoefficient, "resists")
        stack.updateDrag(0, at: time + 200_000)
        stack.updateDrag(40, at: time + 240_000)
        XCTAssertTrue(stack.endDrag(40, at: time + 250_000), "40 pt in 50 ms is a fling")
    }

    func testDetentsAndTheGrabHandlesKeys() {
        var stack = SheetStack<String>(windowHeight: 800)
        stack.push("details", height: 720, hasMedium: true, at: start)
        var time = settle(&stack, from: start)
        stack.step(0, direction: -1, at: time)
        time = settle(&stack, from: time)
        XCTAssertEqual(stack.visibleHeight(of: 0, at: time), 720, accuracy: 1e-6, "Up: large")
        XCTAssertTrue(stack.beginDrag(0, at: time))
        stack.updateDrag(150, at: time + 500_000)
        XCTAssertFalse(stack.endDrag(150, at: time + 900_000))
        time = settle(&stack, from: time + 900_000)
        XCTAssertEqual(stack.visibleHeight(of: 0, at: time), 720, accuracy: 1e-6, "a slow short drag stays at large")
        stack.step(0, direction: 1, at: time)
        time = settle(&stack, from: time)
        XCTAssertEqual(stack.visibleHeight(of: 0, at: time), 400, accuracy: 1e-6, "Down: medium")
        stack.step(0, direction: 1, at: time)
        XCTAssertTrue(stack.openSheets.isEmpty, "Down from medium closes")
    }

    func testGrabbingAnOpeningSheetContinuesFromWhereItIs() {
        var stack = SheetStack<String>(windowHeight: 800)
        stack.push("info", height: 600, at: start)
        let grab = start + 80_000
        let drawn = stack.visibleHeight(of: 0, at: grab)
        XCTAssertGreaterThan(drawn, 0)
        XCTAssertLessThan(drawn, 600)
        XCTAssertTrue(stack.beginDrag(0, at: grab))
        XCTAssertEqual(stack.visibleHeight(of: 0, at: grab), drawn, accuracy: 1e-9, "no jump")
    }

    func testNestedScrollHandOff() {
        XCTAssertEqual(SheetScrollHandOff.target(translation: 20, contentOffset: 300, sheetBelowFull: false), .content, "down: scroll back first")
        XCTAssertEqual(SheetScrollHandOff.target(translation: 20, contentOffset: 0, sheetBelowFull: false), .sheet, "then the sheet")
        XCTAssertEqual(SheetScrollHandOff.target(translation: -20, contentOffset: 0, sheetBelowFull: true), .sheet, "up on medium: grow")
        XCTAssertEqual(SheetScrollHandOff.target(translation: -20, contentOffset: 0, sheetBelowFull: false), .content)
    }
}

extension SheetStackTests {
    func testReopeningAClosingSheetTurnsItRoundWhereItIs() {
        var stack = SheetStack<String>(windowHeight: 800)
        stack.push("info", height: 600, at: start)
        let time = settle(&stack, from: start)
        stack.closeTop(at: time)
        let turn = time + 60_000
        let drawn = stack.visibleHeight(of: 0, at: turn)
        XCTAssertLessThan(drawn, 600)
        stack.push("info", height: 600, at: turn)
        XCTAssertEqual(stack.sheets.count, 1)
        XCTAssertEqual(stack.visibleHeight(of: 0, at: turn), drawn, accuracy: 1e-9, "no jump back to closed")
        XCTAssertEqual(stack.openSheets.map(\.id), ["info"])
    }
}

extension SheetStackTests {
    func testResizingTheWindowKeepsSheetsGluedAtTheirDetents() {
        var stack = SheetStack<String>(windowHeight: 800)
        stack.push("details", height: 720, hasMedium: true, at: start)
        var time = settle(&stack, from: start)
        XCTAssertEqual(stack.visibleHeight(of: 0, at: time), 400, accuracy: 1e-6)
        stack.layOut(heights: [540], windowHeight: 600, at: time)
        XCTAssertEqual(stack.visibleHeight(of: 0, at: time), 300, accuracy: 1e-6, "still at medium, at once")
        XCTAssertFalse(stack.isAnimating(at: time))
        XCTAssertTrue(stack.isBelowFull(0, at: time))
        stack.push("info", height: 492, at: time)
        time = settle(&stack, from: time)
        stack.layOut(heights: [540, 492], windowHeight: 600, at: time)
        XCTAssertEqual(stack.visibleHeight(of: 0, at: time), 540, accuracy: 1e-6, "risen to full under Deck info")
        XCTAssertEqual(stack.visibleHeight(of: 1, at: time), 492, accuracy: 1e-6)
        XCTAssertFalse(stack.isBelowFull(0, at: time))
        XCTAssertFalse(stack.isBelowFull(1, at: time))

        // A sheet on its way up keeps going, from where it is, to its new detent.
        stack.push("history", height: 400, at: time)
        let mid = time + 50_000
        let drawn = stack.visibleHeight(of: 2, at: mid)
        stack.layOut(heights: [540, 492, 300], windowHeight: 600, at: mid)
        XCTAssertEqual(stack.visibleHeight(of: 2, at: mid), drawn, accuracy: 1e-9, "no jump")
        time = settle(&stack, from: mid)
        XCTAssertEqual(stack.visibleHeight(of: 2, at: time), 300, accuracy: 1e-6)

        // A held sheet stays under the finger.
        XCTAssertTrue(stack.beginDrag(2, at: time))
        XCTAssertTrue(stack.isDragging(2))
        stack.updateDrag(50, at: time + 100_000)
        stack.layOut(heights: [540, 492, 280], windowHeight: 600, at: time + 100_000)
        XCTAssertEqual(stack.visibleHeight(of: 2, at: time + 100_000), 250, accuracy: 1e-6)
    }
}

extension SheetStackTests {
    func testACancelledDragSpringsBackToWhereItWasHeld() {
        var stack = SheetStack<String>(windowHeight: 800)
        stack.push("details", height: 720, hasMedium: true, at: start)
        var time = settle(&stack, from: start)
        XCTAssertTrue(stack.beginDrag(0, at: time))
        stack.updateDrag(300, at: time + 30_000)
        stack.cancelDrag(at: time + 30_000)
        XCTAssertFalse(stack.isDragging(0))
        XCTAssertEqual(stack.visibleHeight(of: 0, at: time + 30_000), 100, accuracy: 1e-6, "no jump")
        XCTAssertEqual(stack.openSheets.count, 1, "a cancel never closes, however fast it went")
        time = settle(&stack, from: time + 30_000)
        XCTAssertEqual(stack.visibleHeight(of: 0, at: time), 400, accuracy: 1e-6, "back at medium")
    }
}

extension SheetStackTests {
    func testTheRestingHeightStaysWhileASheetSlides() {
        var stack = SheetStack<String>(windowHeight: 800)
        stack.push("details", height: 720, hasMedium: true, at: start)
        XCTAssertEqual(stack.sheets[0].restingHeight, 400, "heading for medium from the first frame")
        var time = settle(&stack, from: start)
        stack.closeTop(at: time)
        XCTAssertEqual(stack.sheets[0].restingHeight, 400, "closing: the detent it left")
        time += 100_000
        XCTAssertLessThan(stack.visibleHeight(of: 0, at: time), 400)
        XCTAssertEqual(stack.sheets[0].restingHeight, 400)
        stack.push("details", height: 720, hasMedium: true, at: time)
        time = settle(&stack, from: time)
        XCTAssertTrue(stack.beginDrag(0, at: time))
        stack.updateDrag(300, at: time + 200_000)
        XCTAssertTrue(stack.endDrag(300, at: time + 400_000))
        XCTAssertEqual(stack.sheets[0].restingHeight, 400, "dragged away from medium")
    }
}

extension SheetStackTests {
    func testOneMoveHandsOverBetweenContentAndSheetMidGesture() {
        // Down: the content scrolls back to its top, then the sheet moves with the rest of the same move.
        XCTAssertTrue(SheetScrollHandOff.split(30, contentOffset: 100, contentLimit: 900, sheetRise: 0) == (-30, 0))
        XCTAssertTrue(SheetScrollHandOff.split(30, contentOffset: 10, contentLimit: 900, sheetRise: 0) == (-10, 20))
        XCTAssertTrue(SheetScrollHandOff.split(30, contentOffset: 0, contentLimit: 900, sheetRise: 0) == (0, 30))
        // Up: a sheet below its full height rises first, then the content scrolls.
        XCTAssertTrue(SheetScrollHandOff.split(-50, contentOffset: 0, contentLimit: 900, sheetRise: 20) == (30, -20))
        XCTAssertTrue(SheetScrollHandOff.split(-50, contentOffset: 0, contentLimit: 900, sheetRise: 80) == (0, -50))
        XCTAssertTrue(SheetScrollHandOff.split(-50, contentOffset: 300, contentLimit: 900, sheetRise: 0) == (50, 0))
        // Up past the content's end: the sheet takes it, and rubber-bands.
        XCTAssertTrue(SheetScrollHandOff.split(-50, contentOffset: 880, contentLimit: 900, sheetRise: 0) == (20, -30))
        XCTAssertTrue(SheetScrollHandOff.split(.nan, contentOffset: 0, contentLimit: 0, sheetRise: 0) == (0, 0))

        // A whole gesture: down 300 pt on content scrolled 120 pt down: 120 pt of scrolling, 180 pt of sheet.
        var offset = 120.0
        var sheet = 0.0
        for _ in 0..<30 {
            let move = SheetScrollHandOff.split(10, contentOffset: offset, contentLimit: 900, sheetRise: 0)
            offset += move.content
            sheet += move.sheet
        }
        XCTAssertEqual(offset, 0)
        XCTAssertEqual(sheet, 180)
    }
}

final class DecayAnimationTests: XCTestCase {
    private let start: Microseconds = 1_000_000

    func testCoastsToTheProjectedPointAndStops() {
        let fling = DecayAnimation(from: 100, velocity: 2_000, bounds: 0...10_000, startTime: start)
        XCTAssertEqual(fling.value(at: start), 100)
        let rest = 100 + FlickProjection.distance(forVelocity: 2_000)
        XCTAssertEqual(fling.value(at: start + 20_000_000), rest, accuracy: 2, "ends where the projection says")
        XCTAssertLessThan(fling.value(at: start + 100_000), rest)
        XCTAssertFalse(fling.isSettled(at: start + 100_000))
        XCTAssertTrue(fling.isSettled(at: start + 5_000_000))
        XCTAssertEqual(fling.speed(at: start), 2_000)
    }

    func testStopsAtABound() {
        let fling = DecayAnimation(from: 50, velocity: -3_000, bounds: 0...500, startTime: start)
        XCTAssertEqual(fling.value(at: start + 2_000_000), 0, "the top of the content")
        XCTAssertTrue(fling.isSettled(at: start + 200_000), "settled once it reached the bound, however fast")
        XCTAssertEqual(DecayAnimation(from: 900, velocity: 0, bounds: 0...500, startTime: start).value(at: start), 500, "starts within its bounds")
    }
}
