// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// A cancel request shared with a thread doing file work, which looks at it between two files.
public final class CancellationFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var cancelled = false

    public init() {}

    /// Asks the work to stop.
    public func cancel() {
        lock.lock()
        cancelled = true
        lock.unlock()
    }

    /// Whether the work was asked to stop.
    public var isCancelled: Bool {
        lock.lock()
        defer { lock.unlock() }
        return cancelled
    }
}
