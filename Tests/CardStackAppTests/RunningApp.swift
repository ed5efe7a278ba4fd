// SPDX-License-Identifier: GPL-3.0-or-later
import CardStackCore
import CardStackTestSupport
import Foundation
import Glibc
import XCTest

/// The real `cardstack` binary running under the test's X display, driven with xdotool like a person would.
///
/// Each app gets private config and data folders, so tests never see each other's settings or decisions.
final class RunningApp {
    let process = Process()
    let home: URL
    private let errorPipe = Pipe()
    private let output = LockedText()
    private let printedPipe = Pipe()
    private let printedText = LockedText()

    /// The built binary: it sits next to the test bundle in SwiftPM's bin folder.
    static var binary: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("cardstack")
    }

    /// `dbus-run-session`, which gives a command a session bus of its own.
    static let sessionBus = URL(fileURLWithPath: "/usr/bin/dbus-run-session")

    /// The arguments of ``sessionBus`` before the command: a bus of the suite's kind, on which the desktop portals
    /// can't start (`Tests/SessionBus/session.conf` says why).
    static var sessionBusArguments: [String] {
        ["--config-file=" + Repository.file("Tests/SessionBus/session.conf").path, "--"]
    }

    /// Starts the app; `home` is reused to test what survives a restart. Without `accessibility` the app does not
    /// connect to the accessibility bus, which only slows the other tests down.
    /// With `ownBus` the app gets a D-Bus session bus of its own (through `dbus-run-session`), as in another
    /// desktop session: GApplication can't hand it over to an instance already running.
    /// With `launcher`, that program runs with `arguments` instead of the app, in the app's environment (a
    /// D-Bus session whose bus starts the app).
    /// With `input`, the app reads it on its standard input (a file, so a large one needs no writer thread), and
    /// what it prints on standard output is in ``printed``.
    init(arguments: [String] = [], home: URL? = nil, accessibility: Bool = false, ownBus: Bool = false,
         environment extra: [String: String] = [:], input: URL? = nil, launcher: URL? = nil) throws {
        guard FileManager.default.isExecutableFile(atPath: Self.binary.path) else {
            throw XCTSkip("no cardstack binary at \(Self.binary.path): build it first (make check does)")
        }
        self.home = try home ?? Self.temporaryHome()
        try FileManager.default.createDirectory(at: self.home, withIntermediateDirectories: true)
        var environment = ProcessInfo.processInfo.environment
        environment["CARDSTACK_TRACE"] = "1"
        environment["XDG_CONFIG_HOME"] = self.home.appendingPathComponent("config").path
        environment["XDG_DATA_HOME"] = self.home.appendingPathComponent("data").path
        environment["GSETTINGS_BACKEND"] = "keyfile"
        if accessibility {
            environment["GTK_A11Y"] = nil
        } else {
            environment["GTK_A11Y"] = "none"
        }
        environment.merge(extra) { _, new in new }
        (process.executableURL, process.arguments) = if let launcher {
            (launcher, arguments)
        } else if ownBus {
            Self.invocation(of: Self.sessionBus, Self.sessionBusArguments + [Self.binary.path] + arguments)
        } else {
            Self.invocation(of: Self.binary, arguments)
        }
        process.environment = environment
        process.standardError = errorPipe
        if let input {
            process.standardInput = try FileHandle(forReadingFrom: input)
            process.standardOutput = printedPipe
            let printed = printedText
            printedPipe.fileHandleForReading.readabilityHandler = { handle in
                printed.append(String(decoding: handle.availableData, as: UTF8.self))
            }
        } else {
            process.standardOutput = FileHandle.nullDevice
        }
        let output = self.output
        errorPipe.fileHandleForReading.readabilityHandler = { handle in
            output.append(String(decoding: handle.availableData, as: UTF8.self))
        }
        try process.run()
    }

    /// How to run `executable` with `arguments`, which are ``FileNameEncoding`` text: `Process` passes arguments
    /// as UTF-8, so one holding bytes that aren't (a Latin-1 path) goes through `/bin/sh`, whose `printf` writes
    /// each of its bytes from an octal escape.
    static func invocation(of executable: URL, _ arguments: [String]) -> (URL, [String]) {
        guard arguments.contains(where: FileNameEncoding.hasBytesOutsideUTF8) else { return (executable, arguments) }
        let words = arguments.map { argument in
            let octal = FileNameEncoding.fileSystemRepresentation(of: argument).dropLast().map { "\\" + String(UInt8(bitPattern: $0), radix: 8) }
            return "\"$(printf '\(octal.joined())')\""
        }
        return (URL(fileURLWithPath: "/bin/sh"), ["-c", "exec \"$0\" " + words.joined(separator: " "), executable.path])
    }

    /// The app's process id.
    var pid: Int32 { process.processIdentifier }

    /// Everything the app wrote to stderr so far.
    var log: String { output.text }

    /// Waits until the app's trace contains `text` (`occurrence` times); fails the test with the log if it does not in time.
    @discardableResult
    func waitForTrace(_ text: String, occurrence: Int = 1, timeout: TimeInterval = 20, file: StaticString = #filePath, line: UInt = #line) -> Bool {
        if poll(timeout: timeout, { self.log.components(separatedBy: text).count > occurrence }) { return true }
        XCTFail("no “\(text)” (\(occurrence) times) in the app's trace within \(timeout) s; log:\n\(log)", file: file, line: line)
        return false
    }

    /// The app's top-level window id, once it is mapped.
    func windowID(timeout: TimeInterval = 20) -> String? {
        var id: String?
        _ = poll(timeout: timeout) {
            id = Self.xdotool(["search", "--onlyvisible", "--pid", "\(self.process.processIdentifier)"]).split(separator: "\n").last.map(String.init)
            return id != nil
        }
        return id
    }

    /// Gives the window keyboard focus (there is no window manager under Xvfb to do it) and waits until GTK
    /// has seen it, so no key typed next is lost.
    func focus(file: StaticString = #filePath, line: UInt = #line) {
        guard let window = windowID() else { return XCTFail("the app mapped no window", file: file, line: line) }
        Self.xdotool(["windowfocus", "--sync", window])
        if !poll(timeout: 10, { self.isActive }) {
            XCTFail("the window never became active; log:\n\(log)", file: file, line: line)
        }
    }

    /// Whether the app's last word on its window's focus was that it is active.
    private var isActive: Bool {
        let text = log
        guard let active = text.range(of: "cardstack: window active", options: .backwards) else { return false }
        guard let inactive = text.range(of: "cardstack: window inactive", options: .backwards) else { return true }
        return active.lowerBound > inactive.lowerBound
    }

    /// Activates the main window's action `name` ("open-as") over D-Bus, as GApplication exports it: for the
    /// menu items a test need not reach by pointing.
    func activateWindowAction(_ name: String) {
        _ = Self.output(of: "/usr/bin/gdbus", [
            "call", "--session", "--dest", "io.github.cardstack.CardStack", "--object-path", "/io/github/cardstack/CardStack/window/1",
            "--method", "org.gtk.Actions.Activate", name, "[]", "{}",
        ])
    }

    /// Gives the keyboard to the app's newest window (a dialog it just presented), as a window manager would.
    func focusNewestWindow() {
        if let window = Self.xdotool(["search", "--onlyvisible", "--pid", "\(process.processIdentifier)"]).split(separator: "\n").last {
            Self.xdotool(["windowfocus", "--sync", String(window)])
        }
    }

    /// Presses keys through XTEST, e.g. `key("ctrl+q")`.
    func key(_ keys: String...) {
        Self.xdotool(["key", "--delay", "40"] + keys)
    }

    /// The window's size in pixels, as the X server sees it.
    func windowSize() -> (width: Int, height: Int)? {
        windowGeometry().map { ($0.width, $0.height) }
    }

    /// The window's top-left corner on the screen and its size, in pixels.
    func windowGeometry() -> (x: Int, y: Int, width: Int, height: Int)? {
        guard let window = windowID() else { return nil }
        let text = Self.xdotool(["getwindowgeometry", "--shell", window])
        func value(_ key: String) -> Int? {
            text.split(separator: "\n").first { $0.hasPrefix("\(key)=") }.flatMap { Int($0.dropFirst(key.count + 1)) }
        }
        guard let x = value("X"), let y = value("Y"), let width = value("WIDTH"), let height = value("HEIGHT") else { return nil }
        return (x, y, width, height)
    }

    /// A new folder for one app's config and data (and a test's files), in ``appHomes``.
    static func temporaryHome() throws -> URL {
        let home = appHomes.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        return home
    }

    /// Drags with the left mouse button from `start` by `offset` in `steps` moves `stepDelay` µs apart, as a
    /// hand would, holding still for `pause` µs before letting go (a slow release, not a flick).
    static func mouseDrag(from start: (x: Int, y: Int), by offset: (x: Int, y: Int), steps: Int = 15,
                          stepDelay: useconds_t = 16_000, pause: useconds_t = 0) {
        xdotool(["mousemove", "\(start.x)", "\(start.y)"])
        xdotool(["mousedown", "1"])
        for step in 1...steps {
            xdotool(["mousemove", "\(start.x + offset.x * step / steps)", "\(start.y + offset.y * step / steps)"])
            if stepDelay > 0 { usleep(stepDelay) }
        }
        if pause > 0 { usleep(pause) }
        xdotool(["mouseup", "1"])
    }

    /// What the app printed on standard output (only with an `input`), once it has exited.
    var printed: String {
        // The reader thread may still be handing over the last bytes for a moment after the exit: wait until the
        // text stops growing.
        var last = printedText.text
        _ = poll(timeout: 2) {
            usleep(150_000)
            let now = self.printedText.text
            defer { last = now }
            return now == last
        }
        return printedText.text
    }

    /// Waits for the app to exit by itself; returns its status, or nil if it is still running.
    func waitForExit(timeout: TimeInterval = 20) -> Int32? {
        poll(timeout: timeout) { !self.process.isRunning } ? process.terminationStatus : nil
    }

    /// Kills the app at once, as a crash or a power cut of the process would (SIGKILL: no cleanup runs).
    func kill() {
        Glibc.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// Runs `cardstack` with `arguments` to completion in this app's home, as a command-line user would;
    /// `unprivileged` runs it as user nobody when the tests run as root, whom permission bits don't stop.
    func runCommand(_ arguments: [String], unprivileged: Bool = false) -> (status: Int32, output: String, error: String) {
        let command = Process()
        var environment = ProcessInfo.processInfo.environment
        if unprivileged && getuid() == 0 {
            let nobody = "65534"
            command.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
            command.arguments = ["--reuid=\(nobody)", "--regid=\(nobody)", "--clear-groups", Self.binary.path] + arguments
            environment["HOME"] = FileManager.default.temporaryDirectory.path
        } else {
            (command.executableURL, command.arguments) = Self.invocation(of: Self.binary, arguments)
        }
        environment["XDG_CONFIG_HOME"] = home.appendingPathComponent("config").path
        environment["XDG_DATA_HOME"] = home.appendingPathComponent("data").path
        command.environment = environment
        let output = Pipe()
        let error = Pipe()
        command.standardOutput = output
        command.standardError = error
        do { try command.run() } catch { return (-1, "", "\(error)") }
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = error.fileHandleForReading.readDataToEndOfFile()
        command.waitUntilExit()
        return (command.terminationStatus, String(decoding: outputData, as: UTF8.self), String(decoding: errorData, as: UTF8.self))
    }

    /// What follows `prefix` on each trace line that has it ("cardstack: deck: " gives "decided dune right"), in
    /// order.
    func traced(_ prefix: String) -> [String] {
        log.split(separator: "\n").compactMap { line in
            line.range(of: prefix).map { String(line[$0.upperBound...]) }
        }
    }

    /// The trace lines about the deck ("decided dune right", …), in order.
    var deckEvents: [String] { traced("cardstack: deck: ") }

    /// Waits until at least `count` deck events were traced.
    func waitForDeckEvents(_ count: Int, timeout: TimeInterval = 10) -> [String] {
        _ = poll(timeout: timeout) { self.deckEvents.count >= count }
        return deckEvents
    }

    /// Ends the app if a test left it running.
    func terminate() {
        if process.isRunning {
            // dbus-run-session, terminated itself, leaves its bus and its command running: its children are
            // ended instead, and it ends with them.
            if process.executableURL == Self.sessionBus {
                let children = Self.output(of: "/usr/bin/pgrep", ["-P", String(process.processIdentifier)])
                for child in children.split(separator: "\n").compactMap({ Int32($0) }) { Glibc.kill(child, SIGTERM) }
                _ = waitForExit(timeout: 5)
            }
            if process.isRunning {
                process.terminate()
                _ = waitForExit(timeout: 5)
            }
        }
        errorPipe.fileHandleForReading.readabilityHandler = nil
    }

    @discardableResult
    static func xdotool(_ arguments: [String]) -> String {
        output(of: "/usr/bin/xdotool", arguments)
    }

    /// Ends the processes whose command line holds `text` (a server a test's tool spawned on a path of the
    /// test's), and waits until they are gone.
    static func end(commandLinesContaining text: String) {
        _ = output(of: "/usr/bin/pkill", ["-f", text])
        for _ in 0..<50 where !output(of: "/usr/bin/pgrep", ["-f", text]).isEmpty { usleep(100_000) }
    }

    /// What a tool prints on stdout (its stderr is dropped), once it has exited; empty if it can't run.
    static func output(of executable: String, _ arguments: [String]) -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return "" }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    private func poll(timeout: TimeInterval, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if condition() { return true }
            usleep(50_000)
        }
        return condition()
    }
}

extension XCTestCase {
    /// The app on a new test deck of `cards` cards in a home of its own, its first frame drawn and its window
    /// focused; ended when the test ends.
    /// Starts the app on `folder` with `home`, readable by AT-SPI, and once its first frame is up presses each of
    /// `keys` (a step each) and waits for those steps.
    func launch(on folder: URL, home: URL, deciding keys: [String]) throws -> RunningApp {
        let app = try RunningApp(arguments: [folder.path], home: home, accessibility: true)
        addTeardownBlock { app.terminate() }
        app.waitForTrace("first frame")
        app.focus()
        for key in keys { app.key(key) }
        XCTAssertEqual(app.waitForDeckEvents(keys.count).count, keys.count)
        return app
    }

    func launchOnTestDeck(cards: Int, accessibility: Bool = false) throws -> (app: RunningApp, deck: URL) {
        let home = try RunningApp.temporaryHome()
        let deck = try TestDecks.json(count: cards, in: home.appendingPathComponent("decks"))
        let app = try RunningApp(arguments: [deck.path], home: home, accessibility: accessibility)
        addTeardownBlock { app.terminate() }
        app.waitForTrace("first frame")
        app.focus()
        return (app, deck)
    }
}

/// Text appended from the pipe's reader thread and read from the test's thread.
final class LockedText: @unchecked Sendable {
    private let lock = NSLock()
    private var storage = ""

    func append(_ text: String) {
        lock.lock()
        storage += text
        lock.unlock()
    }

    var text: String {
        lock.lock()
        defer { lock.unlock() }
        return storage
    }
}

/// The folder that holds every app home this test process makes, under the temporary folder, deleted as the
/// process exits. A home outlives its app (tests start the app again on it to see what a restart keeps), so no
/// single test knows when it is done with it; one run of the suite left about 150 MB of them behind.
let appHomes: URL = {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cardstack-ui-\(UUID().uuidString)")
    atexit { try? FileManager.default.removeItem(at: appHomes) }
    return folder
}()
