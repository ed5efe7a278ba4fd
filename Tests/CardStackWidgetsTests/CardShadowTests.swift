// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import CardStackCore
import XCTest

@testable import CardStackWidgets

/// The cairo renderer's shadow (edges as gradients) against the GL renderer's (edges as stretched textures),
/// both drawn by cairo: a card looks the same whichever renderer draws it.
final class CardShadowTests: XCTestCase {
    override func setUp() {
        super.setUp()
        setenv("GTK_A11Y", "none", 1)
        let initialised = MainActor.assumeIsolated { gtk_init_check() != 0 }
        XCTAssertTrue(initialised, "GTK needs a display: run the tests under xvfb-run, as `make check` does")
    }

    private static let cardSize = Size(width: 180, height: 240)

    /// The shadow of a card of `cardSize` drawn at `scale` into an image with room round it, turned by
    /// `rotation` radians about the card's centre; its premultiplied alpha bytes, row by row.
    @MainActor
    private static func alphas(cairo: Bool, dark: Bool, scale: Int, rotation: Double) -> [UInt8] {
        let side = 360
        guard let snapshot = gtk_snapshot_new() else { return [] }
        CardShadow.shared(dark: dark, scale: scale, cairo: cairo).append(to: snapshot, cardSize: cardSize)
        guard let node = gtk_snapshot_free_to_node(snapshot) else { return [] }
        defer { gsk_render_node_unref(node) }
        let image = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(side * scale), Int32(side * scale))
        defer { cairo_surface_destroy(image) }
        cairo_surface_set_device_scale(image, Double(scale), Double(scale))
        let drawing = cairo_create(image)
        cairo_translate(drawing, Double(side) / 2, Double(side) / 2)
        cairo_rotate(drawing, rotation)
        cairo_translate(drawing, -cardSize.width / 2, -cardSize.height / 2)
        gsk_render_node_draw(node, drawing)
        cairo_destroy(drawing)
        cairo_surface_flush(image)
        guard let data = cairo_image_surface_get_data(image) else { return [] }
        let stride = Int(cairo_image_surface_get_stride(image))
        return (0..<(side * scale)).flatMap { row in (0..<(side * scale)).map { data[row * stride + $0 * 4 + 3] } }
    }

    func testGradientEdgesDrawWhatStretchedTexturesDraw() {
        MainActor.assumeIsolated {
            for (dark, scale, rotation) in [(false, 1, 0.0), (true, 1, 0.0), (false, 2, 0.0), (false, 1, 0.3), (true, 2, -0.2)] {
                let gradients = Self.alphas(cairo: true, dark: dark, scale: scale, rotation: rotation)
                let textures = Self.alphas(cairo: false, dark: dark, scale: scale, rotation: rotation)
                XCTAssertEqual(gradients.count, textures.count)
                let worst = zip(gradients, textures).map { abs(Int($0) - Int($1)) }.max() ?? 0
                // The shadow is there at all (at most 0.22 opaque in the light style, 0.5 in the dark one).
                XCTAssertGreaterThan(gradients.max() ?? 0, dark ? 60 : 30, "dark \(dark), scale \(scale)")
                XCTAssertLessThanOrEqual(worst, 2, "dark \(dark), scale \(scale), turned \(rotation)")
            }
        }
    }
}
