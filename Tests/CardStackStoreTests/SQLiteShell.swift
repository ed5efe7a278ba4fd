// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import XCTest

/// The `sqlite3` command-line shell in a separate process: another program using the database
/// file, with its own connection and locks.
final class SQLiteShell {
    static let executable = "/usr/bin/sqlite3"
    /// Printed after each batch of statements, to know when the shell has run them all.
    private static let doneMarker = "-- cardstack-test-done --"

    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private var buffered = ""

    /// Starts a shell on the database at `path`; skips the test when `sqlite3` isn't installed.
    init(path: String) throws {
        guard FileManager.default.isExecutableFile(atPath: Self.executable) else {
            throw XCTSkip("\(Self.executable) is not installed")
        }
        process.executableURL = URL(fileURLWithPath: Self.executable)
        // -bail ends the shell at the first error, so a failed statement shows up as an
        // early end of output instead of a test that waits forever.
        process.arguments = ["-batch", "-bail", path]
        process.standardInput = input
        process.standardOutput = output
        try process.run()
    }

    deinit {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
    }

    /// Runs `sql` and returns what it printed, once it has all run.
    @discardableResult
    func run(_ sql: String) throws -> String {
        let batch = sql + "\nSELECT '\(Self.doneMarker)';\n"
        try input.fileHandleForWriting.write(contentsOf: Data(batch.utf8))
        while true {
            if let range = buffered.range(of: Self.doneMarker + "\n") {
                let result = String(buffered[..<range.lowerBound])
                buffered.removeSubrange(..<range.upperBound)
                return result.trimmingCharacters(in: .whitespacesAndNewlines)
            }
            let chunk = output.fileHandleForReading.availableData
            guard !chunk.isEmpty else {
                throw ShellError(message: "sqlite3 stopped after printing: \(buffered)")
            }
            buffered += String(decoding: chunk, as: UTF8.self)
        }
    }

    /// Ends the shell and waits for it to exit.
    func close() throws {
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
    }

    /// Runs `sql` in a shell of its own and returns what it printed.
    static func query(_ sql: String, path: String) throws -> String {
        let shell = try SQLiteShell(path: path)
        let result = try shell.run(sql)
        try shell.close()
        return result
    }

    struct ShellError: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }
}
