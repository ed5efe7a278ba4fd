// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import CardStackCore
import GtkSupport

extension SheetHost {
    /// Draws the pages, the scrim, and the sheets bottom first, each with its shadow and each covered sheet
    /// darkened; each only where no sheet above it hides it.
    ///
    /// A renderer draws every pixel of every layer, hidden or not, and GTK 4.8's GL renderer draws the whole of a
    /// node that a clip cuts, testing each pixel against the clip: twelve window-sized fills under a clip to a
    /// quarter of the window took 2 ms each on llvmpipe, unclipped 0.85 ms. So what the host draws itself (the
    /// scrim, each sheet's shadow, background and darkening) is drawn as the pieces that show, and what the pages
    /// and each sheet's content draw goes under a clip for each piece the largest sheet above leaves
    /// (``drawVisible(_:under:in:_:)``), which leaves out their nodes lying wholly beneath it.
    public func snapshot(_ snapshot: OpaquePointer) {
        let time = frameTime
        let whole = Rect(x: 0, y: 0, width: size.width, height: size.height)
        let outlines = frames.indices.map { outline(of: $0, at: time) }
        let covers = outlines.map { $0.flatMap(Self.opaqueBody) }
        let allCovers = covers.compactMap { $0 }
        let pageParts = whole.subtracting(allCovers)
        drawPrepared(in: snapshot)
        drawVisible(whole, under: allCovers, in: snapshot) { gtk_widget_snapshot_child(widget, content, snapshot) }
        let scrim = stack.scrimOpacity(at: time, dark: isDark)
        if scrim > 0.001 {
            var black = GdkRGBA(red: 0, green: 0, blue: 0, alpha: Float(scrim))
            for part in pageParts {
                var bounds = graphene_rect_t(part)
                gtk_snapshot_append_color(snapshot, &black, &bounds)
            }
        }
        // With no sheet open (a launch), the sheets' shadow is not made: blurred and cut into pieces, 1.3 ms of
        // the first frame here.
        guard let first = frames.first else { return }
        // The window's background, as the style sheet has it (light, dark or high contrast).
        var background = GdkRGBA()
        if gtk_style_context_lookup_color(gtk_widget_get_style_context(first.widget), "window_bg_color", &background) == 0 {
            background = isDark ? GdkRGBA(red: 0.14, green: 0.14, blue: 0.14, alpha: 1) : GdkRGBA(red: 0.98, green: 0.98, blue: 0.98, alpha: 1)
        }
        let shadow = SheetShadow.shared(scale: Int(gtk_widget_get_scale_factor(widget)), cairo: RasterNode.drawsWithCairo(widget))
        for (index, frame) in frames.enumerated() {
            let above = covers[(index + 1)...].compactMap { $0 }
            guard let outline = outlines[index] else {
                drawVisible(whole, under: above, in: snapshot) { gtk_widget_snapshot_child(widget, frame.widget, snapshot) }
                continue
            }
            let reach = shadow.shape.reach
            let shows = outline.bounds.insetBy(dx: -reach, dy: -reach).subtracting(above)
            let sheetParts = outline.bounds.subtracting(above)
            gtk_snapshot_save(snapshot)
            var origin = graphene_point_t(x: Float(outline.bounds.minX), y: Float(outline.bounds.minY))
            gtk_snapshot_translate(snapshot, &origin)
            shadow.append(to: snapshot, size: outline.bounds.size, only: shows.map { $0.offsetBy(dx: -outline.bounds.minX, dy: -outline.bounds.minY) })
            gtk_snapshot_restore(snapshot)
            fill(outline, with: background, within: sheetParts, to: snapshot)
            drawVisible(outline.bounds, under: above, in: snapshot) { gtk_widget_snapshot_child(widget, frame.widget, snapshot) }
            let dim = SheetTuning.coveredDim * stack.coverage(of: index, at: time)
            if dim > 0.001 { fill(outline, with: GdkRGBA(red: 0, green: 0, blue: 0, alpha: Float(dim)), within: sheetParts, to: snapshot) }
        }
    }

    /// Sheet `index`'s outline in the host's coordinates, once a frame for every layer that needs it: its bounds
    /// (scaled back when covered) down to the window's bottom, which a spring's overshoot lifts the sheet's
    /// content above, and the radius of its top corners, scaled with it.
    private func outline(of index: Int, at time: Microseconds) -> (bounds: Rect, radius: Double)? {
        var bounds = graphene_rect_t()
        guard gtk_widget_compute_bounds(frames[index].widget, widget, &bounds) != 0 else { return nil }
        let top = Double(bounds.origin.y)
        // Side edges are placed on whole pixels, and come back through the transform's floats a few millionths
        // off them, which would leave a hair-thin part of the sheet beneath to draw beside each edge.
        let pixels = pixelsPerPoint
        func snapped(_ x: Float) -> Double {
            let whole = (Double(x) * pixels).rounded()
            return abs(Double(x) * pixels - whole) < 1e-3 ? whole / pixels : Double(x)
        }
        let left = snapped(bounds.origin.x), right = snapped(bounds.origin.x + bounds.size.width)
        let rect = Rect(x: left, y: top, width: right - left, height: max(Double(bounds.size.height), size.height - top))
        return (rect, SheetTuning.cornerRadius * placementScale(of: index, at: time))
    }

    /// Fills what shows of a sheet's `outline` (rounded at the top), the rectangles `shown`, with `color`: its
    /// background, or the darkening of a covered sheet. A rounded clip round the whole sheet made GL on llvmpipe
    /// shade every pixel of it against the outline in every frame (``RoundedFill``).
    private func fill(_ outline: (bounds: Rect, radius: Double), with color: GdkRGBA, within shown: [Rect], to snapshot: OpaquePointer) {
        RoundedFill.append(
            outline.bounds, radius: outline.radius, roundsBottom: false, color: color, within: shown,
            scale: pixelsPerPoint, to: snapshot
        )
    }

    /// Runs `layer`, which draws within `area`, under a clip to each piece of `area` that the largest of
    /// `covers` leaves (at most four, usually one to three), or unclipped when no cover reaches it.
    ///
    /// The renderer leaves out a node wholly outside a clip, and draws the whole of one that a clip cuts, once
    /// for every clip that cuts it: a clip for each of the many slivers the covers together leave (nine with
    /// three sheets open) drew the page's cards nine times, and one clip round all of them left out nothing.
    private func drawVisible(_ area: Rect, under covers: [Rect], in snapshot: OpaquePointer, _ layer: () -> Void) {
        guard let largest = covers.filter({ $0.intersects(area) }).max(by: { $0.width * $0.height < $1.width * $1.height }) else {
            layer()
            return
        }
        for part in area.subtracting(largest) {
            var clip = graphene_rect_t(part)
            gtk_snapshot_push_clip(snapshot, &clip)
            layer()
            gtk_snapshot_pop(snapshot)
        }
    }

    /// Where a sheet of `outline` hides whatever lies beneath it: its body below the rounded top corners, on
    /// whole points (rounded in, so parts cut round it meet on pixel edges and leave no antialiased seam).
    private static func opaqueBody(_ outline: (bounds: Rect, radius: Double)) -> Rect? {
        let sheet = outline.bounds
        let body = Rect(x: sheet.minX, y: sheet.minY + outline.radius, width: sheet.width, height: sheet.height - outline.radius)
            .rounded(outward: false)
        return body.width > 0 && body.height > 0 ? body : nil
    }
}
