// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import CardStackCore
import Foundation
import GtkSupport
import Translation

/// A photo enlarged to check its focus, over the pages: it grows from its place on the card to 100 % at the
/// pointer, pans under a drag, follows a pinch and Ctrl+scroll, and shrinks back on Z, Escape or a double
/// click; an arrow key decides the photo as on the deck.
///
/// It shows the picture the card already has at once, enlarged, and meanwhile decodes the whole image (a RAW's
/// whole preview) in the background; only one full-size picture is held, and it is let go when the view closes.
@MainActor
public final class PhotoZoomView: CustomWidgetDelegate {
    /// The registered widget class, CSS name `photozoom`.
    static let type = CustomWidgetType(name: "CardStackPhotoZoomView", cssName: "photozoom", accessibleRole: GTK_ACCESSIBLE_ROLE_IMG)

    /// The GTK widget, hidden until a photo is zoomed; unowned, because the widget owns this object.
    public let widget: UnsafeMutablePointer<GtkWidget>
    /// Called with the direction of an arrow key pressed while zoomed: the view has closed at once, and the deck
    /// decides its front card.
    public var onDecide: (@MainActor (SwipeDirection) -> Void)?
    /// Called when two fingers come down (on the screen or the touchpad) at a point of this view while no photo
    /// is zoomed: answers whether it presented the photo there, which the pinch then zooms.
    public var onPinchToOpen: (@MainActor (Point) -> Bool)?
    /// What had the focus before the photo was zoomed, given it back when the view closes.
    private var focusBefore: ObjectReference<UnsafeMutablePointer<GtkWidget>>?

    let signals = SignalGroup()
    private(set) lazy var clock = FrameDriver(widget: widget)
    /// The zoom of the photo on show; nil while nothing is.
    var zoom: PhotoZoom?
    /// The photo on show.
    var photo: Photo?
    /// Whether motion is animated (the desktop's "animations" setting).
    private var animationsEnabled = true
    /// Whether the photo is on its way back to its card to close the view (Z, Escape, a double click, a pinch let
    /// go small); a photo just taken from its card for a pinch is home too, and stays open.
    var closesAtHome = false

    /// What is on show: the file, its name, the picture drawn (the card's until the full one arrives).
    struct Photo {
        var path: String
        var name: String
        var picture: ObjectReference<OpaquePointer>?
        var isFull = false
    }

    /// Pixels a full-size picture may have: 64 MP is 256 MB at 4 bytes a pixel, the one large picture held; a
    /// larger photo is decoded down to it (a 100 MP file at 80 % each way still shows focus).
    static let fullPicturePixelLimit = 64_000_000.0

    /// Creates the hidden view; add ``widget`` over the pages.
    public init() {
        widget = Self.type.instantiate()
        CustomWidgetType.attach(self, to: widget)
        gtk_widget_set_focusable(widget, 1)
        gtk_widget_set_hexpand(widget, 1)
        gtk_widget_set_vexpand(widget, 1)
        gtk_widget_set_visible(widget, 0)
        DisplaySettings.followAnimations(with: signals) { [weak self] enabled in
            self?.animationsEnabled = enabled
            self?.zoom?.animationsEnabled = enabled
        }
    }

    /// Whether a photo is on show.
    public var isShowing: Bool { zoom != nil }

    /// Zooms the photo at `path` (titled `name`, `pixelSize` pixels upright) to 100 % at `point` (the view's
    /// centre when nil, as for the key), growing from `home` (its place on the card, in this view's points) and
    /// showing `picture` (the card's) until the full-size one is decoded. With `zoomingIn` false the photo stays
    /// where it is, for a pinch to take on. `raw` is the RAW of a RAW+JPEG pair, whose preview is shown if the
    /// JPEG can't be.
    func present(
        path: String, raw: String? = nil, name: String, pixelSize: Size, picture: ObjectReference<OpaquePointer>?, home: PhotoZoom.View?,
        at point: Point?, zoomingIn: Bool = true
    ) {
        // The view covers its parent (the overlay over the pages); hidden until now, it has no size of its own yet.
        let cover = gtk_widget_get_parent(widget) ?? widget
        let size = Size(width: Double(gtk_widget_get_width(cover)), height: Double(gtk_widget_get_height(cover)))
        var zoom = PhotoZoom(viewSize: size, imageSize: pixelSize, pixelsPerPoint: Double(max(1, gtk_widget_get_scale_factor(widget))),
                             home: home, time: clock.now)
        zoom.animationsEnabled = animationsEnabled
        if zoomingIn { zoom.toggle(around: point, at: clock.now) }
        self.zoom = zoom
        closesAtHome = false
        photo = Photo(path: path, name: name, picture: picture)
        gtk_widget_set_visible(widget, 1)
        if focusBefore == nil, let root = gtk_widget_get_root(widget), let focus = gtk_root_get_focus(root), focus != widget {
            focusBefore = ObjectReference(retaining: focus)
        }
        gtk_widget_grab_focus(widget)
        decodeFullPicture(of: path, orRaw: raw, pixelSize: pixelSize)
        updateAccessibleLabel()
        changed()
        Trace.log("zoom: in \(name)")
    }

    /// Shrinks the photo back to its card, then hides the view; at once when `animated` is false.
    public func close(animated: Bool = true) {
        guard var zoom else { return }
        if animated && animationsEnabled {
            zoom.returnHome(at: clock.now)
            self.zoom = zoom
            closesAtHome = true
            changed()
        } else {
            finishClosing()
        }
    }

    /// Hides the view and lets the full-size picture go.
    private func finishClosing() {
        guard zoom != nil else { return }
        zoom = nil
        photo = nil
        clock.stop()
        gtk_widget_set_visible(widget, 0)
        Trace.log("zoom: out")
        if let focus = focusBefore?.pointer, gtk_widget_get_root(focus) != nil, gtk_widget_get_mapped(focus) != 0 {
            gtk_widget_grab_focus(focus)
        }
        focusBefore = nil
    }

    /// Decodes the whole image in the background; it takes over from the card's picture if the same photo is
    /// still on show.
    private func decodeFullPicture(of path: String, orRaw raw: String?, pixelSize: Size) {
        let pixels = pixelSize.width * pixelSize.height
        let shrink = pixels > Self.fullPicturePixelLimit ? (Self.fullPicturePixelLimit / pixels).squareRoot() : 1
        ImageDecoder.decodePhoto(at: path, orRaw: raw, width: Int(pixelSize.width * shrink), height: Int(pixelSize.height * shrink)) { [weak self] result, _ in
            guard let self, photo?.path == path, case .success(let picture) = result else { return }
            photo?.picture = picture.texture
            photo?.isFull = true
            gtk_widget_queue_draw(widget)
            Trace.log("zoom: full picture \(gdk_texture_get_width(picture.texture.pointer)) × \(gdk_texture_get_height(picture.texture.pointer))")
        }
    }

    /// Redraws, and runs the clock while the photo moves; a photo back home closes the view.
    func changed() {
        gtk_widget_queue_draw(widget)
        guard let zoom else { return }
        if zoom.isAnimating(at: clock.now) {
            clock.run { [weak self] time in self?.tick(time) ?? false }
        } else if closesAtHome && zoom.isReturningHome {
            finishClosing()
        }
        updateAccessibleLabel()
    }

    private func tick(_ time: Microseconds) -> Bool {
        gtk_widget_queue_draw(widget)
        guard let zoom, zoom.isAnimating(at: time) else {
            if closesAtHome && zoom?.isReturningHome == true { finishClosing() }
            updateAccessibleLabel()
            return false
        }
        return true
    }

    /// "IMG_0001.JPG at 100 %": what a screen reader says of the view, as the photo's size is on screen.
    private func updateAccessibleLabel() {
        guard let zoom, let photo else { return }
        let percent = Int((zoom.view(at: clock.now).scale / zoom.actualScale * 100).rounded())
        cs_accessible_set_label(OpaquePointer(widget), String(format: tr("%@ at %ld %%"), photo.name, percent))
    }

    // MARK: - CustomWidgetDelegate

    public func sizeAllocate(width: Int32, height: Int32, baseline: Int32) {
        guard var zoom else { return }
        zoom.resize(to: Size(width: Double(width), height: Double(height)), at: clock.now)
        self.zoom = zoom
    }

    public func snapshot(_ snapshot: OpaquePointer) {
        draw(in: snapshot)
    }

    public func keyPressed(keyval: UInt32, keycode: UInt32, modifiers: GdkModifierType) -> Bool {
        handleKey(keyval, modifiers: modifiers)
    }

    public func dispose() {
        clock.stop()
        signals.disconnectAll()
        onDecide = nil
        onPinchToOpen = nil
    }
}
