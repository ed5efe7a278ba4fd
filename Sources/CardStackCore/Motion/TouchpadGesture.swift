// SPDX-License-Identifier: GPL-3.0-or-later

/// A two-finger touchpad swipe's life: it begins with `scroll-begin` and ends with `scroll-end`, or after a
/// silence, or when another pointer or a finger takes over.
///
/// Some compositors and drivers never send the end (mutter 43's virtual pointer drops the finish flag), and a
/// swipe waiting for it would hold a card for good; so a swipe that has not reported for
/// ``silenceTimeout`` ends by itself, at the time its last report came plus that timeout.
public struct TouchpadGesture: Sendable, Hashable {
    /// How long a swipe may go without a report before it counts as ended, in µs: touchpads report every
    /// 8–16 ms while the fingers move, so a hand slowing down is never cut off, and a card left hanging by a
    /// lost end springs back before the user reaches for it.
    public static let silenceTimeout: Microseconds = 300_000

    /// Whether a swipe is under way.
    public private(set) var isActive = false
    private var lastReport: Microseconds = 0

    public init() {}

    /// `scroll-begin`: a swipe starts (one under way is replaced).
    public mutating func begin(at time: Microseconds) {
        isActive = true
        lastReport = time
    }

    /// A scroll event; false when no swipe is under way (a mouse wheel, or the rest of a swipe that ended).
    public mutating func report(at time: Microseconds) -> Bool {
        guard isActive else { return false }
        lastReport = max(lastReport, time)
        return true
    }

    /// `scroll-end`, or another pointer took over: true when a swipe was under way and is now over.
    public mutating func end() -> Bool {
        defer { isActive = false }
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
        return deadline
    }
}
