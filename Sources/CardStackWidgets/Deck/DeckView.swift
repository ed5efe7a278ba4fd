// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import CGtk
import CardStackCore
import GtkSupport

/// The deck widget: a stack of cards drawn with `GtkSnapshot`, the front one swiped by drag, touchpad or keys.
///
/// It is a `GtkWidget` subclass (``DeckView/type``) whose instance owns this object. Input is translated into
/// calls on the core's deck state; drawing shows the placements the core computes for the frame time.
@MainActor
public final class DeckView: CustomWidgetDelegate {
    /// The registered widget class, CSS name `deck`.
    static let type = CustomWidgetType(name: "CardStackDeckView", cssName: "deck", accessibleRole: GTK_ACCESSIBLE_ROLE_GROUP)

    /// The GTK widget; unowned, because the widget owns this object.
    public let widget: UnsafeMutablePointer<GtkWidget>

    /// The deck on show.
    public private(set) var deck: Deck
    /// Card indices from the front card backwards.
    var upcoming: [Int]

    let signals = SignalGroup()
    var faces = CardFaceCache()
    var isDark: Bool

    /// Creates the widget showing `deck`; add ``widget`` to a container to show it.
    public init(deck: Deck) {
        self.deck = deck
        upcoming = Array(deck.cards.indices)
        isDark = adw_style_manager_get_dark(adw_style_manager_get_default()) != 0
        widget = Self.type.instantiate()
        CustomWidgetType.attach(self, to: widget)
        gtk_widget_set_focusable(widget, 1)
        gtk_widget_set_hexpand(widget, 1)
        gtk_widget_set_vexpand(widget, 1)
        signals.connect(adw_style_manager_get_default()!.raw, .void("notify::dark")) { [weak self] in
            self?.styleChanged()
        }
        updateAccessibleLabel()
    }

    private func styleChanged() {
        isDark = adw_style_manager_get_dark(adw_style_manager_get_default()) != 0
        faces.removeAll()
        gtk_widget_queue_draw(widget)
    }

    /// Names the front card for screen readers: "Card 3 of 40: Title — Subtitle".
    func updateAccessibleLabel() {
        let accessible = OpaquePointer(widget)
        guard let front = upcoming.first else {
            cs_accessible_set_label(accessible, "\(deck.title): all cards decided")
            return
        }
        let card = deck.cards[front]
        let position = deck.cards.count - upcoming.count + 1
        let subtitle = card.subtitle.map { " — \($0)" } ?? ""
        cs_accessible_set_label(accessible, "Card \(position) of \(deck.cards.count): \(card.title)\(subtitle)")
    }

    // MARK: - CustomWidgetDelegate

    public func measure(orientation: GtkOrientation, forSize: Int32) -> (minimum: Int32, natural: Int32) {
        // Small enough for a phone-sized window (360 pt, GNOME mobile), natural size a comfortable portrait card.
        orientation == GTK_ORIENTATION_HORIZONTAL ? (300, 520) : (420, 640)
    }

    public func sizeAllocate(width: Int32, height: Int32, baseline: Int32) {
        let size = Size(width: Double(width), height: Double(height))
        if size != layout.viewSize {
            layout = DeckLayout(viewSize: size)
            faces.removeAll()
        }
    }

    var layout = DeckLayout(viewSize: .zero)

    public func snapshot(_ snapshot: OpaquePointer) {
        draw(layout.restingPlacements(of: upcoming), in: snapshot)
    }

    public func dispose() {
        signals.disconnectAll()
        faces.removeAll()
    }
}
