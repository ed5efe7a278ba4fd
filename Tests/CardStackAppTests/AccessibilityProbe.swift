// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import XCTest

/// What a screen reader finds, asked through AT-SPI with pyatspi, as Orca does.
enum AccessibilityProbe {
    /// Prints, as one line, the role, name, and whether it has each comma-separated state in the last argument
    /// (pyatspi's names without `STATE_`) of the first element whose name contains one of the texts in the other
    /// arguments (or whose role and name are it, for a text "=role|name"); "nothing named …" when there is none.
    /// The pseudo-state `DESCRIPTION` prints the element's accessible description in its place, `EXTENTS` its
    /// box in window coordinates ("x,y,width,height"), and `CLICK` activates it as a screen reader would and
    /// prints "clicked".
    /// Python's `apps()`: the running app as AT-SPI lists it; an app of an earlier test may leave the bus while
    /// it is asked.
    private static let appsScript = """
    def apps():
        found = []
        for app in pyatspi.Registry.getDesktop(0):
            try:
                if app and app.name == "cardstack":
                    found.append(app)
            except Exception:
                pass
        return found
    """

    private static let script = """
    import sys, pyatspi
    texts = sys.argv[1:-1]
    states = sys.argv[-1].split(",")
    def find(node):
        try:
            name = node.name
        except Exception:
            return None
        if any(node.getRoleName() + "|" + name == text[1:] if text.startswith("=") else text in name for text in texts):
            return node
        for index in range(node.childCount):
            found = find(node.getChildAtIndex(index))
            if found:
                return found
        return None
    \(appsScript)
    for app in apps():
            node = find(app)
            if node:
                have = node.getState()
                def value(state):
                    if state == "DESCRIPTION":
                        return node.description
                    if state == "CLICK":
                        node.queryAction().doAction(0)
                        return "clicked"
                    if state == "EXTENTS":
                        box = node.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
                        return "%d,%d,%d,%d" % (box.x, box.y, box.width, box.height)
                    return have.contains(getattr(pyatspi, "STATE_" + state))
                print(node.getRoleName(), "|", node.name, "|", *[value(state) for state in states])
                sys.exit(0)
    print("nothing named", *texts)
    """

    /// The first element named with one of `texts`, described with `states` ("FOCUSED,EXPANDED").
    static func describe(_ texts: [String], states: String) throws -> String {
        let python = URL(fileURLWithPath: "/usr/bin/python3")
        let check = Process()
        check.executableURL = python
        check.arguments = ["-c", "import pyatspi"]
        check.standardError = FileHandle.nullDevice
        try check.run()
        check.waitUntilExit()
        guard check.terminationStatus == 0 else { throw XCTSkip("needs python3-pyatspi (make check installs it)") }
        let probe = Process()
        probe.executableURL = python
        probe.arguments = ["-c", script] + texts + [states]
        let output = Pipe()
        probe.standardOutput = output
        try probe.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        probe.waitUntilExit()
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The first element named with one of `texts`, described with `states`, asked until AT-SPI has it (a busy
    /// machine may not have shown it yet) or `timeout` seconds have passed.
    static func describe(_ texts: [String], states: String, waitingUpTo timeout: TimeInterval) throws -> String {
        try describe(texts, states: states, until: { !$0.hasPrefix("nothing named") }, timeout: timeout)
    }

    /// Asks for the element named with one of `texts` every 0.1 s until its description is `done`, at most
    /// `timeout` seconds; returns the last description.
    private static func describe(_ texts: [String], states: String, until done: (String) -> Bool, timeout: TimeInterval) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        var seen = try describe(texts, states: states)
        while !done(seen), Date() < deadline {
            usleep(100_000)
            seen = try describe(texts, states: states)
        }
        return seen
    }

    /// Asks until the element named with one of `texts` is described as `expected` (motion may still be
    /// finishing), at most `timeout` seconds; fails the test otherwise.
    static func assert(
        _ texts: [String], states: String, is expected: String, timeout: TimeInterval = 10, _ message: String = "",
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        XCTAssertEqual(try waitFor(texts, states: states, toBe: expected, timeout: timeout), expected, message, file: file, line: line)
    }

    /// Asks until the element named with one of `texts` is described as `expected`, at most `timeout` seconds;
    /// returns the last description, `expected` when it came.
    static func waitFor(_ texts: [String], states: String, toBe expected: String, timeout: TimeInterval = 10) throws -> String {
        try describe(texts, states: states, until: { $0 == expected }, timeout: timeout)
    }

    /// Every control of the running app a screen reader would speak by a GTK or libadwaita class name, or with a
    /// mnemonic's underscore, as "role | name" lines: what should be none. With `panels`, also every panel and
    /// page tab list (a stack's page, a view switcher), which Orca speaks on entering them.
    static func controlsNamedByClassOrMnemonic(panels: Bool = false) throws -> [String] {
        let script = """
        import re, pyatspi
        controls = {"push button", "toggle button", "check box", "radio button", "combo box", "menu item", "slider", "spin button", "switch", "link", "frame", "dialog", "alert"}
        if \(panels ? "True" : "False"):
            controls |= {"panel", "page tab list", "page tab"}
        found = []
        def walk(node, depth):
            if depth > 60:
                return
            try:
                role, name = node.getRoleName(), node.name
            except Exception:
                return
            if role in controls and (re.match(r"^(Gtk|Adw)[A-Z]", name) or re.search(r"(^|\\s)_\\w", name)):
                found.append(role + " | " + name)
            for index in range(node.childCount):
                walk(node.getChildAtIndex(index), depth + 1)
        \(appsScript)
        for app in apps():
            walk(app, 0)
        print("\\n".join(found))
        """
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        probe.arguments = ["-c", script]
        let output = Pipe()
        probe.standardOutput = output
        try probe.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        probe.waitUntilExit()
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }
}
