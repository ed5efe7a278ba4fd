// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import CardStackCore
import Foundation
import GtkSupport
import Translation

/// A burst's duel, over the pages: two frames side by side (one above the other in a portrait window), the
/// sharpest first on the left. ← or a tap on the left photo keeps it, → or a tap on the right one keeps that; the
/// other is skipped, and the one kept meets the next frame, until one is left. Each choice is one step, which
/// Ctrl+Z takes back; Escape or Done leaves with the rest undecided.
///
/// Z, a pinch and Ctrl+scroll zoom both frames at the same image point, and a drag pans both, so focus is
/// compared like for like. The pair is read from the deck's progress (``BurstDuel``), so an undo made anywhere
/// shows the pair it brings back.
@MainActor
public final class BurstDuelView: CustomWidgetDelegate {
    /// The registered widget class of the frames' area, CSS name `burstduel`.
    static let type = CustomWidgetType(name: "CardStackBurstDuelView", cssName: "burstduel", accessibleRole: GTK_ACCESSIBLE_ROLE_GROUP)

    /// The whole duel: its bar (Undo, the choice, Done) above the frames; hidden until a duel begins.
    public let root: UnsafeMutablePointer<GtkWidget>
    /// The frames' area; unowned, because the widget owns this object.
    public let widget: UnsafeMutablePointer<GtkWidget>
    let title: UnsafeMutablePointer<GtkWidget>
    let undoButton: UnsafeMutablePointer<GtkWidget>
    /// Told when the duel ends: left (`settled` false) or settled, with the frame kept.
    public var onEnd: (@MainActor (_ kept: Int?) -> Void)?

    let signals = SignalGroup()
    private(set) lazy var clock = FrameDriver(widget: widget)
    /// The open deck; nil while no duel is on.
    private(set) var session: DeckSession?
    /// The duel on show.
    private(set) var duel: BurstDuel?
    /// The zoom both frames share, for the left frame's pane and picture size; nil until the left frame is decoded.
    var zoom: PhotoZoom?
    /// The frames' pictures, by card: the pair on show and the next frame, decoded ahead.
    var pictures: [Int: Picture] = [:]
    private var decoding: Set<Int> = []
    /// The pane size the pictures were last decoded for.
    private var decodedFor: Size?
    /// What the last change was (a choice, an undo), said before the new pair.
    private var lastChoice = ""
    /// The choice being made, in words, until its change is heard.
    private var choiceSaid: String?
    /// What had the focus before the duel, given back when it ends.
    private var focusBefore: ObjectReference<UnsafeMutablePointer<GtkWidget>>?
    /// Whether motion is animated.
    private var animationsEnabled = true
    /// How many pinches have begun: a drag during which one began is no tap or swipe.
    var pinches = 0
    /// The frame the choice being made keeps, when it is the last.
    private var keptByLastChoice: Int?
    /// The pair last reported drawn, so the trace says each pair once.
    private var reportedPair: [Int] = []

    /// A frame's picture and its size upright, in pixels.
    struct Picture {
        var texture: ObjectReference<OpaquePointer>
        var size: Size
        var isFull: Bool
    }

    /// Creates the hidden duel; add ``root`` over the pages.
    public init() {
        widget = Self.type.instantiate()
        root = created(gtk_box_new(GTK_ORIENTATION_VERTICAL, 0))
        title = created(gtk_label_new(nil))
        undoButton = created(gtk_button_new_from_icon_name("edit-undo-symbolic"))
        CustomWidgetType.attach(self, to: widget)
        gtk_widget_set_focusable(widget, 1)
        gtk_widget_set_hexpand(widget, 1)
        gtk_widget_set_vexpand(widget, 1)
        let bar = created(gtk_center_box_new())
        gtk_widget_add_css_class(bar, "toolbar")
        gtk_widget_add_css_class(root, "burst-duel")
        gtk_label_set_ellipsize(OpaquePointer(title), PANGO_ELLIPSIZE_END)
        gtk_widget_add_css_class(title, "heading")
        gtk_widget_set_tooltip_text(undoButton, tr("Undo the Last Choice"))
        cs_accessible_set_label(OpaquePointer(undoButton), tr("Undo the last choice"))
        let done = mnemonicButton(tr("_Done"))
        gtk_widget_add_css_class(done, "suggested-action")
        gtk_center_box_set_start_widget(OpaquePointer(bar), undoButton)
        gtk_center_box_set_center_widget(OpaquePointer(bar), title)
        gtk_center_box_set_end_widget(OpaquePointer(bar), done)
        gtk_box_append(root.cast(), bar)
        gtk_box_append(root.cast(), widget)
        gtk_widget_set_visible(root, 0)
        signals.connect(undoButton.raw, .void("clicked")) { [weak self] in self?.session?.undo() }
        signals.connect(done.raw, .void("clicked")) { [weak self] in self?.close() }
        DisplaySettings.followAnimations(with: signals) { [weak self] enabled in
            self?.animationsEnabled = enabled
            self?.zoom?.animationsEnabled = enabled
        }
    }

    /// Whether a duel is on.
    public var isShowing: Bool { duel != nil }

    /// Begins the duel of `frames` (best first) of `session`'s deck, from the first two undecided.
    public func present(_ frames: [Int], of session: DeckSession) {
        let duel = BurstDuel(frames: frames)
        guard duel.pair(in: session.progress) != nil else { return }
        self.session = session
        self.duel = duel
        lastChoice = ""
        zoom = nil
        session.observe(as: self) { [weak self] change, _ in self?.progressChanged(change) }
        gtk_widget_set_visible(root, 1)
        if focusBefore == nil, let window = gtk_widget_get_root(widget), let focus = gtk_root_get_focus(window), focus != widget {
            focusBefore = ObjectReference(retaining: focus)
        }
        gtk_widget_grab_focus(widget)
        Trace.log("duel: \(frames.count) frames, \(duel.choicesLeft(in: session.progress)) choices, order \(frames.map(String.init).joined(separator: " "))")
        pairChanged()
    }

    /// Ends the duel, the frames not yet chosen left undecided.
    public func close() {
        end(kept: nil)
    }

    private func end(kept: Int?) {
        guard duel != nil else { return }
        session?.stopObserving(as: self)
        session = nil
        duel = nil
        zoom = nil
        pictures.removeAll()
        decoding.removeAll()
        reportedPair = []
        clock.stop()
        gtk_widget_set_visible(root, 0)
        Trace.log("duel: ended\(kept.map { ", kept \($0)" } ?? "")")
        if let focus = focusBefore?.pointer, gtk_widget_get_root(focus) != nil, gtk_widget_get_mapped(focus) != 0 {
            gtk_widget_grab_focus(focus)
        }
        focusBefore = nil
        onEnd?(kept)
    }

    /// The pair on show, the kept frame left.
    var pair: (left: Int, right: Int)? {
        guard let duel, let session else { return nil }
        return duel.pair(in: session.progress)
    }

    /// Keeps `side`'s frame: the other is skipped, as one step; the last choice keeps the kept frame too and
    /// ends the duel.
    func choose(_ side: BurstDuel.Side) {
        guard let duel, let session, let (left, right) = duel.pair(in: session.progress),
              let decisions = duel.decisions(keeping: side, in: session.progress) else { return }
        let (kept, skipped) = side == .left ? (left, right) : (right, left)
        let deck = session.deck
        choiceSaid = String(format: tr("Kept %1$@, skipped %2$@. "), deck.cards[kept].shownTitle, deck.cards[skipped].shownTitle)
        Trace.log("duel: kept \(deck.cards[kept].id), skipped \(deck.cards[skipped].id)")
        // The last choice settles the burst: the change it makes ends the duel, with the frame kept.
        keptByLastChoice = decisions.count == 2 ? kept : nil
        session.settle(decisions)
        keptByLastChoice = nil
        choiceSaid = nil
    }

    /// Any change to the deck: the pair may be another (a choice, an undo, a frame decided elsewhere).
    private func progressChanged(_ change: ProgressChange) {
        guard let duel, let session else { return }
        // What happened is said before the pair: the choice just made, or what an undo or a redo took or made.
        switch change {
        case .did: lastChoice = choiceSaid ?? ""
        case .undid(let step): lastChoice = UndoSpeech.undone(step, in: session.deck)
        case .redid(let step): lastChoice = UndoSpeech.redone(step, in: session.deck)
        case .shifted, .reordered: break
        }
        if duel.pair(in: session.progress) == nil { return end(kept: keptByLastChoice) }
        pairChanged()
    }

    /// Shows the pair now on show: decodes what isn't yet, and forgets frames no longer near.
    private func pairChanged() {
        guard let duel, let session, let (left, right) = duel.pair(in: session.progress) else { return }
        let next = duel.frames.filter(session.progress.isUpcoming).dropFirst(2).first
        let wanted = Set([left, right] + (next.map { [$0] } ?? []))
        pictures = pictures.filter { wanted.contains($0.key) }
        for card in [left, right] + (next.map { [$0] } ?? []) { decode(card, full: false) }
        if zoom?.isZoomedIn == true { for card in [left, right] { decode(card, full: true) } }
        resetZoomIfNeeded()
        let number = duel.choiceNumber(in: session.progress)
        let total = duel.frames.count - 1
        gtk_label_set_text(OpaquePointer(title), String(format: tr("Burst · Choice %1$ld of %2$ld"), number, total))
        gtk_widget_set_sensitive(undoButton, session.progress.canUndo ? 1 : 0)
        updateAccessibleLabel()
        gtk_widget_queue_draw(widget)
    }

    /// The zoom for the pane's size and the left picture's: zoomed in, the same one (a burst's frames share a size);
    /// else a new one, fitted, when either changed.
    func resetZoomIfNeeded() {
        guard let (left, _) = pair, let picture = pictures[left] else { return }
        let pane = DuelLayout(viewSize: viewSize).first.size
        guard pane.width > 0, pane.height > 0 else { return }
        if let zoom, zoom.viewSize == pane, zoom.imageSize == picture.size { return }
        if var zoom, zoom.isZoomedIn, zoom.imageSize == picture.size {
            // Zoomed in, a new pair (or a resized pane) keeps the same image point where it was.
            zoom.resize(to: pane, at: clock.now)
            self.zoom = zoom
            return
        }
        var fresh = PhotoZoom(viewSize: pane, imageSize: picture.size, pixelsPerPoint: Double(max(1, gtk_widget_get_scale_factor(widget))), time: clock.now)
        fresh.animationsEnabled = animationsEnabled
        zoom = fresh
    }

    /// The frames' area's size, in points.
    var viewSize: Size { Size(width: Double(gtk_widget_get_width(widget)), height: Double(gtk_widget_get_height(widget))) }

    /// The pane size pictures are decoded for: the frames' area's once it has one; just shown, it has none yet, and
    /// the area it is about to cover (the pages under the duel) stands in.
    private var decodingPane: Size {
        var size = viewSize
        if size.width < 1 || size.height < 1, let cover = gtk_widget_get_parent(root) {
            size = Size(width: Double(gtk_widget_get_width(cover)), height: Double(gtk_widget_get_height(cover)))
        }
        return DuelLayout(viewSize: size).first.size
    }

    /// Decodes frame `card`'s photo for its pane (`full`: whole, for a zoom in) unless it is or is being decoded
    /// (`again`: for a larger pane); the picture it has stays on show meanwhile.
    func decode(_ card: Int, full: Bool, again: Bool = false) {
        guard let session, !decoding.contains(card), again || (pictures[card].map({ full && !$0.isFull }) ?? true) else { return }
        let photo = session.deck.cards[card]
        guard let path = photo.imagePath ?? photo.rawPath else { return }
        decoding.insert(card)
        decodedFor = decodingPane
        let scale = Double(max(1, gtk_widget_get_scale_factor(widget)))
        let pane = decodingPane
        let fitted = (width: Int(max(320, pane.width) * scale), height: Int(max(320, pane.height) * scale))
        // A whole photo, up to the zoom's limit; the card's pane size until the zoom asks for more.
        let box = full ? (width: 12_000, height: 12_000) : fitted
        ImageDecoder.decodePhoto(at: path, orRaw: photo.imagePath == nil ? nil : photo.rawPath, width: box.width, height: box.height, fit: .contain) { [weak self] result, _ in
            guard let self else { return }
            decoding.remove(card)
            guard self.session === session, case .success(let picture) = result else { return }
            pictures[card] = Picture(texture: picture.texture, size: Size(width: Double(picture.pixelWidth), height: Double(picture.pixelHeight)), isFull: full)
            resetZoomIfNeeded()
            gtk_widget_queue_draw(widget)
        }
    }

    /// "Choice 2 of 4: left, IMG_0002.JPG, sharpest; right, IMG_0003.JPG", after what the last choice did.
    private func updateAccessibleLabel() {
        guard let duel, let session, let (left, right) = duel.pair(in: session.progress) else { return }
        func name(_ card: Int) -> String {
            let title = session.deck.cards[card].shownTitle
            return session.bursts.isSharpest(card) ? String(format: tr("%@, sharpest"), title) : title
        }
        cs_accessible_set_label(OpaquePointer(widget), lastChoice + String(format: tr("Choice %1$ld of %2$ld: left, %3$@; right, %4$@"),
                                                                           duel.choiceNumber(in: session.progress), duel.frames.count - 1, name(left), name(right)))
        AccessibleDescription.set(widget, tr("Left arrow keeps the left photo and right arrow the right one; the other is skipped. Z zooms both, Escape leaves."))
    }

    /// Redraws, and runs the clock while the zoom moves.
    func changed() {
        gtk_widget_queue_draw(widget)
        guard let zoom, zoom.isAnimating(at: clock.now) else { return }
        clock.run { [weak self] time in
            guard let self else { return false }
            gtk_widget_queue_draw(widget)
            return self.zoom?.isAnimating(at: time) == true
        }
    }

    /// Notes in the trace the first frame that draws both pictures of a pair: what the benchmark times a choice to.
    func reportDrawn(_ left: Int, _ right: Int) {
        guard reportedPair != [left, right] else { return }
        reportedPair = [left, right]
        Trace.log("duel: pair drawn \(left) \(right)")
    }

    // MARK: - CustomWidgetDelegate

    public func sizeAllocate(width: Int32, height: Int32, baseline: Int32) {
        // A pane grown past what its pictures were decoded for (a window made larger) gets them again.
        let pane = DuelLayout(viewSize: Size(width: Double(width), height: Double(height))).first.size
        if let decodedFor, pane.width > decodedFor.width * 1.25 || pane.height > decodedFor.height * 1.25, let (left, right) = pair {
            for card in [left, right] where pictures[card]?.isFull == false { decode(card, full: false, again: true) }
        }
        guard var zoom else { return resetZoomIfNeeded() }
        zoom.resize(to: DuelLayout(viewSize: Size(width: Double(width), height: Double(height))).first.size, at: clock.now)
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
        session?.stopObserving(as: self)
        onEnd = nil
    }
}
