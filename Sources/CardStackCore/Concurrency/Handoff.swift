// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// A value one thread works out and another takes, waiting for it if it is not there yet.
///
/// For work started early on another thread so the main thread finds it done when it needs it: a deck read
/// while the window is built, the decisions' database opened while the window is laid out, the cards' shadow
/// blurred while GTK starts.
public final class Handoff<Value: Sendable>: @unchecked Sendable {
    private let condition = NSCondition()
    private var value: Value?

    /// A handoff whose value some thread will ``hand(_:)`` over.
    public init() {}

    /// A handoff of what `work` returns, run now on a thread of its own.
    public convenience init(working work: @escaping @Sendable () -> Value) {
        self.init()
        Thread.detachNewThread { [self] in hand(work()) }
    }

    /// Hands `value` over, waking whoever waits for it; a second value replaces the first.
    public func hand(_ value: Value) {
        condition.lock()
        self.value = value
        condition.broadcast()
        condition.unlock()
    }

    /// The value, waiting for as long as it takes.
    public func wait() -> Value {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let value { return value }
            condition.wait()
        }
    }

    /// The value, waiting at most until `deadline`; nil if it is not there by then.
    public func wait(until deadline: Date) -> Value? {
        condition.lock()
        defer { condition.unlock() }
        while value == nil, condition.wait(until: deadline) {}
        return value
    }
}
