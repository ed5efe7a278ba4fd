// SPDX-License-Identifier: GPL-3.0-or-later
import GtkSupport

/// A page's view that tells its page (``onUpdate``) and its screen reader (its accessible name) what it shows,
/// and only when that changed: a drag's many motion events would otherwise rename the widget, and redo the
/// page's buttons and position, at every event.
///
/// The Deck and Browse views conform: each says what it shows (``shown``); the telling is written once here.
@MainActor
protocol ShownReport: AnyObject {
    /// What the accessible name and the page's controls show, and whether the view moves.
    associatedtype Shown: Equatable

    /// What is shown now.
    var shown: Shown { get }
    /// What was last told, nil before the first time.
    var reportedShown: Shown? { get set }
    /// Called after what is shown changed.
    var onUpdate: (@MainActor () -> Void)? { get }
    /// Names the widget for screen readers after what it shows.
    func updateAccessibleLabel()
}

extension ShownReport {
    /// Renames the widget and tells the page, when what is shown changed since it was last told.
    func reportIfShownChanged() {
        let now = shown
        guard now != reportedShown else { return }
        reportedShown = now
        updateAccessibleLabel()
        onUpdate?()
    }

    /// Renames the widget once GTK is idle: after the keyboard left it, so that the new name is not spoken as a
    /// change of the focused widget.
    func renameWhenIdle() {
        _ = IdleCallback.add { [weak self] in
            self?.updateAccessibleLabel()
            return false
        }
    }
}
