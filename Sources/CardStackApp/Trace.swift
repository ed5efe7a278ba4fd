// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Milestones printed to stderr when `CARDSTACK_TRACE=1`, for the UI tests and the benchmark to wait on.
enum Trace {
    static let isEnabled = ProcessInfo.processInfo.environment["CARDSTACK_TRACE"] == "1"

    static func log(_ message: @autoclosure () -> String) {
        guard isEnabled else { return }
        FileHandle.standardError.write(Data("cardstack: \(message())\n".utf8))
    }
}
