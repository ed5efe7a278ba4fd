// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import XCTest

/// Ctrl+L opens the link of the card in view: the Deck page's front card, Browse's centred card, the card of Card
/// details; a card without one says so.
final class LinkUITests: XCTestCase {
    func testCtrlLOpensTheLinkOfTheCardInView() throws {
        let home = try RunningApp.temporaryHome()
        let deck = home.appendingPathComponent("issues.json")
        try Data("""
            [{"title": "One", "url": "https://example.org/1"}, {"title": "Two"}, {"title": "Three", "url": "https://example.org/3"}]
            """.utf8).write(to: deck)
        // A browser of the test's own, the desktop's default for web pages in this home: it writes down each page
        // GIO hands it.
        let opened = home.appendingPathComponent("opened.txt")
        let browser = home.appendingPathComponent("browser.sh")
        try Data("#!/bin/sh\necho \"$1\" >> '\(opened.path)'\n".utf8).write(to: browser)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: browser.path)
        let applications = home.appendingPathComponent("data/applications")
        try FileManager.default.createDirectory(at: applications, withIntermediateDirectories: true)
        try Data("[Desktop Entry]\nType=Application\nName=Test Browser\nExec=\(browser.path) %u\nMimeType=x-scheme-handler/https;\n".utf8)
            .write(to: applications.appendingPathComponent("test-browser.desktop"))
        try FileManager.default.createDirectory(at: home.appendingPathComponent("config"), withIntermediateDirectories: true)
        try Data("[Default Applications]\nx-scheme-handler/https=test-browser.desktop\n".utf8)
            .write(to: home.appendingPathComponent("config/mimeapps.list"))
        let app = try RunningApp(arguments: [deck.path], home: home)
        defer { app.terminate() }
        app.waitForTrace("first frame")
        app.focus()
        app.key("ctrl+l")
        XCTAssertTrue(app.waitForTrace("link: opened https://example.org/1"), "the front card's: \(app.log)")
        app.focus()
        app.key("Right")
        XCTAssertEqual(app.waitForDeckEvents(1).count, 1)
        app.key("ctrl+l")
        XCTAssertTrue(app.waitForTrace("toast: “Two” has no link to open"), app.log)
        app.key("alt+3")
        app.waitForTrace("browse: centred")
        app.key("Right")
        app.waitForTrace("browse: centred", occurrence: 2)
        app.key("ctrl+l")
        XCTAssertTrue(app.waitForTrace("link: opened https://example.org/3"), "Browse's centred card's: \(app.log)")
        app.focus()
        app.key("Home")
        app.waitForTrace("browse: centred", occurrence: 3)
        app.key("Return")
        app.waitForTrace("sheets: details")
        app.key("ctrl+l")
        XCTAssertTrue(app.waitForTrace("link: opened https://example.org/1", occurrence: 2), "Card details' card's: \(app.log)")
        let deadline = Date().addingTimeInterval(10)
        var pages: [String] = []
        while pages.count < 3, Date() < deadline {
            usleep(100_000)
            pages = ((try? String(contentsOf: opened, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
        }
        XCTAssertEqual(pages, ["https://example.org/1", "https://example.org/3", "https://example.org/1"], "each page reached the browser")
    }
}
