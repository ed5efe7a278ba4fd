// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import CGtk
import CardStackCore
import GtkSupport
import Translation

/// One card drawn large as every page draws it (the shared ``CardPainter``), centred in its allocation: the
/// card at the top of Card details.
@MainActor
final class CardFaceView: CustomWidgetDelegate {
    /// The registered widget class, CSS name `cardface`; a picture to assistive technologies.
    static let type = CustomWidgetType(name: "CardStackCardFaceView", cssName: "cardface", accessibleRole: GTK_ACCESSIBLE_ROLE_IMG)
    /// The widest the card is drawn, in points: about the Deck page's natural card (520 × 600 less its margins).
    static let maximumWidth = 340.0
    /// Height over width: the Deck page's portrait card.
    static let aspectRatio = 1.25

    /// The GTK widget; unowned, because the widget owns this object.
    let widget: UnsafeMutablePointer<GtkWidget>
    private let painter: CardPainter
    private let deck: Deck
    private let cardIndex: Int
    private let signals = SignalGroup()
    private var width = 0.0

    /// A view of card `cardIndex` of `deck`.
    init(card cardIndex: Int, of deck: Deck) {
        self.deck = deck
        self.cardIndex = cardIndex
        widget = Self.type.instantiate()
        painter = CardPainter(widget: widget)
        CustomWidgetType.attach(self, to: widget)
        DisplaySettings.followStyle(painter, of: widget, with: signals)
        cs_accessible_set_label(OpaquePointer(widget), String(format: tr("Card: %@"), deck.cards[cardIndex].shownTitle))
    }

    private var cardSize: Size {
        let cardWidth = min(max(1, width), Self.maximumWidth)
        return Size(width: cardWidth, height: (cardWidth * Self.aspectRatio).rounded())
    }

    func measure(orientation: GtkOrientation, forSize: Int32) -> (minimum: Int32, natural: Int32) {
        if orientation == GTK_ORIENTATION_HORIZONTAL { return (120, Int32(Self.maximumWidth)) }
        let height = Int32((Self.maximumWidth * Self.aspectRatio).rounded())
        return (height, height)
    }

    func sizeAllocate(width: Int32, height: Int32, baseline: Int32) {
        if Double(width) != self.width { painter.faces.removeAll() }
        self.width = Double(width)
    }

    func snapshot(_ snapshot: OpaquePointer) {
        let size = cardSize
        painter.beginFrame()
        painter.drawCard(cardIndex, of: deck, size: size, at: Point(x: ((width - size.width) / 2).rounded(), y: 0), in: snapshot)
    }

    func dispose() {
        signals.disconnectAll()
        painter.faces.removeAll()
    }
}
