// SPDX-License-Identifier: GPL-3.0-or-later
import CardStackTestSupport
import Foundation
import XCTest

/// The desktop starts CardStack through D-Bus (its desktop entry is `DBusActivatable`): Files' "Open With" calls
/// `org.freedesktop.Application.Open`, the bus starts the app from the service file meson installs, and the
/// app opens the deck; a second Open goes to the same running app.
final class DesktopActivationUITests: XCTestCase {

    func testTheBusStartsTheAppToOpenWhatFilesHandsItAndKeepsIt() throws {
        let home = try RunningApp.temporaryHome()
        // The service file as meson installs it, its Exec pointing at the built app.
        let template = try String(contentsOf: Repository.file("data/io.github.cardstack.CardStack.service.in"), encoding: .utf8)
        XCTAssertTrue(template.contains("@bindir@/cardstack --gapplication-service"))
        let services = home.appendingPathComponent("data/dbus-1/services")
        try FileManager.default.createDirectory(at: services, withIntermediateDirectories: true)
        try template.replacingOccurrences(of: "@bindir@/cardstack", with: RunningApp.binary.path)
            .write(to: services.appendingPathComponent("io.github.cardstack.CardStack.service"), atomically: true, encoding: .utf8)
        let first = home.appendingPathComponent("Errands.md")
        try "- Buy bread\n- Post the letter\n".write(to: first, atomically: true, encoding: .utf8)
        let second = home.appendingPathComponent("Reading.txt")
        try "Dune\nSolaris\n".write(to: second, atomically: true, encoding: .utf8)

        func open(_ url: URL) -> String {
            "gdbus call --session --dest io.github.cardstack.CardStack --object-path /io/github/cardstack/CardStack "
                + "--method org.freedesktop.Application.Open \"['\(url.absoluteString)']\" '{}' >/dev/null"
        }
        // A session of its own, whose bus reads the home's services; nothing runs CardStack before the first Open.
        let script = "\(open(first)) && sleep 3 && \(open(second)) && exec sleep 600"
        let session = try RunningApp(arguments: RunningApp.sessionBusArguments + ["/bin/sh", "-c", script], home: home,
                                     launcher: RunningApp.sessionBus)
        defer { session.terminate() }
        XCTAssertTrue(session.waitForTrace("opened Errands: "), session.log)
        XCTAssertTrue(session.waitForTrace("opened Reading: "), session.log)
        let running = RunningApp.output(of: "/usr/bin/pgrep", ["-f", "-x", RunningApp.binary.path + " --gapplication-service"])
        XCTAssertEqual(running.split(separator: "\n").count, 1, "the second Open went to the app already running")
    }
}
