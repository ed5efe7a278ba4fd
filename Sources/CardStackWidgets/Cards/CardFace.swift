// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import CardStackCore
import CardStackMarkdown
import GtkSupport
import Translation

/// Draws one card's face (shadow, surface, image, text) into render nodes that are reused every frame.
///
/// Building text layout is the expensive part of a card; the finished node is appended under a new transform
/// each frame instead, so dragging never re-lays-out text.
@MainActor
struct CardFace {
    let card: Card
    let size: Size
    let dark: Bool
    /// Whether the card comes from a folder of photos, whose subtitle is a date the picture may correct.
    let isPhotoDeck: Bool
    /// The card's picture as far as it is decoded; cards without an image pass `.none`.
    let image: CardImage
    /// What the photo's sidecar said of it before this cull, drawn as a badge on the picture.
    let marks: PhotoMarks?
    /// The shadow drawn round it.
    let shadow: CardShadow
    /// What the photo is of a burst ("Burst · 5 · Sharpest"), drawn with its marks' badge; nil outside one.
    var burst: String?
    /// Whether its text is laid out and drawn: not for a card whose text is hidden under the card in front.
    var showsText = true
    /// Whether its body is Markdown, drawn as a reader sees it (``Deck/bodiesAreMarkdown``).
    var bodiesAreMarkdown = false
    /// The corners' radius in points: the style's, or none for a photo shown edge to edge.
    var cornerRadius = CardStyle.cornerRadius

    /// A rendered face: the card with its shadow, the card alone, and the pieces both are made of.
    struct Rendered {
        /// The shadow and the card over it: what is drawn of a card.
        let node: RenderNodeReference
        /// The card without its shadow, for a card whose shadow is drawn another way (``CardShadow``).
        let body: RenderNodeReference
        /// The same face in pieces, to draw part of it.
        let pieces: Pieces
    }

    /// A face in the pieces that drawing a part of it needs: the large rectangle of its surface apart, so a
    /// part can fill only its share of it.
    ///
    /// GTK 4.8's GL renderer draws all of a node that a clip cuts, testing each pixel against the clip: a card
    /// drawn under a clip to the strip that shows below the card in front (or below the pile's card before it)
    /// costs a whole card's fill. Filled as the piece that shows, it costs the strip; the face's other nodes are small
    /// (edges, corners, shadow slices) or skipped whole when the clip leaves them out (lines of text).
    struct Pieces {
        /// The shadow round the card, if it has one.
        let shadow: RenderNodeReference?
        /// The surface's middle: the card's full width between its rounded corners, in the face's points.
        let surface: Rect
        /// The surface's colour.
        let color: GdkRGBA
        /// Everything of the card but the surface's middle, drawn over it.
        let rest: RenderNodeReference
    }

    /// Renders the face with its top-left corner at the origin; the caller positions it.
    func render(in widget: UnsafeMutablePointer<GtkWidget>) -> Rendered? {
        guard size.width > 1, size.height > 1, let shadowSnapshot = gtk_snapshot_new() else { return nil }
        shadow.append(to: shadowSnapshot, cardSize: size)
        let shadowNode = gtk_snapshot_free_to_node(shadowSnapshot).map(RenderNodeReference.init(adopting:))
        // Surface and text colours whose every line meets WCAG AA on the card's colour (or the plain surface),
        // worked out once for the face.
        // A photo deck's photo is the whole card: its surface is the photo's backdrop (under the cairo renderer a
        // card-sized fill is a blit of its own each frame, and the backdrop over the surface was a second one).
        let fillsWithPhoto = isPhotoDeck && image != .none
        let palette = CardPalette(surface: fillsWithPhoto ? CardStyle.letterboxSurface : card.color ?? CardStyle.surface(dark: dark))
        let surface = surfaceMiddle
        var color = GdkRGBA(palette.surface)
        var middle = graphene_rect_t(surface)
        guard let rest = renderBody(in: widget, palette: palette), let middleSnapshot = gtk_snapshot_new() else { return nil }
        gtk_snapshot_append_color(middleSnapshot, &color, &middle)
        guard let middleNode = gtk_snapshot_free_to_node(middleSnapshot).map(RenderNodeReference.init(adopting:)),
              let body = RenderNodeReference.container([middleNode, rest])
        else { return nil }
        let pieces = Pieces(shadow: shadowNode, surface: surface, color: color, rest: rest)
        guard let shadowNode, let node = RenderNodeReference.container([shadowNode, body]) else {
            return Rendered(node: body, body: body, pieces: pieces)
        }
        return Rendered(node: node, body: body, pieces: pieces)
    }

    /// The corner radius drawn: the style's, or less on a card too small for it.
    private var radius: Double { min(Double(cornerRadius), size.width / 2, size.height / 2) }

    /// The surface between the rounded corners, the card's full width.
    private var surfaceMiddle: Rect {
        Rect(x: 0, y: radius, width: size.width, height: max(0, size.height - 2 * radius))
    }

    /// The card without its shadow and without the middle of its surface (``surfaceMiddle``).
    private func renderBody(in widget: UnsafeMutablePointer<GtkWidget>, palette: CardPalette) -> RenderNodeReference? {
        guard let snapshot = gtk_snapshot_new() else { return nil }
        var bounds = graphene_rect_t(x: 0, y: 0, width: size.width, height: size.height)
        var outline = GskRoundedRect()
        gsk_rounded_rect_init_from_rect(&outline, &bounds, Float(radius))
        fillSurfaceEdges(palette.surface, outline: &outline, in: snapshot)
        var textTop = CardStyle.padding
        // A photo deck's photo is the whole card, its caption over it.
        let isPhoto = isPhotoDeck && image != .none
        if image != .none {
            let imageHeight = CardStyle.imageHeight(for: card, cardHeight: size.height, isPhotoDeck: isPhotoDeck)
            // The picture reaches the top corners, so it is cut to the card's outline.
            gtk_snapshot_push_rounded_clip(snapshot, &outline)
            drawImage(in: snapshot, widget: widget, height: imageHeight, palette: palette)
            var badgeTop = CardStyle.padding / 2
            if isPhoto, showsText { badgeTop = drawPhotoCaption(in: snapshot, widget: widget) }
            let badges = [CardShownText.motionBadge(of: card, image: image), burst, CardShownText.badge(of: marks)].compactMap { $0 }
            if !badges.isEmpty { drawBadge(badges.joined(separator: " · "), in: snapshot, widget: widget, top: badgeTop, imageHeight: imageHeight) }
            gtk_snapshot_pop(snapshot)
            textTop = imageHeight + CardStyle.padding
        }
        // Text keeps inside the padding, which is wider than the corners: it needs no cut.
        if showsText, !isPhoto { drawText(in: snapshot, widget: widget, top: textTop, palette: palette) }

        guard let node = gtk_snapshot_free_to_node(snapshot) else { return nil }
        return RenderNodeReference(adopting: node)
    }

    /// Fills the card's rounded outline with `color` but for its middle (``surfaceMiddle``): plain rectangles
    /// above and below it and four corners cut round.
    ///
    /// A renderer cuts a shape to a round outline pixel by pixel over the whole shape it is given; cut this way,
    /// only the corners' pixels are, not the whole card's. Each piece reaches a point into the next, so no
    /// seam shows between their antialiased edges (the surface is opaque: overlapping changes nothing).
    private func fillSurfaceEdges(_ color: CardColor, outline: inout GskRoundedRect, in snapshot: OpaquePointer) {
        var fill = GdkRGBA(color)
        let radius = radius
        let overlap = 1.0
        let corner = radius + overlap
        let edges = [
            graphene_rect_t(x: radius, y: 0, width: size.width - 2 * radius, height: corner),
            graphene_rect_t(x: radius, y: size.height - corner, width: size.width - 2 * radius, height: corner),
        ]
        for var piece in edges where piece.size.width > 0 && piece.size.height > 0 {
            gtk_snapshot_append_color(snapshot, &fill, &piece)
        }
        gtk_snapshot_push_rounded_clip(snapshot, &outline)
        for (x, y) in [(0, 0), (size.width - corner, 0), (0, size.height - corner), (size.width - corner, size.height - corner)] {
            var piece = graphene_rect_t(x: x, y: y, width: corner, height: corner)
            gtk_snapshot_append_color(snapshot, &fill, &piece)
        }
        gtk_snapshot_pop(snapshot)
    }

    private func drawText(in snapshot: OpaquePointer, widget: UnsafeMutablePointer<GtkWidget>, top: Double, palette: CardPalette) {
        let width = size.width - 2 * CardStyle.padding
        let bottom = size.height - CardStyle.padding
        guard width > 0 else { return }
        var y = top

        func place(_ text: String, scale: Double, bold: Bool, color: CardColor, maximumHeight: Double, maximumLines: Int32?) {
            guard maximumHeight > 0 else { return }
            let layout = TextLayout(widget: widget, text: text, width: width, scale: scale, bold: bold)
            layout.limit(height: maximumHeight, lines: maximumLines)
            var origin = graphene_point_t(x: Float(CardStyle.padding), y: Float(y))
            var tinted = GdkRGBA(color)
            gtk_snapshot_save(snapshot)
            gtk_snapshot_translate(snapshot, &origin)
            gtk_snapshot_append_layout(snapshot, layout.pointer, &tinted)
            gtk_snapshot_restore(snapshot)
            y += layout.height + CardStyle.lineGap
        }

        place(card.shownTitle, scale: CardStyle.titleScale, bold: true, color: palette.text, maximumHeight: bottom - y, maximumLines: CardStyle.titleMaximumLines)
        if let subtitle = subtitleWithPixelSize {
            place(subtitle, scale: CardStyle.subtitleScale, bold: false, color: palette.secondaryText, maximumHeight: bottom - y, maximumLines: 2)
        }
        if let shownBody = card.shownBody {
            // A Markdown body as a reader sees it: "### Steps" is "Steps".
            let body = bodiesAreMarkdown ? MarkdownRenderer.render(shownBody).text : shownBody
            y += CardStyle.lineGap
            place(body, scale: 1, bold: false, color: palette.text, maximumHeight: bottom - y, maximumLines: nil)
        }
    }

    var subtitleWithPixelSize: String? {
        CardShownText.subtitle(of: card, image: image, isPhotoDeck: isPhotoDeck)
    }

    /// The picture across the top of the card, or a calm placeholder while it decodes or when it cannot be shown.
    private func drawImage(in snapshot: OpaquePointer, widget: UnsafeMutablePointer<GtkWidget>, height: Double, palette: CardPalette) {
        var area = graphene_rect_t(x: 0, y: 0, width: size.width, height: height)
        switch image {
        case .texture(let texture, _, _, _, _, _):
            // A photo deck shows the whole photo, letterboxed on a dark backdrop as photo viewers do (the card's
            // own surface, when the photo is the whole card); a card with a picture above its text fills the band
            // across its top.
            if isPhotoDeck, height < size.height {
                var backdrop = CardStyle.letterboxColor
                gtk_snapshot_append_color(snapshot, &backdrop, &area)
            }
            var bounds = fittedRect(for: texture, in: Size(width: size.width, height: height), covering: !CardStyle.showsPictureWhole(card, isPhotoDeck: isPhotoDeck))
            gtk_snapshot_push_clip(snapshot, &area)
            // Under the cairo renderer the picture is painted from its pixels as they are: a texture node would
            // convert each of them on every frame the card is drawn.
            if RasterNode.drawsWithCairo(widget), let painted = CairoBackedTexture.node(for: texture.pointer, in: bounds) {
                gtk_snapshot_append_node(snapshot, painted.node)
            } else {
                gtk_snapshot_append_texture(snapshot, texture.pointer, &bounds)
            }
            gtk_snapshot_pop(snapshot)
        case .loading, .failed, .away, .none:
            var shade = GdkRGBA(red: 0.5, green: 0.5, blue: 0.5, alpha: 0.15)
            gtk_snapshot_append_color(snapshot, &shade, &area)
            let text: String
            switch image {
            case .failed(let reason): text = (card.isVideo ? tr("Can't play this video:") : tr("Can't show this image:")) + "\n" + reason
            case .away(let words): text = words
            default: return
            }
            let message = TextLayout(widget: widget, text: text, width: size.width - 2 * CardStyle.padding, scale: 1.1, bold: true)
            message.limit(height: height - 2 * CardStyle.padding, lines: nil)
            pango_layout_set_alignment(message.pointer, PANGO_ALIGN_CENTER)
            var color = GdkRGBA(palette.secondaryText)
            var origin = graphene_point_t(x: Float(CardStyle.padding), y: Float((height - message.height) / 2))
            gtk_snapshot_save(snapshot)
            gtk_snapshot_translate(snapshot, &origin)
            gtk_snapshot_append_layout(snapshot, message.pointer, &color)
            gtk_snapshot_restore(snapshot)
        }
    }

    /// `text` in a dark pill at the picture's left edge, `top` points down, readable on any photo.
    private func drawBadge(_ text: String, in snapshot: OpaquePointer, widget: UnsafeMutablePointer<GtkWidget>, top: Double, imageHeight: Double) {
        let inset = CardStyle.padding / 2
        let layout = TextLayout(widget: widget, text: text, width: max(1, size.width - 4 * inset), scale: CardStyle.badgeScale, bold: true)
        layout.limit(height: imageHeight, lines: 1)
        let (horizontal, vertical) = (CardStyle.badgePadding * 1.5, CardStyle.badgePadding)
        var bounds = graphene_rect_t(x: inset, y: top, width: layout.width + 2 * horizontal, height: layout.height + 2 * vertical)
        guard Double(bounds.size.height) + top < imageHeight else { return }
        var pill = GskRoundedRect()
        gsk_rounded_rect_init_from_rect(&pill, &bounds, bounds.size.height / 2)
        gtk_snapshot_push_rounded_clip(snapshot, &pill)
        var backdrop = CardStyle.badgeBackground
        gtk_snapshot_append_color(snapshot, &backdrop, &bounds)
        gtk_snapshot_pop(snapshot)
        var origin = graphene_point_t(x: bounds.origin.x + Float(horizontal), y: bounds.origin.y + Float(vertical))
        var color = CardStyle.badgeText
        gtk_snapshot_save(snapshot)
        gtk_snapshot_translate(snapshot, &origin)
        gtk_snapshot_append_layout(snapshot, layout.pointer, &color)
        gtk_snapshot_restore(snapshot)
    }

    /// The rectangle that covers `area` (CSS `object-fit: cover`), or fits inside it (`contain`), with the image's
    /// aspect ratio kept, centred.
    private func fittedRect(for texture: ObjectReference<OpaquePointer>, in area: Size, covering: Bool) -> graphene_rect_t {
        let imageWidth = Double(gdk_texture_get_width(texture.pointer))
        let imageHeight = Double(gdk_texture_get_height(texture.pointer))
        guard imageWidth > 0, imageHeight > 0 else {
            return graphene_rect_t(x: 0, y: 0, width: area.width, height: area.height)
        }
        let scale = covering ? max(area.width / imageWidth, area.height / imageHeight) : min(area.width / imageWidth, area.height / imageHeight)
        let width = imageWidth * scale
        let height = imageHeight * scale
        return graphene_rect_t(x: (area.width - width) / 2, y: (area.height - height) / 2, width: width, height: height)
    }
}
