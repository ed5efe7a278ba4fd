// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import CGtk
import CardStackCore
import GtkSupport

/// Draws cards for any page: each card's face rendered once and cached, drawn under the transform its
/// placement gives, with its stamps; so every page shows the same card, drawn one way.
@MainActor
final class CardPainter {
    /// Rendered faces and stamps, by card.
    var faces = CardFaceCache()
    /// Decoded pictures, shared by the faces.
    let images = CardImageCache()
    /// Whether the dark style is on; faces are drawn for it.
    private(set) var isDark: Bool
    /// The widget drawn into, for its Pango context and renderer.
    let widget: UnsafeMutablePointer<GtkWidget>

    /// Called when what a card says may have changed: a picture decoded (or found undecodable), marks arrived.
    var onShownTextChanged: (@MainActor () -> Void)?

    /// What a card's sidecar said of it before this cull, drawn as a badge on its picture; faces are drawn again
    /// when a card's marks change.
    var marks: (Int) -> PhotoMarks? = { _ in nil }
    /// What a photo is of a burst, drawn with its badge and said with its name; a face whose text changed is drawn
    /// again.
    var burst: (Int) -> String? = { _ in nil }

    // MARK: Put-off work (CardPainter+IdleWork)

    /// The cards whose faces are made ready next, those to be drawn into pixels too, and the deck and size to
    /// make them for.
    var ahead: (faces: [Int], pixels: [Int], deck: Deck, size: Size)?

    /// Faces drawn without their text, by card, with the deck and size to lay it out for.
    var textless: [Int: (deck: Deck, size: Size)] = [:]

    /// Faces to draw into pixels for the cairo renderer, by card, with the scale to draw them at.
    var unrasterized: [Int: (face: RenderNodeReference, scale: Int)] = [:]

    /// The idle callback doing the put-off work, while it runs.
    var idleWork: UInt32?

    /// A painter for `widget`; the widget redraws when a picture has been decoded.
    init(widget: UnsafeMutablePointer<GtkWidget>) {
        self.widget = widget
        isDark = adw_style_manager_get_dark(adw_style_manager_get_default()) != 0
        images.onDecoded = { [weak self] in
            gtk_widget_queue_draw(widget)
            self?.onShownTextChanged?()
        }
    }

    /// Follows what `session` says of its cards besides their decisions: draws the marks it holds, and draws
    /// again (telling ``onShownTextChanged``) when more arrive or when files go away or come back; `owner`'s
    /// `session.stopObserving(as:)` ends it.
    func follow(_ session: DeckSession, observedAs owner: AnyObject) {
        marks = { [weak session] in session?.shownMarks(of: $0) }
        burst = { [weak session] in session?.burstText(of: $0) }
        // A face's burst text is part of its cache key: the faces it changed are drawn again, the others kept.
        session.observeBursts(as: owner) { [weak self] in
            guard let self else { return }
            gtk_widget_queue_draw(widget)
            onShownTextChanged?()
        }
        // A file moved away shows where it went; moved back, its picture is decoded again.
        images.awayWords = { [weak session] in session?.awayFiles[$0] }
        session.observeFiles(as: owner) { [weak self] paths in
            guard let self else { return }
            images.forget(paths)
            faces.removeAll()
            gtk_widget_queue_draw(widget)
            onShownTextChanged?()
        }
        session.observeMarks(as: owner) { [weak self] cards in
            guard let self else { return }
            gtk_widget_queue_draw(widget)
            onShownTextChanged?()
            onMarksArrived?(cards)
        }
    }

    /// Called with the cards whose marks arrived, after ``onShownTextChanged``.
    var onMarksArrived: (@MainActor (_ cards: [Int]) -> Void)?

    /// `card` as a screen reader names it, with what its picture has told so far.
    func spokenName(of cardIndex: Int, in deck: Deck) -> String {
        let card = deck.cards[cardIndex]
        let spoken = CardShownText.spoken(card, image: images.known(for: card), isPhotoDeck: deck.isPhotoDeck, marks: marks(cardIndex))
        return burst(cardIndex).map { "\(spoken). \($0)" } ?? spoken
    }

    /// Follows the style manager after a switch between light and dark: every face is drawn again.
    func styleChanged() {
        isDark = adw_style_manager_get_dark(adw_style_manager_get_default()) != 0
        faces.removeAll()
    }

    /// Card `cardIndex`'s face at `size` with its picture as far as it is decoded, from the cache or rendered now;
    /// without its text if `text` is false and no face with text is cached.
    private func face(_ cardIndex: Int, of deck: Deck, size: Size, text: Bool = true) -> RenderNodeReference? {
        guard deck.cards.indices.contains(cardIndex) else { return nil }
        let image = images.image(for: deck.cards[cardIndex], size: size, isPhotoDeck: deck.isPhotoDeck)
        return faces.face(for: cardIndex, of: deck, size: size, dark: isDark, image: image, marks: marks(cardIndex), burst: burst(cardIndex), text: text, widget: widget)
    }

    /// Which cards are moving up the stack, for when to draw their faces into pixels.
    private var motion = CardMotionRecord()
    /// Whether the frame under way is drawn by GTK's cairo renderer, which gets images of cards at other scales
    /// and turned cards' shadows as one image.
    private(set) var drawsWithCairo = false

    /// Prepares for a frame: pictures are decoded for the widget's scale factor.
    func beginFrame() {
        images.setScaleFactor(Int(gtk_widget_get_scale_factor(widget)))
        motion.beginFrame()
        drawsWithCairo = RasterNode.drawsWithCairo(widget)
    }

    /// Draws `placements` back to front: each card's cached face under its own transform, then its overlays.
    ///
    /// The face and the stamps go under two separate transforms, so the face's transform node has the cached
    /// face node itself as its child: the GL renderer keys the offscreen it draws a rotated card into by that
    /// child, so a rotated card is re-rendered only when its scale changes, not every frame. Stamps are cached
    /// nodes too, faded per frame. Under cairo a turned card is drawn without its shadow, which goes under it as
    /// one turned image: cairo composites the shadow's turned pieces row by row (2 ms a card; the image under
    /// 0.5 ms).
    ///
    /// A card partly hidden by an opaque card in front (under cairo, a turned one too) is drawn only in the parts
    /// that show (``CardPlacement/visibleParts(under:cornerRadius:margin:countingTurned:)``), each under a clip:
    /// both renderers then skip its text, which sat under the card in front at a scale of its own. A card that
    /// shows none of its text is drawn without it, when no face with text is cached (the three cards behind the
    /// front one at launch), and its text is laid out when the main loop is idle, ready for when it shows.
    ///
    /// The pictures are asked for before anything is drawn: first that of `lookedAt`, the card a person looks at
    /// (by default the one on top, drawn last), then the others front to back.
    func draw(_ placements: [CardPlacement], of deck: Deck, in snapshot: OpaquePointer, lookedAt: Int? = nil) {
        // Pictures decode one at a time, in the order they are asked for: asked for as drawn, back to front, the
        // photo on top came after those of every card under it.
        let lookedAt = lookedAt ?? placements.last?.cardIndex
        func askForPicture(_ placement: CardPlacement) {
            guard deck.cards.indices.contains(placement.cardIndex) else { return }
            _ = images.image(for: deck.cards[placement.cardIndex], size: placement.size, isPhotoDeck: deck.isPhotoDeck)
        }
        if let looked = placements.last(where: { $0.cardIndex == lookedAt }) { askForPicture(looked) }
        for placement in placements.reversed() where placement.cardIndex != lookedAt { askForPicture(placement) }
        for (position, placement) in placements.enumerated() {
            let front = placements[(position + 1)...]
            let parts = placement.visibleParts(under: front, cornerRadius: Double(CardStyle.cornerRadius), margin: CardShadow.shape.reach, countingTurned: drawsWithCairo)
            let text = parts.map { textShows(of: placement, in: $0) } ?? true
            guard let whole = face(placement.cardIndex, of: deck, size: placement.size, text: text) else { continue }
            if !text, !faces.hasText(placement.cardIndex) { completeLater(placement.cardIndex, of: deck, size: placement.size) }
            let face = drawnFace(whole, of: placement, moving: motion.draws(placement.cardIndex, at: placement.scale))
            guard let parts else {
                draw(placement, face: face, of: deck, in: snapshot)
                continue
            }
            for part in parts {
                var clip = graphene_rect_t(part)
                gtk_snapshot_push_clip(snapshot, &clip)
                draw(placement, face: face, of: deck, in: snapshot, showing: part)
                gtk_snapshot_pop(snapshot)
            }
        }
    }

    /// Whether any of `parts` shows where `placement`'s text can be: inside its padding, or anywhere on a
    /// turned card.
    private func textShows(of placement: CardPlacement, in parts: [Rect]) -> Bool {
        guard placement.rotation == 0 else { return true }
        let padding = CardStyle.padding * placement.scale
        let content = placement.bounds.insetBy(dx: padding, dy: padding)
        return parts.contains { $0.intersects(content) }
    }

    /// Draws `face` at `placement` with its stamps; under cairo a turned card's shadow is drawn as one image
    /// (``CardShadow/appendTurned(to:at:)``) and the face without it. Drawn under a clip to `part` (in the
    /// widget's points), an upright card fills only its share of its surface (``CardFace/Pieces``).
    private func draw(_ placement: CardPlacement, face: RenderNodeReference, of deck: Deck, in snapshot: OpaquePointer, showing part: Rect? = nil) {
        let stamps = placement.overlays.filter { $0.value > CardStyle.overlayMinimumOpacity }
        let translucent = placement.opacity < 1
        var drawn = face
        // A fading card fades with its shadow and stamps as one layer.
        if translucent { gtk_snapshot_push_opacity(snapshot, max(0, placement.opacity)) }
        if placement.rotation != 0, drawsWithCairo, let body = faces.body(of: face, for: placement.cardIndex) {
            CardShadow.shared(dark: isDark, scale: Int(gtk_widget_get_scale_factor(widget)), cairo: true).appendTurned(to: snapshot, at: placement)
            drawn = body
        }
        gtk_snapshot_save(snapshot)
        transform(snapshot, to: placement)
        if let part, let area = placement.faceArea(of: part), let pieces = faces.pieces(of: drawn, for: placement.cardIndex) {
            Self.append(pieces, showing: area, in: snapshot)
        } else {
            gtk_snapshot_append_node(snapshot, drawn.node)
        }
        gtk_snapshot_restore(snapshot)
        if !stamps.isEmpty {
            gtk_snapshot_save(snapshot)
            transform(snapshot, to: placement)
            drawStamps(stamps, of: deck, cardSize: placement.size, in: snapshot)
            gtk_snapshot_restore(snapshot)
        }
        if translucent { gtk_snapshot_pop(snapshot) }
    }

    /// What is drawn of `face` at `placement`: the face itself, or under the cairo renderer, for an upright card
    /// drawn smaller or larger (the cards behind the front one, moving up the stack), the face drawn once into
    /// pixels, which pixman scales with SIMD code; cairo would rasterise the face's glyphs again at each new
    /// scale. A turned card is drawn from the face: pixman resamples a turned image on a generic path, slower
    /// than drawing the face again (measured: key bursts p95 11 → 15 ms). So is a card at its own size, whose
    /// text stays as sharp as any.
    ///
    /// A card at rest (``CardMotionRecord``) is drawn into pixels when the main loop is idle, and drawn from its
    /// face until then: drawing a face into pixels costs more than drawing once the parts of it that show (the
    /// three cards behind the front one: 6 ms of the first frame at launch). A `moving` card is drawn into
    /// pixels at once.
    private func drawnFace(_ face: RenderNodeReference, of placement: CardPlacement, moving: Bool) -> RenderNodeReference {
        guard placement.rotation == 0, placement.scale != 1, drawsWithCairo else { return face }
        let scale = Int(gtk_widget_get_scale_factor(widget))
        if let raster = faces.raster(of: face, for: placement.cardIndex, scale: scale) { return raster }
        if moving, let raster = faces.rasterize(face, for: placement.cardIndex, scale: scale) { return raster }
        rasterizeLater(face, for: placement.cardIndex, scale: scale)
        return face
    }

    /// Draws `content` over the card of `placement`, its top-left corner at the origin, turned and scaled with
    /// the card and cut to its rounded outline; `content` is given the card's size.
    func drawOver(_ placement: CardPlacement, in snapshot: OpaquePointer, _ content: (Size) -> Void) {
        gtk_snapshot_save(snapshot)
        transform(snapshot, to: placement)
        var bounds = graphene_rect_t(x: 0, y: 0, width: placement.size.width, height: placement.size.height)
        var outline = GskRoundedRect()
        gsk_rounded_rect_init_from_rect(&outline, &bounds, Float(min(Double(faces.cornerRadius), placement.size.width / 2, placement.size.height / 2)))
        gtk_snapshot_push_rounded_clip(snapshot, &outline)
        content(placement.size)
        gtk_snapshot_pop(snapshot)
        gtk_snapshot_restore(snapshot)
    }

    /// Moves the origin to the placement's top-left corner, turned and scaled about its centre.
    private func transform(_ snapshot: OpaquePointer, to placement: CardPlacement) {
        var center = graphene_point_t(x: Float(placement.center.x), y: Float(placement.center.y))
        gtk_snapshot_translate(snapshot, &center)
        if placement.rotation != 0 {
            gtk_snapshot_rotate(snapshot, Float(placement.rotation * 180 / .pi))
        }
        if placement.scale != 1 {
            gtk_snapshot_scale(snapshot, Float(placement.scale), Float(placement.scale))
        }
        var corner = graphene_point_t(x: Float(-placement.size.width / 2), y: Float(-placement.size.height / 2))
        gtk_snapshot_translate(snapshot, &corner)
    }

    /// Appends a face's `pieces` for the part of it inside `area` (the face's points): its shadow, the share of
    /// its surface's middle inside `area`, and the rest of the card over them. The caller clips to `area`.
    private static func append(_ pieces: CardFace.Pieces, showing area: Rect, in snapshot: OpaquePointer) {
        if let shadow = pieces.shadow { gtk_snapshot_append_node(snapshot, shadow.node) }
        if let shown = pieces.surface.intersection(area) {
            var color = pieces.color
            var rect = graphene_rect_t(shown)
            gtk_snapshot_append_color(snapshot, &color, &rect)
        }
        gtk_snapshot_append_node(snapshot, pieces.rest.node)
    }

    private func drawStamps(_ stamps: [SwipeDirection: Double], of deck: Deck, cardSize: Size, in snapshot: OpaquePointer) {
        for (direction, opacity) in stamps {
            let text = deck.label(for: direction).uppercased()
            guard let stamp = faces.stamp(direction, text: text, cardSize: cardSize, make: { CardStamp.render(direction, text: text, cardSize: cardSize, widget: widget) }) else {
                continue
            }
            gtk_snapshot_push_opacity(snapshot, opacity)
            gtk_snapshot_append_node(snapshot, stamp.node)
            gtk_snapshot_pop(snapshot)
        }
    }

    /// Draws card `cardIndex`'s face, `size` big, with its top-left corner at `origin`, squeezed to
    /// `narrowing` of its width about its centre, cut above `clipTop` when given (a card partly under another),
    /// faded to `opacity`.
    ///
    /// Only a plain transform and an axis-aligned clip: the GL renderer draws both directly, where a rounded
    /// clip or a narrower face would send every frame of a cascade through offscreen rendering or new text
    /// layout.
    func drawCard(
        _ cardIndex: Int,
        of deck: Deck,
        size: Size,
        at origin: Point,
        narrowing: Double = 1,
        clipTop: Double? = nil,
        opacity: Double = 1,
        in snapshot: OpaquePointer
    ) {
        guard opacity > 0, let face = face(cardIndex, of: deck, size: size) else { return }
        gtk_snapshot_save(snapshot)
        if opacity < 1 { gtk_snapshot_push_opacity(snapshot, opacity) }
        if let clipTop {
            // Wide and deep enough for the face's shadow below and beside it; only the top edge cuts.
            let shadowRoom = CardShadow.shape.reach
            var bounds = graphene_rect_t(
                x: origin.x - shadowRoom, y: clipTop,
                width: size.width + 2 * shadowRoom, height: origin.y + size.height - clipTop + shadowRoom
            )
            gtk_snapshot_push_clip(snapshot, &bounds)
        }
        var corner = graphene_point_t(x: Float(origin.x + size.width * (1 - narrowing) / 2), y: Float(origin.y))
        gtk_snapshot_translate(snapshot, &corner)
        if narrowing != 1 { gtk_snapshot_scale(snapshot, Float(narrowing), 1) }
        if let clipTop, let pieces = faces.pieces(of: face, for: cardIndex) {
            // The face below the cut, in the face's points.
            let top = clipTop - origin.y
            Self.append(pieces, showing: Rect(x: 0, y: top, width: size.width, height: max(0, size.height - top)), in: snapshot)
        } else {
            gtk_snapshot_append_node(snapshot, face.node)
        }
        if clipTop != nil { gtk_snapshot_pop(snapshot) }
        if opacity < 1 { gtk_snapshot_pop(snapshot) }
        gtk_snapshot_restore(snapshot)
    }

    /// Renders card `cardIndex`'s face at `size` into the cache now, if it is not there, so the frame that
    /// first shows it does not pay for laying out its text. Returns whether it rendered one.
    @discardableResult
    func prepareFace(_ cardIndex: Int, of deck: Deck, size: Size) -> Bool {
        guard deck.cards.indices.contains(cardIndex) else { return false }
        let image = images.image(for: deck.cards[cardIndex], size: size, isPhotoDeck: deck.isPhotoDeck)
        return faces.prepare(for: cardIndex, of: deck, size: size, dark: isDark, image: image, marks: marks(cardIndex), burst: burst(cardIndex),
                             widget: widget)
    }
}
