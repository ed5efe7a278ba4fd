// SPDX-License-Identifier: GPL-3.0-or-later
import CardStackTestSupport
import Foundation
import XCTest

/// Each setting of Preferences changed, and its effect seen: one through the window itself (written at once and
/// applied without a relaunch), the others written before a launch as GSettings keeps them.
final class PreferencesUITests: XCTestCase {
    /// Writes `settings` (key → GVariant text: `'always'`, `false`) where the app reads them: GSettings' key file
    /// backend, and the app's own key file, used when the schema is not installed.
    static func write(_ settings: [String: String], in home: URL) throws {
        let gsettings = home.appendingPathComponent("config/glib-2.0/settings")
        try FileManager.default.createDirectory(at: gsettings, withIntermediateDirectories: true)
        let lines = settings.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        try Data((["[io/github/cardstack/CardStack]"] + lines).joined(separator: "\n").appending("\n").utf8)
            .write(to: gsettings.appendingPathComponent("keyfile"))
        let own = home.appendingPathComponent("config/cardstack")
        try FileManager.default.createDirectory(at: own, withIntermediateDirectories: true)
        let plain = settings.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value.trimmingCharacters(in: CharacterSet(charactersIn: "'")))" }
        try Data((["[settings]"] + plain).joined(separator: "\n").appending("\n").utf8).write(to: own.appendingPathComponent("settings.ini"))
    }

    func testTheArrowKeysUnderDeckInfoFollowTheSwitchTheMomentItChanges() throws {
        let app = try RunningApp(accessibility: true)
        defer { app.terminate() }
        app.waitForTrace("first frame")
        app.focus()
        app.key("ctrl+i")
        app.waitForTrace("sheets: info")
        app.key("Right")
        Thread.sleep(forTimeInterval: 0.5)
        XCTAssertEqual(app.deckEvents.count, 0, "under Deck info the arrows leave the deck alone by default")
        app.key("Escape")
        app.waitForTrace("sheets: none")

        app.key("ctrl+comma")
        let name = "Arrow Keys Decide Under Deck Info and History"
        // GTK 4.8 gives a switch the check box role, named by its row.
        try AccessibilityProbe.assert(["=check box|\(name)"], states: "CHECKED", is: "check box | \(name) | False", "the switch shows the setting")
        XCTAssertEqual(try AccessibilityProbe.describe(["=check box|\(name)"], states: "CLICK", waitingUpTo: 10), "check box | \(name) | clicked")
        app.waitForTrace("preference: arrows-under-sheets = true")
        app.key("Escape")
        app.focus()
        app.key("ctrl+i")
        app.waitForTrace("sheets: info", occurrence: 2)
        app.key("Right")
        XCTAssertEqual(app.waitForDeckEvents(1).count, 1, "applied at once: the arrow decides the front card under Deck info")
    }

    func testReducedMotionAlwaysTurnsAnimationsOffWhateverTheDesktopSays() throws {
        let home = try RunningApp.temporaryHome()
        try Self.write(["reduced-motion": "'always'"], in: home)
        let app = try RunningApp(home: home)
        defer { app.terminate() }
        app.waitForTrace("animations: off")
        XCTAssertFalse(app.traced("cardstack: animations: ").contains("on"), "never on: the setting holds from the first frame")
    }

    func testSwipeSensitivityChangesHowFarADragMustGo() throws {
        // The same 80 pt drag of a card 320 to 420 pt wide: short of a quarter of it (normal), past a sixth (high).
        for (sensitivity, decides) in [("normal", false), ("high", true)] {
            let home = try RunningApp.temporaryHome()
            try Self.write(["swipe-sensitivity": "'\(sensitivity)'"], in: home)
            let app = try RunningApp(home: home)
            defer { app.terminate() }
            app.waitForTrace("first frame")
            app.focus()
            let window = try XCTUnwrap(app.windowGeometry())
            RunningApp.mouseDrag(from: (window.x + window.width / 2, window.y + window.height / 2), by: (80, 0), steps: 12, stepDelay: 30_000, pause: 300_000)
            Thread.sleep(forTimeInterval: 1)
            XCTAssertEqual(app.deckEvents.count, decides ? 1 : 0, "\(sensitivity): \(app.deckEvents)")
        }
    }

    func testWhatEachDirectionWritesToASidecarIsTheChosenPreset() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/exiftool") else { throw XCTSkip("needs exiftool (make check installs it)") }
        let home = try RunningApp.temporaryHome()
        let folder = home.appendingPathComponent("Roll")
        for name in ["a.jpg", "b.jpg", "c.jpg"] { try TestImages.make(name, ["-size", "120x80", "xc:#3584e4"], in: folder) }
        try Self.write(["sidecar-style": "'darktable'", "sidecar-marks-left": "'nothing'", "sidecar-marks-right": "'five-stars'"], in: home)
        let app = try RunningApp(arguments: [folder.path], home: home)
        defer { app.terminate() }
        app.waitForTrace("first frame")
        app.focus()
        app.key("Right")
        app.key("Left")
        XCTAssertEqual(app.waitForDeckEvents(2).count, 2)
        let deadline = Date().addingTimeInterval(10)
        while !FileManager.default.fileExists(atPath: folder.appendingPathComponent("a.jpg.xmp").path), Date() < deadline { usleep(100_000) }
        let written = RunningApp.output(of: "/usr/bin/exiftool", ["-s", "-s", "-XMP-xmp:Rating", "-XMP-digiKam:PickLabel", folder.appendingPathComponent("a.jpg.xmp").path])
        XCTAssertEqual(written.split(separator: "\n"), ["Rating: 5", "PickLabel: 3"], "Keep set to five stars")
        app.terminate()
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("b.jpg.xmp").path), "Skip set to write nothing")
    }

    func testARawAndAJPEGAreTwoCardsWhenPairingIsOff() throws {
        for (pairs, cards) in [("true", 1), ("false", 2)] {
            let home = try RunningApp.temporaryHome()
            let folder = home.appendingPathComponent("Pair")
            try TestImages.make("a.jpg", ["-size", "120x80", "xc:#e01b24"], in: folder)
            try FileManager.default.copyItem(at: CameraFiles.canonR6, to: folder.appendingPathComponent("a.CR3"))
            try Self.write(["pair-raw-jpeg": pairs], in: home)
            let app = try RunningApp(arguments: [folder.path], home: home)
            defer { app.terminate() }
            app.waitForTrace("opened Pair: 0 of \(cards) decided")
        }
    }

    func testIncludeSubfoldersTakesTheirPhotosToo() throws {
        for (includes, cards) in [("false", 1), ("true", 2)] {
            let home = try RunningApp.temporaryHome()
            let folder = home.appendingPathComponent("Card")
            try TestImages.make("a.jpg", ["-size", "120x80", "xc:#e01b24"], in: folder)
            try TestImages.make("b.jpg", ["-size", "120x80", "xc:#3584e4"], in: folder.appendingPathComponent("DCIM"))
            try Self.write(["include-subfolders": includes], in: home)
            let app = try RunningApp(arguments: [folder.path], home: home)
            defer { app.terminate() }
            app.waitForTrace("opened Card: 0 of \(cards) decided")
        }
    }
}
