// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import CGtk
import CardStackWidgets
import GtkSupport

/// Showing the window, and what waits for its first frame.
extension MainWindow {
    /// What the window knows of its frames, for this extension alone.
    struct FirstFrames {
        /// Whether `present()` was called: the window is on screen, or about to be.
        fileprivate(set) var isPresented = false
        /// Whether the first frame's trace line was written.
        fileprivate var reported = false
        /// The title of a deck just shown whose first frame is still to be painted.
        fileprivate var deckAwaitingFrame: String?
        /// What waits for the window's first frame (``whenFirstFramePainted(_:)``).
        fileprivate let queue = FirstFrameQueue()
    }

    /// Whether `present()` was called: the window is on screen, or about to be.
    var isPresented: Bool { firstFrames.isPresented }

    /// Traces the next frame painted as the first with `title`, a deck just shown.
    func traceFirstFrame(ofDeck title: String) {
        firstFrames.deckAwaitingFrame = title
    }

    /// Shows the window and reports its first painted frame when tracing.
    func present() {
        gtk_window_present(window)
        guard !firstFrames.isPresented else { return }
        firstFrames.isPresented = true
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
                self?.firstFrames.queue.framePainted()
            }
            return false
        }
    }

    /// Runs `work` once the window's first frame is painted (at once if it is): for what that frame doesn't show.
    func whenFirstFramePainted(_ work: @escaping @MainActor () -> Void) {
        firstFrames.queue.run(work)
    }

    /// Traces the first frame painted with a newly opened deck: how long opening took, as a person sees it.
    private func reportDeckDrawn() {
        guard let title = firstFrames.deckAwaitingFrame else { return }
        firstFrames.deckAwaitingFrame = nil
        Trace.log("deck drawn: \(title)")
    }

    /// Traces the first frame that shows how the first open went: the deck (or why not), or the loading page
    /// of a deck that takes a while. A frame painted while a small deck is still being read shows neither.
    private func reportFirstFrame() {
        guard !firstFrames.reported else { return }
        let page: String
        if let shows = loadingPageShows {
            guard shows else { return }
            page = "loading"
        } else {
            page = String(borrowingGLibString: adw_view_stack_get_visible_child_name(viewStack)) ?? "none"
        }
        firstFrames.reported = true
        Trace.log("first frame; page \(page)")
    }
}
