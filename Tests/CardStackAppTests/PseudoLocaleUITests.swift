// SPDX-License-Identifier: GPL-3.0-or-later
import CardStackTestSupport
import Foundation
import XCTest

/// The app in the generated pseudo-locale (every message between ⟦ ⟧ and a third longer), read as a screen
/// reader reads it in a window 360 pt wide: on every page, in the main menu and on each sheet, no English of the
/// app's own may be left, and no page may need a wider window for its longer words.
/// GTK's own window controls are GTK's to translate; the deck's content is the user's (here in Greek, so any
/// Latin word found is the app's).
final class PseudoLocaleUITests: XCTestCase {
    /// Every element on show: role, name and description, a line each.
    private static let dump = """
    import pyatspi
    def walk(node, depth):
        try:
            states = node.getState()
            # GTK 4.8 marks a widget on show VISIBLE (and SHOWING only some): a hidden page or a closed menu is not.
            if not states.contains(pyatspi.STATE_VISIBLE) or depth > 60:
                return
            print(node.getRoleName() + "\\t" + (node.name or "").replace("\\n", " ") + "\\t" + (node.description or "").replace("\\n", " "))
            for index in range(node.childCount):
                walk(node.getChildAtIndex(index), depth + 1)
        except Exception:
            pass
    for app in pyatspi.Registry.getDesktop(0):
        if app and app.name == "cardstack":
            for index in range(app.childCount):
                walk(app.getChildAtIndex(index), 0)
    """

    /// GTK's own words on the window (its window controls), the app's name, which is not translated, and the
    /// locale's own (the time's AM and PM under C.UTF-8).
    private static let untranslated: Set<String> = ["Minimize", "Maximize", "Restore", "Close", "CardStack", "AM", "PM"]

    /// The English words left on show: Latin words outside ⟦ ⟧, outside paths, and not GTK's.
    private func english(on screen: String) -> [String] {
        var found: [String] = []
        for line in screen.split(separator: "\n") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            // GTK's window controls ("Close the window") are GTK's to translate.
            guard fields.count == 3, !Self.untranslated.contains(fields[1]) else { continue }
            for field in fields.dropFirst() {
                // A widget without a name is named by its GObject type (GtkLabel, AdwGizmo): not words shown.
                if field.range(of: #"^(Gtk|Adw)[A-Za-z]+$"#, options: .regularExpression) != nil { continue }
                // GTK's own: a label without text ("(None)") and a menu item's key names ("Shift+Ctrl+O").
                if field == "(None)" || field.range(of: #"^((Shift|Ctrl|Alt)\+)+.$"#, options: .regularExpression) != nil { continue }
                var text = field
                while let open = text.range(of: "⟦"), let close = text.range(of: "⟧", range: open.upperBound..<text.endIndex) {
                    text.removeSubrange(open.lowerBound..<close.upperBound)
                }
                let words = text.split { !$0.isLetter || !$0.isASCII }.map(String.init).filter { $0.count >= 2 }
                let pathless = text.split(separator: " ").filter { !$0.contains("/") }.joined(separator: " ")
                for word in words where pathless.contains(word) && !Self.untranslated.contains(word) {
                    found.append("\(word) (in “\(field)”)")
                }
            }
        }
        return found
    }

    /// The window's width when it was made 360 pt wide; a page whose text needs more makes the window grow.
    private var narrowWidth: Int?

    /// Makes the app's window 360 pt wide, the narrowest it supports, and notes how wide that is on screen.
    private func makeNarrow(_ app: RunningApp) throws {
        for window in RunningApp.xdotool(["search", "--pid", "\(app.pid)"]).split(separator: "\n") {
            RunningApp.xdotool(["windowsize", String(window), "360", "720"])
        }
        Thread.sleep(forTimeInterval: 0.5)
        narrowWidth = try XCTUnwrap(app.windowGeometry()).width
    }

    private func read(_ app: RunningApp, _ place: String, into findings: inout [String]) throws {
        Thread.sleep(forTimeInterval: 0.5)
        if let narrowWidth, let width = app.windowGeometry()?.width, width > narrowWidth {
            findings.append("\(place): the window grew from \(narrowWidth) to \(width) pt for text that doesn't fit 360 pt")
        }
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        probe.arguments = ["-c", Self.dump]
        let output = Pipe()
        probe.standardOutput = output
        probe.standardError = FileHandle.nullDevice
        try probe.run()
        let screen = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        probe.waitUntilExit()
        XCTAssertFalse(screen.isEmpty, "\(place): nothing read")
        findings += english(on: screen).map { "\(place): \($0)" }
        if ProcessInfo.processInfo.environment["CARDSTACK_TEST_DUMP"] != nil { print("== \(place)\n\(screen)") }
    }

    func testEveryPageMenuAndSheetIsInThePseudoLocale() throws {
        let locale = RunningApp.binary.deletingLastPathComponent().appendingPathComponent("locale/en@pseudo/LC_MESSAGES/cardstack.mo")
        guard FileManager.default.fileExists(atPath: locale.path) else { throw XCTSkip("no en@pseudo catalogue next to the binary: make build makes it") }
        _ = try AccessibilityProbe.describe(["nothing"], states: "SHOWING")
        let home = try RunningApp.temporaryHome()
        let deck = home.appendingPathComponent("δέκα.json")
        let cards = (1...6).map { #"{"id": "c\#($0)", "title": "Κάρτα \#($0)", "subtitle": "Ένα", "body": "Κείμενο της κάρτας."}"# }
        try Data(#"{"title": "Τράπουλα", "cards": [\#(cards.joined(separator: ", "))]}"#.utf8).write(to: deck)
        let app = try RunningApp(arguments: [deck.path], home: home, accessibility: true,
                                 environment: ["LC_ALL": "C.UTF-8", "LANG": "C.UTF-8", "LANGUAGE": "en@pseudo"])
        defer { app.terminate() }
        app.waitForTrace("first frame")
        try makeNarrow(app)
        app.focus()
        var findings: [String] = []
        try read(app, "Deck", into: &findings)
        app.key("Right")
        app.key("Left")
        XCTAssertEqual(app.waitForDeckEvents(2).count, 2)
        try read(app, "Deck after two swipes", into: &findings)
        app.key("F10")
        try read(app, "Main menu", into: &findings)
        app.key("Escape")
        app.key("alt+2")
        try read(app, "Piles", into: &findings)
        app.key("alt+3")
        try read(app, "Browse", into: &findings)
        app.key("alt+1")
        app.focus()
        app.key("Return")
        app.waitForTrace("sheets: details")
        try read(app, "Card details", into: &findings)
        app.key("ctrl+i")
        app.waitForTrace("sheets: details, info")
        try read(app, "Deck info", into: &findings)
        _ = try AccessibilityProbe.describe(["⟦History"], states: "CLICK", waitingUpTo: 10)
        try read(app, "History", into: &findings)
        XCTAssertEqual(findings, [], "English left in the pseudo-locale")
    }

    /// A deck that can't be read says why in the pseudo-locale too: the core's messages (here the JSON reader's,
    /// with its line and column) are translated like the app's own.
    func testADeckThatCantBeReadSaysWhyInThePseudoLocale() throws {
        let locale = RunningApp.binary.deletingLastPathComponent().appendingPathComponent("locale/en@pseudo/LC_MESSAGES/cardstack.mo")
        guard FileManager.default.fileExists(atPath: locale.path) else { throw XCTSkip("no en@pseudo catalogue next to the binary: make build makes it") }
        let home = try RunningApp.temporaryHome()
        // No extension: the reader tells a JSON list by its content, and the name stays all Greek.
        let deck = home.appendingPathComponent("κακό")
        try Data(#"[{"title": "Ένα"}, 5]"#.utf8).write(to: deck)
        let app = try RunningApp(arguments: [deck.path], home: home, accessibility: true,
                                 environment: ["LC_ALL": "C.UTF-8", "LANG": "C.UTF-8", "LANGUAGE": "en@pseudo"])
        defer { app.terminate() }
        app.waitForTrace("first frame")
        var findings: [String] = []
        try read(app, "The deck's error", into: &findings)
        XCTAssertEqual(findings, [], "English left in the pseudo-locale")
        let message = try AccessibilityProbe.describe(["⟦Line 1"], states: "SHOWING", waitingUpTo: 10)
        XCTAssertTrue(message.contains("⟦item 2 is a number"), "the reader's own words, translated: \(message)")
    }
}
