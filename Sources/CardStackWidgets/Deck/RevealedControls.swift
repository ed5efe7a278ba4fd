// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GtkSupport

/// Controls laid over a photo that show while they are wanted and fade when the photo is being looked at, as a
/// photo viewer's (Loupe's, Eye of GNOME's) do.
///
/// They show when the pointer moves over the area or presses it, and while the pointer is on them or the
/// keyboard focus is in them; a few seconds after the last of these they fade. Faded they stay in place, in
/// the focus chain and in the accessibility tree: Tab reaches them (and shows them), a screen reader lists them.
@MainActor
final class RevealedControls {
    /// How long the controls stay after the pointer last moved, in milliseconds (Loupe: 3 s).
    static let shownFor: UInt32 = 3_000

    /// The controls' container.
    let widget: UnsafeMutablePointer<GtkWidget>
    private let signals = SignalGroup()
    private var hideTimeout: UInt32?
    /// When the controls were last wanted; the timeout, armed once, waits on from it rather than being set again
    /// on every motion event.
    private var lastWanted = g_get_monotonic_time()
    private var pointerInside = false
    private var focusInside = false
    /// Whether the controls are shown now.
    private(set) var isShown = true

    /// Reveals `widget` (the controls) by what happens in `area` (the page under them); shown at first.
    init(_ widget: UnsafeMutablePointer<GtkWidget>, over area: UnsafeMutablePointer<GtkWidget>) {
        self.widget = widget
        gtk_widget_add_css_class(widget, "revealed-controls")
        let motion = created(gtk_event_controller_motion_new())
        signals.connect(motion.raw, .point("motion")) { [weak self] _, _ in self?.show() }
        gtk_widget_add_controller(area, motion)
        let press = created(gtk_gesture_click_new())
        // Seen before the deck takes the press for a drag, and never claimed: the press still swipes.
        gtk_event_controller_set_propagation_phase(press, GTK_PHASE_CAPTURE)
        gtk_gesture_single_set_touch_only(press, 0)
        signals.connect(press.raw, .press("pressed")) { [weak self] _, _, _ in self?.show() }
        gtk_widget_add_controller(area, press)

        let hover = created(gtk_event_controller_motion_new())
        signals.connect(hover.raw, .point("enter")) { [weak self] _, _ in
            self?.pointerInside = true
            self?.show()
        }
        signals.connect(hover.raw, .void("leave")) { [weak self] in
            self?.pointerInside = false
            self?.hideLater()
        }
        gtk_widget_add_controller(widget, hover)
        let focus = created(gtk_event_controller_focus_new())
        signals.connect(focus.raw, .void("enter")) { [weak self] in
            self?.focusInside = true
            self?.show()
        }
        signals.connect(focus.raw, .void("leave")) { [weak self] in
            self?.focusInside = false
            self?.hideLater()
        }
        gtk_widget_add_controller(widget, focus)
        hideLater()
    }

    /// Shows the controls, and fades them after ``shownFor`` unless they are in use then.
    func show() {
        if !isShown {
            isShown = true
            gtk_widget_remove_css_class(widget, "faded")
            gtk_widget_set_can_target(widget, 1)
        }
        hideLater()
    }

    private func hideLater() {
        lastWanted = g_get_monotonic_time()
        guard hideTimeout == nil else { return }
        arm(after: Self.shownFor)
    }

    /// Fades the controls `milliseconds` from now, or later if they were wanted again meanwhile.
    private func arm(after milliseconds: UInt32) {
        hideTimeout = TimeoutCallback.add(milliseconds: milliseconds) { [weak self] in
            guard let self else { return false }
            hideTimeout = nil
            let elapsed = UInt32(clamping: (g_get_monotonic_time() - lastWanted) / 1_000)
            if elapsed < Self.shownFor {
                arm(after: Self.shownFor - elapsed)
            } else {
                hideNow()
            }
            return false
        }
    }

    /// Fades the controls unless the pointer or the focus is on them. A faded control takes no clicks (a click
    /// there is the photo's), but keeps its place for Tab and the screen reader.
    private func hideNow() {
        guard isShown, !pointerInside, !focusInside else { return }
        isShown = false
        gtk_widget_add_css_class(widget, "faded")
        gtk_widget_set_can_target(widget, 0)
    }

    /// Stops the fading, for a page going away.
    func stop() {
        if let hideTimeout { TimeoutCallback.remove(hideTimeout) }
        hideTimeout = nil
        signals.disconnectAll()
    }
}
