// SPDX-License-Identifier: GPL-3.0-or-later
import XCTest
@testable import CardStackCore

/// Zooming into a photo to check focus, driven with explicit time: fitted, 100 % at a point, pinch, pan, and
/// each interrupted mid-motion.
final class PhotoZoomTests: XCTestCase {
    /// A 24-megapixel photo (6000 × 4000) in a 600 × 400 pt view: fitted at a tenth.
    private func zoom(pixelsPerPoint: Double = 1) -> PhotoZoom {
        PhotoZoom(viewSize: Size(width: 600, height: 400), imageSize: Size(width: 6_000, height: 4_000), pixelsPerPoint: pixelsPerPoint)
    }

    private let second: Microseconds = 1_000_000

    private func assertEqual(_ a: Point, _ b: Point, accuracy: Double = 1e-6, _ message: String = "", line: UInt = #line) {
        XCTAssertEqual(a.x, b.x, accuracy: accuracy, message, line: line)
        XCTAssertEqual(a.y, b.y, accuracy: accuracy, message, line: line)
    }

    func testAPhotoStartsFittedAndCentred() {
        let zoom = zoom()
        XCTAssertEqual(zoom.view(at: 0), PhotoZoom.View(scale: 0.1, origin: .zero))
        XCTAssertFalse(zoom.isZoomedIn)
        let wide = PhotoZoom(viewSize: Size(width: 1_200, height: 400), imageSize: Size(width: 6_000, height: 4_000))
        XCTAssertEqual(wide.view(at: 0), PhotoZoom.View(scale: 0.1, origin: Point(x: 300, y: 0)), "a narrower photo is centred")
        XCTAssertEqual(zoom.maximumScale, 4, "400 %")
        XCTAssertEqual(PhotoZoom(viewSize: Size(width: 600, height: 400), imageSize: Size(width: 6_000, height: 4_000), pixelsPerPoint: 2).actualScale,
                       0.5, "on a 2× display 100 % is half a point a pixel")
    }

    /// The zoom key at a point goes to 100 % with the pixel under the point kept there, all the way through
    /// the motion; pressed again it returns to fitted.
    func testTheZoomKeyGoesToActualSizeAtThePointAndBack() {
        var zoom = zoom()
        let point = Point(x: 150, y: 100)
        let pixel = zoom.view(at: 0).imagePoint(at: point)
        assertEqual(pixel, Point(x: 1_500, y: 1_000))
        zoom.toggle(around: point, at: 0)
        XCTAssertTrue(zoom.isZoomedIn)
        XCTAssertTrue(zoom.isAnimating(at: second / 10))
        var scales: [Double] = []
        for step in 1...20 {
            let time = Microseconds(step) * second / 40
            let view = zoom.view(at: time)
            scales.append(view.scale)
            assertEqual(view.imagePoint(at: point), pixel, accuracy: 1e-6, "the pixel under the pointer stays put at \(time) µs")
        }
        XCTAssertEqual(scales, scales.sorted(), "it only grows: no overshoot")
        XCTAssertFalse(zoom.isAnimating(at: second))
        XCTAssertEqual(zoom.view(at: second).scale, 1, "100 %: an image pixel a screen pixel")
        assertEqual(zoom.view(at: second).imagePoint(at: point), pixel)

        zoom.toggle(around: Point(x: 500, y: 300), at: second)
        XCTAssertFalse(zoom.isZoomedIn)
        XCTAssertEqual(zoom.view(at: 2 * second), zoom.fittedView)
    }

    /// Without a point (the key) the centre is kept; at a corner the photo's edge stays on the view's edge.
    func testTheCentreForTheKeyAndNoGapAtTheEdges() {
        var centred = zoom()
        centred.toggle(around: nil, at: 0)
        assertEqual(centred.view(at: second).imagePoint(at: Point(x: 300, y: 200)), Point(x: 3_000, y: 2_000))
        var corner = zoom()
        corner.toggle(around: Point(x: 0, y: 0), at: 0)
        XCTAssertEqual(corner.view(at: second).origin, .zero)
        var outside = zoom()
        outside.toggle(around: Point(x: 600, y: 400), at: 0)
        assertEqual(outside.view(at: second).origin, Point(x: 600 - 6_000, y: 400 - 4_000), "the bottom-right corner, no gap")
    }

    /// A drag on a fitted photo is not a pan (it swipes); on an enlarged one it pans, up to the photo's edges.
    func testADragPansOnlyWhileZoomedAndStopsAtTheEdges() {
        var zoom = zoom()
        XCTAssertFalse(zoom.beginPan(at: 0), "fitted: the drag is the deck's")
        zoom.toggle(around: nil, at: 0)
        XCTAssertTrue(zoom.beginPan(at: second))
        let before = zoom.view(at: second).origin
        zoom.pan(translation: Point(x: 40, y: -30), at: second + 10_000)
        assertEqual(zoom.view(at: second + 10_000).origin, before + Point(x: 40, y: -30))
        zoom.pan(translation: Point(x: 100_000, y: 100_000), at: second + 20_000)
        XCTAssertEqual(zoom.view(at: second + 20_000).origin, .zero, "the top-left corner, no further")
        zoom.endPan()
        XCTAssertFalse(zoom.isAnimating(at: second + 20_000))
    }

    /// Grabbing the photo while it zooms continues from where it is, not from where it was going.
    func testGrabbingMidZoomContinuesFromWhereThePhotoIs() {
        var zoom = zoom()
        zoom.toggle(around: Point(x: 150, y: 100), at: 0)
        let midway = zoom.view(at: second / 10)
        XCTAssertGreaterThan(midway.scale, 0.1)
        XCTAssertLessThan(midway.scale, 1)
        XCTAssertTrue(zoom.beginPan(at: second / 10))
        XCTAssertEqual(zoom.view(at: second / 10), midway)
        XCTAssertFalse(zoom.isAnimating(at: second / 10), "held, it stops where it is")
        zoom.pan(translation: Point(x: 10, y: 0), at: second / 5)
        XCTAssertEqual(zoom.view(at: second / 5).scale, midway.scale)
    }

    /// A pinch enlarges continuously from fitted to 400 %, the pixel between the fingers following them; ended
    /// near fitted it fits exactly. A pinch can begin mid-motion too.
    func testAPinchZoomsBetweenFittedAndTheMaximum() {
        var zoom = zoom()
        let centre = Point(x: 300, y: 200)
        zoom.beginPinch(centre: centre, at: 0)
        zoom.pinch(scale: 3, centre: centre, at: 10_000)
        XCTAssertEqual(zoom.view(at: 10_000).scale, 0.3, accuracy: 1e-9)
        assertEqual(zoom.view(at: 10_000).imagePoint(at: centre), Point(x: 3_000, y: 2_000))
        zoom.pinch(scale: 3, centre: centre + Point(x: 50, y: 0), at: 20_000)
        assertEqual(zoom.view(at: 20_000).imagePoint(at: centre + Point(x: 50, y: 0)), Point(x: 3_000, y: 2_000), accuracy: 1e-6,
                    "moving fingers carry the photo")
        zoom.pinch(scale: 1_000, centre: centre, at: 30_000)
        XCTAssertEqual(zoom.view(at: 30_000).scale, 4, "no further than 400 %")
        zoom.pinch(scale: 0.001, centre: centre, at: 40_000)
        XCTAssertEqual(zoom.view(at: 40_000).scale, 0.1, "no smaller than fitted")
        zoom.pinch(scale: 1.005, centre: centre, at: 50_000)
        zoom.endPinch(at: 50_000)
        XCTAssertFalse(zoom.isZoomedIn)
        XCTAssertEqual(zoom.view(at: second), zoom.fittedView, "a pinch ended at about fitted fits")

        zoom.toggle(around: nil, at: second)
        let midway = zoom.view(at: second + 50_000)
        zoom.beginPinch(centre: centre, at: second + 50_000)
        XCTAssertEqual(zoom.view(at: second + 50_000), midway, "a pinch mid-motion starts where the photo is")
        zoom.pinch(scale: 2, centre: centre, at: second + 60_000)
        XCTAssertEqual(zoom.view(at: second + 60_000).scale, midway.scale * 2, accuracy: 1e-9)
    }

    func testCtrlScrollStepsAndReducedMotionJumps() {
        var zoom = zoom()
        for _ in 0..<4 { zoom.zoom(by: ZoomTuning.scrollStepFactor, around: Point(x: 100, y: 100), at: 0) }
        XCTAssertEqual(zoom.view(at: 0).scale, 0.2, accuracy: 1e-6, "four steps double")
        assertEqual(zoom.view(at: 0).imagePoint(at: Point(x: 100, y: 100)), Point(x: 1_000, y: 1_000), accuracy: 1e-6)
        var still = self.zoom()
        still.animationsEnabled = false
        still.toggle(around: nil, at: 0)
        XCTAssertFalse(still.isAnimating(at: 0))
        XCTAssertEqual(still.view(at: 0).scale, 1, "under reduced motion it is there at once")
        still.returnHome(at: 0)
        XCTAssertEqual(still.view(at: 0), still.fittedView)
    }

    /// A photo smaller than the view: the key enlarges it to twice its fitted size; on a 2× display 100 % is
    /// half a point a pixel.
    func testSmallPhotosAndHighDensityDisplays() {
        var small = PhotoZoom(viewSize: Size(width: 600, height: 400), imageSize: Size(width: 300, height: 200))
        XCTAssertEqual(small.fittedScale, 2)
        small.toggle(around: nil, at: 0)
        XCTAssertEqual(small.view(at: second).scale, 4)
        var dense = zoom(pixelsPerPoint: 2)
        dense.toggle(around: nil, at: 0)
        XCTAssertEqual(dense.view(at: second).scale, 0.5)
        XCTAssertEqual(dense.maximumScale, 2)
    }

    func testAResizedViewKeepsAFittedPhotoFittedAndAnEnlargedOneCentred() {
        var zoom = zoom()
        zoom.resize(to: Size(width: 300, height: 400), at: 0)
        XCTAssertEqual(zoom.view(at: 0), zoom.fittedView)
        XCTAssertEqual(zoom.view(at: 0).scale, 0.05)
        zoom.toggle(around: nil, at: 0)
        let centre = zoom.view(at: second).imagePoint(at: Point(x: 150, y: 200))
        zoom.resize(to: Size(width: 600, height: 400), at: second)
        assertEqual(zoom.view(at: second).imagePoint(at: Point(x: 300, y: 200)), centre)
    }
}

extension PhotoZoomTests {
    /// A photo zoomed from its place on a card grows from there, the pixel under the pointer held, and returns
    /// there.
    func testAPhotoGrowsFromItsCardAndReturnsToIt() {
        let home = PhotoZoom.View(scale: 0.05, origin: Point(x: 100, y: 50))  // 300 × 200 pt on the card
        var zoom = PhotoZoom(viewSize: Size(width: 600, height: 400), imageSize: Size(width: 6_000, height: 4_000), home: home)
        XCTAssertEqual(zoom.view(at: 0), home)
        XCTAssertTrue(zoom.isReturningHome)
        let point = Point(x: 160, y: 90)
        let pixel = home.imagePoint(at: point)
        zoom.toggle(around: point, at: 0)
        for step in 1...10 {
            assertEqual(zoom.view(at: Microseconds(step) * second / 20).imagePoint(at: point), pixel, accuracy: 1e-6)
        }
        XCTAssertEqual(zoom.view(at: second).scale, 1)
        zoom.returnHome(at: second)
        XCTAssertTrue(zoom.isReturningHome)
        XCTAssertEqual(zoom.view(at: 2 * second), home)
    }
}

extension PhotoZoomTests {
    /// Two fingers on the card: the pinch starts at the card's size, grows continuously (no jump to fitted), and
    /// let go small it returns to the card.
    func testAPinchFromTheCardGrowsContinuouslyAndReturnsHome() {
        let home = PhotoZoom.View(scale: 0.05, origin: Point(x: 150, y: 100))
        var zoom = PhotoZoom(viewSize: Size(width: 600, height: 400), imageSize: Size(width: 6_000, height: 4_000), home: home)
        let centre = Point(x: 300, y: 200)
        zoom.beginPinch(centre: centre, at: 0)
        zoom.pinch(scale: 1.2, centre: centre, at: 10_000)
        XCTAssertEqual(zoom.view(at: 10_000).scale, 0.06, accuracy: 1e-9, "1.2 times the card's size, not the fitted one")
        zoom.endPinch(at: 10_000)
        XCTAssertTrue(zoom.isReturningHome)
        XCTAssertEqual(zoom.view(at: 1_000_000), home)
    }
}
