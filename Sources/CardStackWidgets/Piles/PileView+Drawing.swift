// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import CardStackCore
import GtkSupport
import Translation

extension PileView {
    /// Badge size and placement, in points: inside the top card's top-right corner, out of the title's way.
    static let badgeHeight = 24.0
    static let badgeMargin = 10.0
    static let badgePadding = 9.0
    /// Width of the focus ring drawn round the focused card, in points (libadwaita's focus ring).
    static let focusRingWidth: Float = 2

    /// Draws a card at `frame`, moved `offset` sideways: its face at the pile's full width and its own height
    /// (item `item` of the pile's), rendered once however the frame moves. A level of a collapsed pile, and every
    /// step of the cascade between, shows the bottom edge of its own card, squeezed to the frame's width and cut
    /// at the frame's top, as a stack of real cards would.
    func drawCard(_ card: Int, item: Int?, frame: PileCardFrame, offset: Double, in snapshot: OpaquePointer) {
        let rect = frame.rect
        let ownHeight = item.map { layout.heights[$0] } ?? frame.height
        let faceSize = Size(width: frame.width, height: ownHeight)
        let shorter = ownHeight - rect.size.height > 0.5
        let origin = Point(x: offset, y: rect.origin.y + rect.size.height - ownHeight)
        painter.drawCard(
            card, of: deck, size: faceSize, at: origin,
            narrowing: frame.width > 0 ? rect.size.width / frame.width : 1,
            clipTop: shorter ? rect.origin.y : nil,
            opacity: frame.opacity, in: snapshot
        )
    }

    /// "Nothing here yet" where an empty pile would be.
    func drawEmpty(in snapshot: OpaquePointer) {
        let text = TextLayout(widget: widget, text: String(format: tr("Nothing is “%@” yet"), deck.label(for: direction)), width: width, scale: 1, bold: false)
        var color = GdkRGBA()
        gtk_style_context_get_color(gtk_widget_get_style_context(widget), &color)
        color = color.withAlpha(color.alpha * 0.55)
        var origin = graphene_point_t(x: 0, y: Float((PileInteraction.emptyHeight - text.height) / 2))
        gtk_snapshot_save(snapshot)
        gtk_snapshot_translate(snapshot, &origin)
        gtk_snapshot_append_layout(snapshot, text.pointer, &color)
        gtk_snapshot_restore(snapshot)
    }

    /// The count on a collapsed stack (users of notification stacks complain a stack hides how many it holds);
    /// it fades as the pile opens.
    func drawCountBadge(at time: Microseconds, in snapshot: OpaquePointer) {
        guard cards.count >= PileTuning.countBadgeMinimum else { return }
        let opacity = 1 - min(1, max(0, interaction.expansion.pileProgress(at: time)))
        guard opacity > 0.01 else { return }
        let top = frame(of: 0, at: time)
        let swipeOffset = interaction.held.map { $0.whole ? $0.swipe.offset(at: time) : 0 } ?? 0
        let label = TextLayout(widget: widget, text: "\(cards.count)", width: width, scale: 0.9, bold: true)
        var textWidth: Int32 = 0
        var textHeight: Int32 = 0
        pango_layout_get_pixel_size(label.pointer, &textWidth, &textHeight)
        let badgeWidth = max(Self.badgeHeight, Double(textWidth) + 2 * Self.badgePadding)
        let x = top.rect.origin.x + top.rect.size.width - Self.badgeMargin - badgeWidth + swipeOffset
        let y = top.rect.origin.y + top.rect.size.height - Self.badgeMargin - Self.badgeHeight
        var bounds = graphene_rect_t(x: x, y: y, width: badgeWidth, height: Self.badgeHeight)
        var outline = GskRoundedRect()
        gsk_rounded_rect_init_from_rect(&outline, &bounds, Float(Self.badgeHeight / 2))
        gtk_snapshot_push_opacity(snapshot, opacity)
        var fill = GdkRGBA(red: 0, green: 0, blue: 0, alpha: 0.6)
        gtk_snapshot_push_rounded_clip(snapshot, &outline)
        gtk_snapshot_append_color(snapshot, &fill, &bounds)
        gtk_snapshot_pop(snapshot)
        var white = GdkRGBA(red: 1, green: 1, blue: 1, alpha: 1)
        var origin = graphene_point_t(x: Float(x + (badgeWidth - Double(textWidth)) / 2), y: Float(y + (Self.badgeHeight - Double(textHeight)) / 2))
        gtk_snapshot_save(snapshot)
        gtk_snapshot_translate(snapshot, &origin)
        gtk_snapshot_append_layout(snapshot, label.pointer, &white)
        gtk_snapshot_restore(snapshot)
        gtk_snapshot_pop(snapshot)
    }

    /// A ring round the focused card while the keyboard is in use.
    func drawFocus(at time: Microseconds, in snapshot: OpaquePointer) {
        guard gtk_widget_has_visible_focus(widget) != 0, !cards.isEmpty else { return }
        let item = isExpanded ? min(focusedItem ?? 0, cards.count - 1) : 0
        let rect = frame(of: item, at: time).rect
        var bounds = graphene_rect_t(x: rect.origin.x - 3, y: rect.origin.y - 3, width: rect.size.width + 6, height: rect.size.height + 6)
        var outline = GskRoundedRect()
        gsk_rounded_rect_init_from_rect(&outline, &bounds, CardStyle.cornerRadius + 3)
        var widths = [Float](repeating: Self.focusRingWidth, count: 4)
        let accent = GdkRGBA(red: 0.21, green: 0.52, blue: 0.89, alpha: 0.7)
        var colors = [GdkRGBA](repeating: accent, count: 4)
        gtk_snapshot_append_border(snapshot, &outline, &widths, &colors)
    }
}
