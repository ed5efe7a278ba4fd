// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import CGtk
import CardStackCore
import GtkSupport

/// The position under a short strip: one dot per card, the current one larger and darker, as AdwCarousel's
/// indicator dots; unlike those, a click on a dot moves to its card.
@MainActor
final class CarouselDots: CustomWidgetDelegate {
    /// AdwCarousel's dots (`adw-carousel-indicator-dots.c`): radius 3 pt, 4 pt for the current card, opacity
    /// 0.3 and 0.9, 7 pt between dots; the hit area of each dot is widened to the full spacing.
    static let radius = 3.0
    static let currentRadius = 4.0
    static let opacity: Float = 0.3
    static let currentOpacity: Float = 0.9
    static let spacing = 7.0
    static let height: Int32 = 24

    static let type = CustomWidgetType(name: "CardStackCarouselDots", cssName: "carouseldots", accessibleRole: GTK_ACCESSIBLE_ROLE_PRESENTATION)

    let widget: UnsafeMutablePointer<GtkWidget>
    /// Called with the index of a clicked dot.
    var onSelect: (@MainActor (Int) -> Void)?
    private let signals = SignalGroup()
    private var width = 0.0

    /// How many dots, and which is current.
    var count = 0 { didSet { if count != oldValue { gtk_widget_queue_resize(widget) } } }
    var current = 0 { didSet { if current != oldValue { gtk_widget_queue_draw(widget) } } }

    init() {
        widget = Self.type.instantiate()
        CustomWidgetType.attach(self, to: widget)
        let click = created(gtk_gesture_click_new())
        signals.connect(click.raw, .press("released")) { [weak self] _, x, _ in
            guard let self, let index = dot(at: x) else { return }
            onSelect?(index)
        }
        gtk_widget_add_controller(widget, click)
    }

    private var stride: Double { 2 * Self.currentRadius + Self.spacing }
    private var firstCenter: Double { (width - Double(max(0, count - 1)) * stride) / 2 }

    private func dot(at x: Double) -> Int? {
        guard count > 0 else { return nil }
        let index = Int(((x - firstCenter) / stride).rounded())
        return (0..<count).contains(index) ? index : nil
    }

    func measure(orientation: GtkOrientation, forSize: Int32) -> (minimum: Int32, natural: Int32) {
        guard orientation == GTK_ORIENTATION_HORIZONTAL else { return (Self.height, Self.height) }
        let natural = Int32((Double(count) * stride).rounded(.up))
        return (natural, natural)
    }

    func sizeAllocate(width: Int32, height: Int32, baseline: Int32) {
        self.width = Double(width)
    }

    func snapshot(_ snapshot: OpaquePointer) {
        var color = GdkRGBA()
        gtk_style_context_get_color(gtk_widget_get_style_context(widget), &color)
        let middle = Double(gtk_widget_get_height(widget)) / 2
        for index in 0..<count {
            let isCurrent = index == current
            let radius = isCurrent ? Self.currentRadius : Self.radius
            let centerX = firstCenter + Double(index) * stride
            var bounds = graphene_rect_t(x: centerX - radius, y: middle - radius, width: 2 * radius, height: 2 * radius)
            var outline = GskRoundedRect()
            gsk_rounded_rect_init_from_rect(&outline, &bounds, Float(radius))
            var fill = color.withAlpha(color.alpha * (isCurrent ? Self.currentOpacity : Self.opacity))
            gtk_snapshot_push_rounded_clip(snapshot, &outline)
            gtk_snapshot_append_color(snapshot, &fill, &bounds)
            gtk_snapshot_pop(snapshot)
        }
    }

    func dispose() {
        signals.disconnectAll()
        onSelect = nil
    }
}
