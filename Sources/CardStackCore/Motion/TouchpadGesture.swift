// SPDX-License-Identifier: GPL-3.0-or-later

/// A two-finger touchpad swipe's life: it begins with `scroll-begin` and ends with `scroll-end`, or after a
/// silence, or when another pointer or a finger takes over.
///
/// Some compositors and drivers never send the end (mutter 43's virtual pointer drops the finish flag), and a
/// swipe waiting for it would hold a card for good; so a swipe that has not reported for
/// ``silenceTimeout`` ends by itself, at the time its last report came plus that timeout. GTK never saw that
/// end, so it takes the next touchpad motion for more of the same scroll and sends no `scroll-begin`: motion
/// after a silence begins a new swipe here.
public struct TouchpadGesture: Sendable, Hashable {
    /// How long a swipe may go without a report before it counts as ended, in µs: touchpads report every
    /// 8–16 ms while the fingers move, so a hand slowing down is never cut off, and a card left hanging by a
    /// lost end springs back before the user reaches for it.
    public static let silenceTimeout: Microseconds = 300_000

    /// Whether a swipe is under way.
    public private(set) var isActive = false
    private var lastReport: Microseconds = 0
    /// Whether the last swipe ended by the silence rule (not by its end or another pointer).
    private var endedBySilence = false

    /// What a scroll event is to the swipe.
    public enum Report: Sendable, Hashable {
        /// More of the swipe under way.
        case moved
        /// Touchpad motion after a swipe ended by silence: a new swipe, begun at the event.
        case began
        /// No swipe: a mouse wheel, or the rest of a swipe that another pointer took over or that ended.
        case ignored
    }

    public init() {}

    /// `scroll-begin`: a swipe starts (one under way is replaced).
    public mutating func begin(at time: Microseconds) {
        isActive = true
        endedBySilence = false
        lastReport = time
    }

    /// A scroll event at `time`, from a touchpad or not.
    public mutating func report(at time: Microseconds, fromTouchpad: Bool) -> Report {
        if isActive {
            lastReport = max(lastReport, time)
            return .moved
        }
        guard fromTouchpad, endedBySilence else { return .ignored }
        begin(at: time)
        return .began
    }

    /// `scroll-end`, or another pointer took over: true when a swipe was under way and is now over.
    public mutating func end() -> Bool {
        defer {
            isActive = false
            endedBySilence = false
        }
        return isActive
    }

    /// When the swipe counts as ended if nothing more is reported; nil when none is under way.
    public var deadline: Microseconds? {
        isActive ? lastReport + Self.silenceTimeout : nil
    }

    /// Ends a swipe that has been silent since its deadline, as of `now`; returns the time it ended (its
    /// deadline), or nil when it goes on or none is under way.
    public mutating func endIfSilent(at now: Microseconds) -> Microseconds? {
        guard let deadline, now >= deadline else { return nil }
        isActive = false
        endedBySilence = true
        return deadline
    }
}
