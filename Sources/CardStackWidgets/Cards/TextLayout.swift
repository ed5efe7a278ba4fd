// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GtkSupport

/// A wrapped paragraph in the widget's theme font, shown literally (never parsed as Pango markup).
@MainActor
final class TextLayout {
    private let layout: ObjectReference<OpaquePointer>

    var pointer: OpaquePointer { layout.pointer }

    init(widget: UnsafeMutablePointer<GtkWidget>, text: String, width: Double, scale: Double, bold: Bool) {
        // gtk_widget_create_pango_layout returns a new reference ("transfer full") with the theme's font.
        layout = ObjectReference(adopting: gtk_widget_create_pango_layout(widget, nil))
        pango_layout_set_text(pointer, text, -1)
        pango_layout_set_width(pointer, Int32(width * Double(cs_pango_scale())))
        pango_layout_set_wrap(pointer, PANGO_WRAP_WORD_CHAR)
        pango_layout_set_ellipsize(pointer, PANGO_ELLIPSIZE_END)
        let attributes = pango_attr_list_new()
        if scale != 1 { pango_attr_list_insert(attributes, pango_attr_scale_new(scale)) }
        if bold { pango_attr_list_insert(attributes, pango_attr_weight_new(PANGO_WEIGHT_BOLD)) }
        pango_layout_set_attributes(pointer, attributes)
        pango_attr_list_unref(attributes)
    }

    /// Ellipsizes the text to fit `height` points and, if given, at most `lines` lines.
    func limit(height: Double, lines: Int32?) {
        // Pango's default height (-1) means "one line" once ellipsizing is on, so a height is always set.
        let pangoHeight = Int32(height * Double(cs_pango_scale()))
        pango_layout_set_height(pointer, pangoHeight)
        if let lines, pango_layout_get_line_count(pointer) > lines {
            pango_layout_set_height(pointer, -lines)
            if self.height > height { pango_layout_set_height(pointer, pangoHeight) }
        }
    }

    /// The laid-out width in points: the longest line's.
    var width: Double {
        var width: Int32 = 0
        var height: Int32 = 0
        pango_layout_get_pixel_size(pointer, &width, &height)
        return Double(width)
    }

    /// The laid-out height in points.
    var height: Double {
        var width: Int32 = 0
        var height: Int32 = 0
        pango_layout_get_pixel_size(pointer, &width, &height)
        return Double(height)
    }
}
