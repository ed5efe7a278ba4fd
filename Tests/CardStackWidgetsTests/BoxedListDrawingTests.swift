// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import CGtk
import CardStackCore
import Foundation
import GtkSupport
import XCTest

@testable import CardStackWidgets

/// A sheet's boxed list, drawn with the app's style sheet as a window draws it: its card filled in pieces that
/// cover it once (a translucent card colour, as in dark mode, shows any overlap), with no rounded clip larger than
/// a corner.
final class BoxedListDrawingTests: WidgetTestCase {
    func testTheCardIsFilledOnceInPiecesWithoutALargeRoundedClip() throws {
        try MainActor.assumeIsolated {
            let provider = try Self.loadAppStyleSheet()
            defer { Self.remove(provider) }
            let styles = adw_style_manager_get_default()
            defer { adw_style_manager_set_color_scheme(styles, ADW_COLOR_SCHEME_DEFAULT) }
            for scheme in [ADW_COLOR_SCHEME_FORCE_LIGHT, ADW_COLOR_SCHEME_FORCE_DARK] {
                adw_style_manager_set_color_scheme(styles, scheme)
                try Self.checkPieces(dark: scheme == ADW_COLOR_SCHEME_FORCE_DARK)
            }
        }
    }

    @MainActor
    private static func checkPieces(dark: Bool) throws {
        let boxed = BoxedList()
        for name in ["Skip", "Keep", "Later"] { SheetParts.fact(name, "0", in: boxed.list, selectable: false) }
        let window = created(gtk_window_new())
        defer { gtk_window_destroy(window.cast()) }
        gtk_window_set_default_size(window.cast(), 600, 400)
        gtk_widget_set_valign(boxed.widget, GTK_ALIGN_START)
        gtk_window_set_child(window.cast(), boxed.widget)
        gtk_window_present(window.cast())
        XCTAssertTrue(runMainLoop { gtk_widget_get_height(boxed.widget) > 100 && g_main_context_pending(nil) == 0 })
        let width = Double(gtk_widget_get_width(boxed.widget))
        let height = Double(gtk_widget_get_height(boxed.widget))

        let paintable = try XCTUnwrap(gtk_widget_paintable_new(boxed.widget))
        defer { g_object_unref(UnsafeMutableRawPointer(paintable)) }
        let snapshot = try XCTUnwrap(gtk_snapshot_new())
        gdk_paintable_snapshot(paintable, snapshot, width, height)
        let node = try XCTUnwrap(gtk_snapshot_free_to_node(snapshot))
        defer { gsk_render_node_unref(node) }

        var card = GdkRGBA()
        XCTAssertNotEqual(gtk_style_context_lookup_color(gtk_widget_get_style_context(boxed.list), "card_bg_color", &card), 0)
        XCTAssertEqual(card.alpha < 1, dark, "dark mode's card colour is translucent")
        let fills = RenderLeaf.leaves(of: node).filter { leaf in
            guard let color = leaf.color else { return false }
            return color.red == card.red && color.green == card.green && color.blue == card.blue && color.alpha == card.alpha
        }.map(\.bounds)
        let area = fills.reduce(0) { $0 + $1.width * $1.height }
        // The corners' squares are filled whole under their curves.
        XCTAssertEqual(area, width * height, accuracy: 1, "the card's pieces cover it, dark: \(dark)")
        for (index, piece) in fills.enumerated() {
            for other in fills[(index + 1)...] {
                XCTAssertNil(piece.intersection(other).flatMap { $0.width * $0.height > 0.01 ? $0 : nil }, "\(piece) and \(other) overlap")
            }
        }
        let clips = roundedClips(in: node)
        XCTAssertEqual(clips.count, 4, "one for each corner")
        for clip in clips {
            XCTAssertLessThanOrEqual(max(clip.width, clip.height), BoxedList.cornerRadius + 0.5, "a rounded clip \(clip) beyond a corner")
        }
    }

    /// The sizes of the rounded clips in `node`, wherever they lie.
    private static func roundedClips(in node: OpaquePointer) -> [Size] {
        switch gsk_render_node_get_node_type(node) {
        case GSK_CONTAINER_NODE:
            return (0..<gsk_container_node_get_n_children(node)).flatMap { roundedClips(in: gsk_container_node_get_child(node, $0)) }
        case GSK_TRANSFORM_NODE: return roundedClips(in: gsk_transform_node_get_child(node))
        case GSK_CLIP_NODE: return roundedClips(in: gsk_clip_node_get_child(node))
        case GSK_OPACITY_NODE: return roundedClips(in: gsk_opacity_node_get_child(node))
        case GSK_ROUNDED_CLIP_NODE:
            let bounds = gsk_rounded_clip_node_get_clip(node).pointee.bounds
            return [Size(width: Double(bounds.size.width), height: Double(bounds.size.height))]
                + roundedClips(in: gsk_rounded_clip_node_get_child(node))
        default: return []
        }
    }

    /// The app's style sheet from this source tree, as the app loads it.
    @MainActor
    private static func loadAppStyleSheet() throws -> UnsafeMutablePointer<GtkCssProvider> {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../data/style.css").standardizedFileURL.path
        XCTAssertTrue(FileManager.default.fileExists(atPath: path), path)
        let provider = try XCTUnwrap(gtk_css_provider_new())
        gtk_css_provider_load_from_path(provider, path)
        gtk_style_context_add_provider_for_display(gdk_display_get_default(), OpaquePointer(provider), UInt32(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
        return provider
    }

    @MainActor
    private static func remove(_ provider: UnsafeMutablePointer<GtkCssProvider>) {
        gtk_style_context_remove_provider_for_display(gdk_display_get_default(), OpaquePointer(provider))
        g_object_unref(provider)
    }
}
