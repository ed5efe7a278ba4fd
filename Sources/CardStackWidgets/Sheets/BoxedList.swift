// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import CGtk
import CardStackCore
import GtkSupport

/// libadwaita's boxed list (rows grouped on a rounded card) whose card is filled in pieces (``RoundedFill``)
/// rather than by the style sheet.
///
/// The style sheet fills a boxed list under a rounded clip the size of the list, which GTK 4.8's GL renderer
/// shades pixel by pixel against the clip's outline: in a frame of the sheets sliding over one another, the Deck
/// info sheet's list cost 2.5 ms more that way than filled in pieces. The list keeps its style class, rows,
/// separators and shadow; `data/style.css` leaves out its background (`boxed-list.pieced`), which this draws
/// beneath it in the colour the style sheet gives cards.
@MainActor
final class BoxedList: CustomWidgetDelegate {
    static let type = CustomWidgetType(
        name: "CardStackBoxedList", cssName: "boxedlist", accessibleRole: GTK_ACCESSIBLE_ROLE_GENERIC, heightForWidth: true
    )

    /// The corners' radius, as libadwaita rounds a boxed list.
    static let cornerRadius = 12.0

    /// The widget to place.
    let widget: UnsafeMutablePointer<GtkWidget>
    /// The list to add rows to.
    let list: UnsafeMutablePointer<GtkWidget>
    private let signals = SignalGroup()

    init() {
        widget = Self.type.instantiate()
        list = created(gtk_list_box_new())
        gtk_list_box_set_selection_mode(OpaquePointer(list), GTK_SELECTION_NONE)
        gtk_widget_add_css_class(list, "boxed-list")
        gtk_widget_add_css_class(list, "pieced")
        CustomWidgetType.attach(self, to: widget)
        gtk_widget_set_parent(list, widget)
        let styles = created(adw_style_manager_get_default())
        for property in ["notify::dark", "notify::high-contrast"] {
            signals.connect(styles.raw, .pointer(property)) { [weak self] _ in
                guard let self else { return }
                gtk_widget_queue_draw(widget)
            }
        }
    }

    func measure(orientation: GtkOrientation, forSize: Int32) -> (minimum: Int32, natural: Int32) {
        var minimum: Int32 = 0
        var natural: Int32 = 0
        gtk_widget_measure(list, orientation, forSize, &minimum, &natural, nil, nil)
        return (minimum, natural)
    }

    func sizeAllocate(width: Int32, height: Int32, baseline: Int32) {
        gtk_widget_allocate(list, width, height, baseline, nil)
    }

    func snapshot(_ snapshot: OpaquePointer) {
        var color = GdkRGBA()
        if gtk_style_context_lookup_color(gtk_widget_get_style_context(list), "card_bg_color", &color) == 0 {
            // libadwaita's card colours, should a style sheet name none.
            let dark = adw_style_manager_get_dark(adw_style_manager_get_default()) != 0
            color = dark ? GdkRGBA(red: 1, green: 1, blue: 1, alpha: 0.08) : GdkRGBA(red: 1, green: 1, blue: 1, alpha: 1)
        }
        let card = Rect(x: 0, y: 0, width: Double(gtk_widget_get_width(widget)), height: Double(gtk_widget_get_height(widget)))
        RoundedFill.append(
            card, radius: Self.cornerRadius, roundsBottom: true, color: color, within: [card],
            scale: Double(max(1, gtk_widget_get_scale_factor(widget))), to: snapshot
        )
        gtk_widget_snapshot_child(widget, list, snapshot)
    }

    func dispose() {
        signals.disconnectAll()
        gtk_widget_unparent(list)
    }
}
