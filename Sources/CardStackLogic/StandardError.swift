// SPDX-License-Identifier: GPL-3.0-or-later
import CardStackCore
import Foundation

/// Messages for the terminal: one line each, "cardstack: " first, with control characters from file names and
/// file text shown as visible symbols (a NUL or an escape sequence in a deck's name can't reshape the line).
public enum StandardError {
    public static func report(_ message: String) {
        let lines = message.split(separator: "\n", omittingEmptySubsequences: false)
            .map { VisibleControlCharacters.replacing(in: String($0)) }
        FileHandle.standardError.write(Data("cardstack: \(lines.joined(separator: "\n"))\n".utf8))
    }
}
