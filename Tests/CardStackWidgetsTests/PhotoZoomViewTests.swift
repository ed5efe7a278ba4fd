// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import CardStackCore
import GtkSupport
import XCTest

@testable import CardStackWidgets

/// The zoom view's pinch handlers driven with synthetic scale changes, as a touchpad pinch would drive them
/// (the test compositor can inject touchscreen pinches but has no touchpad gesture to inject).
final class PhotoZoomViewTests: WidgetTestCase {
    func testATouchpadPinchTakesThePhotoFromItsCardZoomsAndLetGoSmallReturnsIt() {
        MainActor.assumeIsolated {
            let window = created(gtk_window_new())
            let overlay = created(gtk_overlay_new())
            let page = created(gtk_drawing_area_new())
            gtk_overlay_set_child(OpaquePointer(overlay), page)
            let view = PhotoZoomView()
            gtk_overlay_add_overlay(OpaquePointer(overlay), view.widget)
            view.takeInput(from: overlay)
            gtk_window_set_child(window.cast(), overlay)
            gtk_window_set_default_size(window.cast(), 600, 400)
            gtk_window_present(window.cast())
            defer { gtk_window_destroy(window.cast()) }
            XCTAssertTrue(runMainLoop(until: { gtk_widget_get_width(overlay) > 0 }))

            // A 6000 × 4000 photo drawn 300 × 200 pt at (150, 100) on its card.
            let picture = MemoryTexture.premultipliedBGRA(width: 30, height: 20, pixels: [UInt8](repeating: 0x80, count: 30 * 20 * 4))
            let source = PhotoZoomSource(path: "/nonexistent/photo.jpg", name: "photo.jpg", pixelSize: Size(width: 6_000, height: 4_000),
                                         picture: picture, home: PhotoZoom.View(scale: 0.05, origin: Point(x: 150, y: 100)), widget: overlay)
            var opened = 0
            view.onPinchToOpen = { _ in
                opened += 1
                view.present(source, at: nil, zoomingIn: false)
                return true
            }
            let centre = Point(x: 300, y: 200)
            let start = Microseconds(g_get_monotonic_time())
            XCTAssertTrue(view.pinchBegan(at: centre, time: start))
            XCTAssertEqual(opened, 1, "two fingers on the card take its photo")
            XCTAssertTrue(view.isShowing)
            for step in 1...10 {
                view.pinched(scale: 1 + Double(step), centre: centre, time: start + Microseconds(step) * 10_000)
                XCTAssertEqual(view.zoom?.view(at: start + Microseconds(step) * 10_000).scale ?? 0, 0.05 * (1 + Double(step)), accuracy: 1e-9,
                               "the photo follows the fingers' spread")
            }
            view.pinchEnded(time: start + 110_000)
            XCTAssertTrue(view.isShowing, "let go large, it stays zoomed")
            XCTAssertTrue(view.zoom?.isZoomedIn == true)

            XCTAssertTrue(view.pinchBegan(at: centre, time: start + 200_000))
            XCTAssertEqual(opened, 1, "a pinch on a zoomed photo goes on with it")
            view.pinched(scale: 0.01, centre: centre, time: start + 210_000)
            view.pinchEnded(time: start + 220_000)
            XCTAssertTrue(runMainLoop(until: { !view.isShowing }), "let go small, it returns to its card and the view closes")
        }
    }
}
