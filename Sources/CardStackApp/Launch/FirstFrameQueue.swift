// SPDX-License-Identifier: GPL-3.0-or-later
import GtkSupport

/// Work a window keeps back until its first frame is painted: what that frame does not show (the window's icon,
/// the Recent Decks menu, the note that a deck was opened), so the first frame comes that much sooner.
///
/// The work kept back runs together when the main loop is next idle after the first paint; work given once the
/// first frame is painted runs at once.
@MainActor
final class FirstFrameQueue {
    /// Whether the first frame is painted.
    private var isPainted = false
    private var waiting: [@MainActor () -> Void] = []

    /// Runs `work` after the first frame: now if it is painted, else when the main loop is idle after it.
    func run(_ work: @escaping @MainActor () -> Void) {
        if isPainted { work() } else { waiting.append(work) }
    }

    /// Called after each painted frame: the first lets the waiting work go.
    func framePainted() {
        guard !isPainted else { return }
        isPainted = true
        let work = waiting
        waiting = []
        guard !work.isEmpty else { return }
        IdleCallback.add {
            work.forEach { $0() }
            return false
        }
    }
}
