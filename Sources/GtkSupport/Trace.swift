// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Milestones printed to stderr when `CARDSTACK_TRACE=1`, for the UI tests and the benchmark to wait on.
///
/// The app traces what the user did (decisions, pages, sheets); the widgets trace how a gesture ended, which
/// only they know (a touchpad swipe ended by its `scroll-end` or by a silence).
public enum Trace {
    /// Whether the environment asked for the trace.
    public static let isEnabled = ProcessInfo.processInfo.environment["CARDSTACK_TRACE"] == "1"

    /// Writes `cardstack: message` as one line when the trace is on; the message is not built otherwise.
    public static func log(_ message: @autoclosure () -> String) {
        guard isEnabled else { return }
        FileHandle.standardError.write(Data("cardstack: \(message())\n".utf8))
    }
}
