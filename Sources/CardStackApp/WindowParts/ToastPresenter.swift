// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import CGtk
import GtkSupport
import Translation

/// Shows the window's toasts through an `AdwToastOverlay` one at a time, so that no toast ever rises beside one
/// that is leaving.
///
/// libadwaita 1.2's overlay frees a toast's bookkeeping when the toast's hide animation ends. A toast shown while
/// another is still leaving rises for 500 ms, and a dismissal (Escape, its close or Undo button, or a newer toast
/// replacing it) hides it in 300 ms: dismissed within 200 ms of appearing, its rise ends after its bookkeeping
/// was freed, and the end of the animation unreferences freed memory. A burst of steps (each with an Undo toast)
/// and Escapes crashed the app that way. So the overlay's own queue is never used:
/// - a message that comes while a toast is on show retitles that toast and restarts its timeout;
/// - a message that comes while a dismissed toast is still leaving waits until the overlay has let the leaving
///   one go (the latest message wins), and then rises alone, in the overlay's plain 300 ms.
///
/// A toast's Undo belongs to the step it tells of: it names that step (``Button/step``), and it is taken off the
/// toast as soon as the history moves on (``historyMoved(to:)``), so it never takes back another step.
@MainActor
final class ToastPresenter {
    private let overlay: OpaquePointer
    /// The toast on show, from when it is added until it is dismissed.
    private var shown: ObjectReference<OpaquePointer>?
    /// The message and button of the toast on show.
    private var shownContent: (markup: String, button: Button?)?
    /// The latest message that came while a dismissed toast was still leaving.
    private var waiting: (message: String, button: Button?)?
    private let signals = SignalGroup()

    /// Presents toasts over `overlay`'s child.
    init(overlay: OpaquePointer) {
        self.overlay = overlay
    }

    /// A toast's button: its label and the action it activates.
    struct Button: Equatable {
        var label: String
        var action: String
        /// The step the button belongs to, as the session's history count after it was made: the action's
        /// target, and what keeps the button only while that step is the latest.
        var step: Int?

        /// Undo of the step made when the history count became `step` (the window's `win.undo-step`).
        static func undo(step: Int) -> Button { Button(label: tr("_Undo"), action: "win.undo-step", step: step) }
    }

    /// The history has changed and its count is now `count`: a button of a step that is no longer the latest
    /// goes, from the toast on show and from the one waiting; the toasts' words stay.
    func historyMoved(to count: Int) {
        if let step = waiting?.button?.step, step != count { waiting?.button = nil }
        guard let shown, let content = shownContent, let step = content.button?.step, step != count else { return }
        Self.set(shown.pointer, markup: content.markup, button: nil)
        shownContent = (content.markup, nil)
        nameToastButtons()
    }

    /// Shows `message` with `button`, if any, and says it to a screen reader (GTK 4.8 tells it nothing of a toast).
    func show(_ message: String, button: Button?) {
        if let root = gtk_widget_get_root(overlay.cast()) {
            AccessibleDescription.say(message, in: UnsafeMutableRawPointer(root).assumingMemoryBound(to: GtkWidget.self))
        }
        if let shown {
            let markup = LiteralMarkup.of(message)
            Self.set(shown.pointer, markup: markup, button: button)
            shownContent = (markup, button)
            // Adding a toast that is on show restarts its timeout; the call takes a reference of its own.
            adw_toast_overlay_add_toast(overlay, OpaquePointer(g_object_ref(shown.pointer.raw)))
            nameToastButtons()
        } else if holdsLeavingToast {
            let alreadyWaiting = waiting != nil
            waiting = (message, button)
            if !alreadyWaiting { waitForLeavingToast() }
        } else {
            waiting = nil
            present(LiteralMarkup.of(message), button: button)
        }
    }

    private func present(_ markup: String, button: Button?) {
        let toast = ObjectReference(adopting: created(adw_toast_new(markup)))
        Self.set(toast.pointer, markup: markup, button: button)
        signals.connect(toast.pointer.raw, .void("dismissed")) { [weak self, weak toast] in
            guard let self, let toast, shown === toast else { return }
            shown = nil
            shownContent = nil
        }
        shown = toast
        shownContent = (markup, button)
        adw_toast_overlay_add_toast(overlay, OpaquePointer(g_object_ref(toast.pointer.raw)))
        nameToastButtons()
    }

    /// Names the toast's buttons as they are shown: GTK 4.8 speaks libadwaita 1.2's Undo "_Undo Undo" and its
    /// close button by its picture's class.
    private func nameToastButtons() {
        let child = adw_toast_overlay_get_child(overlay)
        var widget = gtk_widget_get_first_child(overlay.cast())
        while let current = widget {
            if current != child { nameButtonsAsShown(under: current, iconNames: ["window-close-symbolic": tr("Dismiss")]) }
            widget = gtk_widget_get_next_sibling(current)
        }
    }

    private static func set(_ toast: OpaquePointer, markup: String, button: Button?) {
        adw_toast_set_title(toast, markup)
        adw_toast_set_button_label(toast, button?.label)
        adw_toast_set_action_name(toast, button?.action)
        adw_toast_set_action_target_value(toast, button?.step.map { g_variant_new_int64(gint64($0)) })
    }

    /// Whether the overlay still has a toast's widget besides its child: a toast dismissed and still leaving
    /// (the overlay unparents the widget once the toast has gone).
    private var holdsLeavingToast: Bool {
        let child = adw_toast_overlay_get_child(overlay)
        var widget = gtk_widget_get_first_child(overlay.cast())
        while let current = widget {
            if current != child { return true }
            widget = gtk_widget_get_next_sibling(current)
        }
        return false
    }

    /// Checks at every frame (the leaving toast's animation runs on the overlay's frames) until the overlay has
    /// let the leaving toast go, then shows the message that waited.
    private func waitForLeavingToast() {
        TickCallback.add(to: overlay.cast()) { [weak self] _, _ in
            guard let self else { return false }
            if holdsLeavingToast { return true }
            if let waiting { show(waiting.message, button: waiting.button) }
            return false
        }
    }
}
