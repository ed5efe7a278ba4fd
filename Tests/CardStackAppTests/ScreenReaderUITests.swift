// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import XCTest

/// What Orca, GNOME's screen reader, says of the app, read back from its debug output (every phrase it sends to
/// speech is logged as "SPEECH OUTPUT"), headless: pages by their names, a decision and its undo as they happen,
/// in Browse too, and the Deck page where it stands when the keyboard comes back to it.
final class ScreenReaderUITests: XCTestCase {
    private static var sampleDeck: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("data/decks/sample.json").path
    }

    /// Orca's phrases so far, in order.
    private func spoken(in log: URL) -> [String] {
        let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { line in
            guard let start = line.range(of: "SPEECH OUTPUT: '") else { return nil }
            // The phrase, then its voice's settings: "'Deck panel.'{'established': False}".
            let rest = line[start.upperBound...]
            let end = rest.range(of: "'{") ?? rest.range(of: "' {")
            return end.map { String(rest[..<$0.lowerBound]).trimmingCharacters(in: .whitespaces) }
        }
    }

    /// Waits until Orca has said something starting with `prefix` after the first `after` phrases; answers the
    /// phrases so far.
    @discardableResult
    private func waitForSpeech(_ prefix: String, after count: Int, in log: URL, timeout: TimeInterval = 10) -> [String] {
        let deadline = Date().addingTimeInterval(timeout)
        var phrases = spoken(in: log)
        while !phrases.dropFirst(count).contains(where: { $0.hasPrefix(prefix) }), Date() < deadline {
            usleep(100_000)
            phrases = spoken(in: log)
        }
        return phrases
    }

    func testOrcaSpeaksPagesDecisionsAndUndoAsShown() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/orca") else { throw XCTSkip("needs orca (make check installs it)") }
        let home = try RunningApp.temporaryHome()
        let app = try RunningApp(arguments: [Self.sampleDeck], home: home, accessibility: true)
        defer { app.terminate() }
        app.waitForTrace("first frame")
        let log = home.appendingPathComponent("orca.txt")
        let orca = Process()
        orca.executableURL = URL(fileURLWithPath: "/usr/bin/orca")
        orca.arguments = ["--replace", "--user-prefs", home.appendingPathComponent("orca").path, "--debug-file", log.path]
        orca.standardOutput = FileHandle.nullDevice
        orca.standardError = FileHandle.nullDevice
        try FileManager.default.createDirectory(at: home.appendingPathComponent("orca"), withIntermediateDirectories: true)
        try orca.run()
        defer { orca.terminate() }
        var phrases = waitForSpeech("Screen reader on", after: 0, in: log, timeout: 30)
        app.focus()
        phrases = waitForSpeech("Card 1 of 45: Dune", after: 0, in: log)

        var count = phrases.count
        app.key("Right")
        phrases = waitForSpeech("Read: Dune. Card 2 of 45", after: count, in: log)
        XCTAssertTrue(phrases.dropFirst(count).contains { $0.hasPrefix("Read: Dune. Card 2 of 45") }, "the decision as it happens: \(phrases)")

        count = phrases.count
        app.key("ctrl+z")
        phrases = waitForSpeech("Undone: Dune, Read. Card 1 of 45", after: count, in: log)
        XCTAssertTrue(phrases.dropFirst(count).contains { $0.hasPrefix("Undone: Dune, Read. Card 1 of 45") }, "what Undo took back: \(phrases)")

        app.key("Right")
        count = phrases.count
        app.key("alt+3")
        phrases = waitForSpeech("Browse panel", after: count, in: log)
        XCTAssertTrue(phrases.dropFirst(count).contains("Browse panel."), "the page by its name: \(phrases)")

        // Browse moves on after a decision: what Undo took back is said before the card now centred.
        app.key("2")
        phrases = waitForSpeech("Pride and Prejudice — Jane Austen · 1813, 2 of 45, Read", after: count, in: log)
        count = phrases.count
        app.key("ctrl+z")
        phrases = waitForSpeech("Undone: Pride and Prejudice, Read.", after: count, in: log)
        XCTAssertTrue(phrases.dropFirst(count).contains { $0.hasPrefix("Undone: Pride and Prejudice, Read.") }, "Undo in Browse: \(phrases)")
        count = phrases.count
        app.key("ctrl+shift+z")
        phrases = waitForSpeech("Redone: Pride and Prejudice, Read.", after: count, in: log)
        XCTAssertTrue(phrases.dropFirst(count).contains { $0.hasPrefix("Redone: Pride and Prejudice, Read.") }, "Redo in Browse: \(phrases)")
        count = phrases.count
        app.key("ctrl+z")
        phrases = waitForSpeech("Undone: Pride and Prejudice, Read.", after: count, in: log)

        count = phrases.count
        app.key("alt+1")
        phrases = waitForSpeech("Card 2 of 45", after: count, in: log)
        let back = Array(phrases.dropFirst(count))
        XCTAssertTrue(back.contains("Deck panel."), "\(back)")
        XCTAssertTrue(back.contains { $0.hasPrefix("Card 2 of 45: Pride and Prejudice") }, "where the deck stands: \(back)")
        XCTAssertFalse(back.contains { $0.hasPrefix("Read: Dune") }, "not the last decision again: \(back)")

        // Nothing sorted any more: Piles gives the keyboard to its one button, not to a toast's close button.
        app.key("ctrl+z")
        phrases = waitForSpeech("Undone: Dune, Read.", after: count, in: log)
        count = phrases.count
        app.key("alt+2")
        phrases = waitForSpeech("Go to Deck push button", after: count, in: log)
        XCTAssertTrue(phrases.dropFirst(count).contains("Go to Deck push button."), "\(Array(phrases.dropFirst(count)))")
        XCTAssertFalse(phrases.contains { $0.contains("GtkStackPage") || $0.contains("AdwViewSwitcher") }, "no class spoken: \(phrases)")
    }
}
