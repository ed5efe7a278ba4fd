// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import CGtk
import CardStackWidgets
import GtkSupport

/// Showing the window, and what waits for its first frame.
extension MainWindow {
    /// Shows the window and reports its first painted frame when tracing.
    func present() {
        gtk_window_present(window)
        guard !isPresented else { return }
        isPresented = true
        // On X11 GTK draws a window's themed icon into pixels for the window manager when it is set, loading
        // librsvg for the SVG: 6–8 ms of a 260 ms launch here, which the first frame need not wait for. A
        // compositor that shows the icon (Wayland's, by the app's id) never takes it from the window. An uninstalled
        // run's icons are in the theme by then (CardStackApplication.mainWindow()).
        whenFirstFramePainted { [weak self] in
            gtk_window_set_default_icon_name(CardStackApplication.id)
            if let self { gtk_window_set_icon_name(window, CardStackApplication.id) }
        }
        TickCallback.add(to: window.cast()) { [weak self] _, frameClock in
            self?.signals.connect(frameClock.raw, .void("after-paint")) { [weak self] in
                self?.reportFirstFrame()
                self?.reportDeckDrawn()
                self?.firstFrameQueue.framePainted()
            }
            return false
        }
    }

    /// Runs `work` once the window's first frame is painted (at once if it is): for what that frame doesn't show.
    func whenFirstFramePainted(_ work: @escaping @MainActor () -> Void) {
        firstFrameQueue.run(work)
    }

    /// Traces the first frame painted with a newly opened deck: how long opening took, as a person sees it.
    private func reportDeckDrawn() {
        guard let title = deckAwaitingFrame else { return }
        deckAwaitingFrame = nil
        Trace.log("deck drawn: \(title)")
    }

    /// Traces the first frame that shows how the first open went: the deck (or why not), or the loading page
    /// of a deck that takes a while. A frame painted while a small deck is still being read shows neither.
    private func reportFirstFrame() {
        guard !reportedFirstFrame else { return }
        let page: String
        if let loading {
            guard loading.page != nil else { return }
            page = "loading"
        } else {
            page = String(borrowingGLibString: adw_view_stack_get_visible_child_name(viewStack)) ?? "none"
        }
        reportedFirstFrame = true
        Trace.log("first frame; page \(page)")
    }
}
