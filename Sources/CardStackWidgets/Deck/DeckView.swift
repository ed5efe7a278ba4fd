// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import CGtk
import CardStackCore
import GtkSupport
import Translation

/// The deck widget: a stack of cards drawn with `GtkSnapshot`, the front one swiped by drag, touchpad or keys.
///
/// It is a `GtkWidget` subclass (``DeckView/type``) whose instance owns this object. Input is forwarded with its
/// time to the core's ``DeckInteraction``; drawing shows the placements it computes for the frame time.
@MainActor
public final class DeckView: CustomWidgetDelegate {
    /// The registered widget class, CSS name `deck`.
    static let type = CustomWidgetType(name: "CardStackDeckView", cssName: "deck", accessibleRole: GTK_ACCESSIBLE_ROLE_GROUP)

    /// The GTK widget; unowned, because the widget owns this object.
    public let widget: UnsafeMutablePointer<GtkWidget>

    /// The open deck and its decisions, shared with the other pages.
    public let session: DeckSession
    /// Called after every frame that ends an animation, and after every change, so observers can update.
    public var onUpdate: (@MainActor () -> Void)?
    /// Called with the front card when it is clicked or tapped (pressed and released without a drag), or Enter
    /// is pressed: show its details.
    public var onActivateCard: (@MainActor (Int) -> Void)?
    /// Called with a photo card to zoom into, and the point (in this widget) to zoom at, nil for the centre: a
    /// double tap or the Z key on a photo deck.
    public var onZoom: (@MainActor (_ card: Int, _ point: Point?) -> Void)?
    /// Called when I is pressed on a photo deck: the shooting data's overlay comes or goes.
    public var onToggleShootingData: (@MainActor () -> Void)?
    /// Whether a rating key moves on to the next photo, sending the rated one to the back (a Preferences switch).
    public var movesOnAfterRating = false
    /// A tap on a photo card waiting for a second one.
    var pendingTap: PendingTap?
    /// The taps on the deck, to tell a double tap.
    var taps = DoubleClick()
    /// Where the pointer is over the deck, nil when it is elsewhere.
    var pointer: Point?
    /// The front card's video or Live Photo motion while it plays in the card's place.
    var playback: VideoPlayback?
    /// Whether the press under way started a video by being held: its release stops it, and is no tap.
    var playsWhileHeld = false
    /// Called with a video's name and why it can't play: the window says it.
    public var onVideoProblem: (@MainActor (_ name: String, _ reason: String) -> Void)?
    /// Whether the trace has said that a photo, not its placeholder, was drawn at the front.
    private var reportedFrontPhoto = false

    /// The deck, its decisions and everything in motion.
    public internal(set) var interaction: DeckInteraction

    let signals = SignalGroup()
    /// Draws the cards, with their faces and pictures cached.
    let painter: CardPainter
    /// The clock the deck moves by.
    private(set) lazy var clock = FrameDriver(widget: widget)
    var scrollTranslation: Point?
    /// The two-finger touchpad swipe, ended when a drag begins.
    var touchpad: TouchpadSwipe?
    /// What the page and the screen reader were last told (``ShownReport``).
    var reportedShown: Shown?
    /// Told the deck's new width when it changes (the page shows or hides its buttons' captions).
    public var onWidthChanged: (@MainActor (Double) -> Void)?
    /// How many cards were decided when the name was last set, and the decision it says (with the count then).
    private var spokenDecisionCount: Int?
    private var lastDecision: (decidedCount: Int, text: String)?

    /// The little that the accessible label, the buttons and the header show.
    struct Shown: Equatable {
        var decidedCount: Int
        var totalCount: Int
        var frontCardIndex: Int?
        var isAnimating: Bool
    }

    /// Creates the widget showing `session`'s deck; add ``widget`` to a container to show it.
    public init(session: DeckSession) {
        self.session = session
        interaction = DeckInteraction(deck: session.deck, progress: session.progress, viewSize: .zero)
        widget = Self.type.instantiate()
        painter = CardPainter(widget: widget)
        CustomWidgetType.attach(self, to: widget)
        gtk_widget_set_focusable(widget, 1)
        gtk_widget_set_hexpand(widget, 1)
        gtk_widget_set_vexpand(widget, 1)
        DisplaySettings.followStyle(painter, of: widget, with: signals)
        // A picture or marks bring text the card shows (a photo's day and size, its stars, why it can't be shown): say it too.
        painter.onShownTextChanged = { [weak self] in self?.updateAccessibleLabel() }
        painter.follow(session, observedAs: self)
        DisplaySettings.followAnimations(with: signals) { [weak self] enabled in
            Trace.log("animations: \(enabled ? "on" : "off")")
            self?.interaction.animationsEnabled = enabled
            self?.changed()
        }
        installInputControllers()
        clock.onStop = { [weak self] in self?.reportIfShownChanged() }
        session.observe(as: self) { [weak self] change, progress in self?.sessionChanged(change, progress) }
        updateAccessibleLabel()
    }

    /// The deck on show.
    public var deck: Deck { interaction.deck }

    /// Whether a photo deck's photo covers the whole view, square-cornered (full screen).
    var isEdgeToEdge: Bool {
        get { interaction.isEdgeToEdge }
        set {
            guard newValue != interaction.isEdgeToEdge else { return }
            interaction.isEdgeToEdge = newValue
            // Faces drawn with the other corners are forgotten with the change.
            painter.faces.cornerRadius = newValue ? 0 : CardStyle.cornerRadius
            gtk_widget_queue_draw(widget)
        }
    }

    /// The time input and animation share.
    var now: Microseconds { clock.now }

    /// The time the frame being drawn is for.
    var frameTime: Microseconds { clock.frameTime }

    /// Redraws, keeps the frame clock running while anything moves, and tells observers what they show changed.
    func changed() {
        gtk_widget_queue_draw(widget)
        clock.follow(\.interaction, of: self) { view, _ in gtk_widget_queue_draw(view.widget) }
        reportIfShownChanged()
    }

    /// Decisions, the front card and motion: what the name and the page's controls follow.
    var shown: Shown {
        let progress = interaction.progress
        return Shown(decidedCount: progress.decidedCount, totalCount: progress.totalCount, frontCardIndex: progress.frontCardIndex,
                     isAnimating: clock.isRunning)
    }

    /// Drops what just happened from the deck's name once the keyboard leaves it: coming back (from another
    /// page, a sheet, a button) a screen reader says where the deck is, not the last decision again.
    func forgetWhatHappened() {
        guard let happened = lastDecision, !happened.text.isEmpty else { return }
        lastDecision = (happened.decidedCount, "")
        // Renamed once the focus is elsewhere: the deck renamed while it still has it would be spoken again.
        renameWhenIdle()
    }

    /// Names the front card for screen readers, after what just happened when a card was decided ("Read:
    /// Dune. Card 5 of 45: Title — Subtitle"), and describes it with its body, which the card may cut short.
    func updateAccessibleLabel() {
        let accessible = OpaquePointer(widget)
        let progress = interaction.progress
        // Said from the decision (or its undo) until the next change of the count (the fly-off ending renames the
        // deck too); only while the deck has the keyboard, as one made on another page is not news here.
        if lastDecision?.decidedCount != progress.decidedCount {
            let hasFocus = gtk_widget_has_focus(widget) != 0
            if hasFocus, let spoken = spokenDecisionCount, progress.decidedCount == spoken + 1, case .decide(let decision)? = progress.stepToUndo {
                lastDecision = (progress.decidedCount, "\(deck.label(for: decision.direction)): \(deck.cards[decision.cardIndex].shownTitle). ")
            } else if hasFocus, let spoken = spokenDecisionCount, case .decideTogether(let decisions)? = progress.stepToUndo,
                      let first = decisions.first, progress.decidedCount == spoken + decisions.count {
                // A burst's stack swiped whole.
                lastDecision = (progress.decidedCount, String(format: trn("%1$@: %2$ld photo of a burst. ", "%1$@: %2$ld photos of a burst. ", decisions.count),
                                                              deck.label(for: first.direction), decisions.count))
            } else if hasFocus, let spoken = spokenDecisionCount, progress.decidedCount == spoken - 1, case .decide(let decision)? = progress.stepToRedo {
                lastDecision = (progress.decidedCount, UndoSpeech.undone(.decide(decision), in: deck))
            } else {
                lastDecision = nil
            }
        }
        spokenDecisionCount = progress.decidedCount
        let happened = lastDecision?.text ?? ""
        guard let front = progress.frontCardIndex else {
            cs_accessible_set_label(accessible, happened + String(format: trn("%1$@: all %2$ld card decided", "%1$@: all %2$ld cards decided", progress.totalCount),
                                                                  deck.title, progress.totalCount))
            AccessibleDescription.set(widget, "")
            return
        }
        let card = deck.cards[front]
        cs_accessible_set_label(accessible, happened + String(format: tr("Card %1$ld of %2$ld: %3$@"), progress.decidedCount + 1, progress.totalCount,
                                                              painter.spokenName(of: front, in: deck)))
        AccessibleDescription.set(widget, card.body.map(Self.accessibleDescription) ?? "")
    }

    /// The longest body a screen reader is handed as the front card's description, in characters: a minute or
    /// two of speech; Card details has the rest.
    static let accessibleDescriptionLimit = 2_000

    private static func accessibleDescription(of body: String) -> String {
        body.count <= accessibleDescriptionLimit ? body : String(body.prefix(accessibleDescriptionLimit)) + "…"
    }

    // MARK: - CustomWidgetDelegate


    public func measure(orientation: GtkOrientation, forSize: Int32) -> (minimum: Int32, natural: Int32) {
        // Small enough for a phone-sized window (360 × 294 pt, GNOME's smallest), natural size a comfortable
        // portrait card; a short window gets a landscape card (DeckLayout).
        orientation == GTK_ORIENTATION_HORIZONTAL ? (300, 520) : (DeckViewSize.minimumHeight, 600)
    }

    public func sizeAllocate(width: Int32, height: Int32, baseline: Int32) {
        let size = Size(width: Double(width), height: Double(height))
        if size.width != interaction.viewSize.width { onWidthChanged?(size.width) }
        if size != interaction.viewSize {
            interaction.viewSize = size
            painter.faces.removeAll()
        }
    }

    public func snapshot(_ snapshot: OpaquePointer) {
        painter.beginFrame()
        let placements = stacked(interaction.frame(at: frameTime))
        painter.draw(placements, of: deck, in: snapshot)
        drawPlayback(over: placements, in: snapshot)
        if !reportedFrontPhoto, deck.isPhotoDeck, let front = interaction.progress.frontCardIndex,
           case .texture = painter.images.known(for: deck.cards[front]) {
            // The first frame that shows a photo, not its placeholder: what the benchmark times an opening to.
            reportedFrontPhoto = true
            Trace.log("front photo drawn")
            session.frontPhotoDrawn()
        }
        let upcoming = interaction.progress.upcomingCardIndices.dropFirst(DeckLayout.visibleDepth)
        painter.images.prefetch(upcoming.lazy.map { self.deck.cards[$0] }, size: interaction.layout.cardSize, isPhotoDeck: deck.isPhotoDeck)
        let returning = interaction.progress.decisions.reversed().lazy.map(\.cardIndex)
        painter.prepareAhead(upcoming: upcoming, returning: returning, of: deck, size: interaction.layout.cardSize)
    }

    /// `placements` with a burst's frames behind its top one fanned as a pile of prints (``BurstStackFan``).
    private func stacked(_ placements: [CardPlacement]) -> [CardPlacement] {
        guard let top = interaction.progress.frontCardIndex else { return placements }
        let frames = session.undecidedFrames(ofBurstWith: top)
        return frames.count >= 2 ? BurstStackFan.fanned(placements, top: top, burst: Set(frames)) : placements
    }

    public func keyPressed(keyval: UInt32, keycode: UInt32, modifiers: GdkModifierType) -> Bool {
        guard modifiers.isPlain else { return false }
        if [GDK_KEY_z, GDK_KEY_Z].contains(Int32(bitPattern: keyval)) { return zoomFront() }
        if [GDK_KEY_i, GDK_KEY_I].contains(Int32(bitPattern: keyval)), deck.isPhotoDeck, let onToggleShootingData {
            onToggleShootingData()
            return true
        }
        if deck.isPhotoDeck, let handled = photographersKey(keyval) { return handled }
        if Int32(bitPattern: keyval) == GDK_KEY_space, deck.isPhotoDeck { return togglePlayback() }
        if [GDK_KEY_Return, GDK_KEY_KP_Enter].contains(Int32(bitPattern: keyval)) {
            guard let front = interaction.progress.frontCardIndex else { return false }
            onActivateCard?(front)
            return true
        }
        guard let direction = Self.direction(forKey: keyval) else { return false }
        swipe(direction)
        return true
    }

    public func dispose() {
        stopPlayback()
        onVideoProblem = nil
        clock.stop()
        painter.onShownTextChanged = nil
        touchpad?.stop()
        signals.disconnectAll()
        painter.faces.removeAll()
        session.stopObserving(as: self)
        onUpdate = nil
        onActivateCard = nil
        onZoom = nil
        onToggleShootingData = nil
        onWidthChanged = nil
    }

    /// The direction an arrow key (or its keypad twin) swipes.
    static func direction(forKey keyval: UInt32) -> SwipeDirection? {
        switch Int32(bitPattern: keyval) {
        case GDK_KEY_Left, GDK_KEY_KP_Left: .left
        case GDK_KEY_Right, GDK_KEY_KP_Right: .right
        case GDK_KEY_Up, GDK_KEY_KP_Up: .up
        case GDK_KEY_Down, GDK_KEY_KP_Down: .down
        default: nil
        }
    }
}

/// The deck widget's smallest height in points: with the header bar, the bottom view switcher and the buttons
/// a 294 pt window leaves about this much.
enum DeckViewSize {
    static let minimumHeight: Int32 = 88
}

extension DeckView: ShownReport {}
