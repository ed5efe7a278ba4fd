// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import CGtk
import CardStackCore
import GtkSupport

extension SheetHost {
    // MARK: Coasting content

    /// Lets the content of `frame` coast on at `velocity` (points per second of scroll offset) with a finger's
    /// deceleration, as GTK's kinetic scrolling would have, until it stops or reaches an end.
    func fling(_ frame: SheetFrame, velocity: Double, at time: Microseconds) {
        guard abs(velocity) >= DecayAnimation.restingSpeed,
              let adjustment = gtk_scrolled_window_get_vadjustment(OpaquePointer(frame.scrolled)) else { return }
        let limit = max(0, gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_page_size(adjustment))
        let motion = DecayAnimation(from: gtk_adjustment_get_value(adjustment), velocity: velocity, bounds: 0...limit, startTime: time)
        _ = stopFling()
        let tick = TickCallback.add(to: frame.scrolled) { [weak self] frameTime, _ in
            let time = Microseconds(frameTime)
            gtk_adjustment_set_value(adjustment, motion.value(at: time))
            guard !motion.isSettled(at: time) else {
                self?.contentFling = nil
                return false
            }
            return true
        }
        contentFling = (frame.scrolled, tick)
    }

    /// Stops content that coasts; true when some did.
    func stopFling() -> Bool {
        guard let fling = contentFling else { return false }
        contentFling = nil
        TickCallback.remove(fling.tick, from: fling.scrolled)
        return true
    }
}
