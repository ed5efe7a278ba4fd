// SPDX-License-Identifier: GPL-3.0-or-later
import CardStackTestSupport
import Foundation
import Translation
import XCTest

/// The wrappers look messages up in a real catalogue, compiled here by gettext's own `msgfmt`.
final class TranslationTests: XCTestCase {
    private static let catalogue = #"""
        msgid ""
        msgstr ""
        "Content-Type: text/plain; charset=UTF-8\n"
        "Plural-Forms: nplurals=2; plural=(n != 1);\n"

        msgid "_Undo"
        msgstr "_Rückgängig"

        msgid "%ld card"
        msgid_plural "%ld cards"
        msgstr[0] "%ld Karte"
        msgstr[1] "%ld Karten"

        msgctxt "direction"
        msgid "Skip"
        msgstr "Überspringen"
        """#

    override func setUpWithError() throws {
        let folder = try TemporaryFolder()
        addTeardownBlock { folder.remove() }
        let source = try folder.write(Self.catalogue, to: "de.po")
        let messages = folder.url.appendingPathComponent("de/LC_MESSAGES")
        try FileManager.default.createDirectory(at: messages, withIntermediateDirectories: true)
        let msgfmt = Process()
        msgfmt.executableURL = URL(fileURLWithPath: "/usr/bin/msgfmt")
        msgfmt.arguments = ["--check", "-o", messages.appendingPathComponent("\(Translation.domain).mo").path, source.path]
        guard (try? msgfmt.run()) != nil else { throw XCTSkip("no msgfmt (Debian's gettext)") }
        msgfmt.waitUntilExit()
        XCTAssertEqual(msgfmt.terminationStatus, 0)
        // LANGUAGE is honoured under a real locale, not under C.
        setenv("LC_ALL", "C.UTF-8", 1)
        setenv("LANGUAGE", "de", 1)
        Translation.setUp(localeDirectory: folder.url.path)
        addTeardownBlock {
            unsetenv("LANGUAGE")
            unsetenv("LC_ALL")
            Translation.setUp(localeDirectory: folder.url.path)
        }
    }

    func testAMessageIsLookedUpByItsEnglishText() {
        XCTAssertEqual(tr("_Undo"), "_Rückgängig")
        XCTAssertEqual(tr("Not in the catalogue"), "Not in the catalogue", "a message with no translation stays English")
    }

    func testPluralFormsFollowTheCount() {
        XCTAssertEqual(String(format: trn("%ld card", "%ld cards", 1), 1), "1 Karte")
        XCTAssertEqual(String(format: trn("%ld card", "%ld cards", 3), 3), "3 Karten")
        XCTAssertEqual(String(format: trn("%ld day", "%ld days", 3), 3), "3 days", "English forms without a translation")
        XCTAssertEqual(String(format: trn("%ld day", "%ld days", 1), 1), "1 day")
    }

    func testAContextTellsApartTheSameEnglishWord() {
        XCTAssertEqual(trp("direction", "Skip"), "Überspringen")
        XCTAssertEqual(trp("verb", "Skip"), "Skip", "another context has no translation")
    }

    /// The lookup the core is handed: messages made at run time, translated or not. gettext answers an untranslated
    /// message with the pointer it was given, which for a Swift string is gone once the call returns: every answer
    /// must still be the message, whole, however many are asked in a row.
    func testMessagesMadeAtRunTimeComeBackWholeWhenUntranslated() {
        XCTAssertEqual(Translation.translate("_Undo", plural: nil, count: 1, context: nil), "_Rückgängig")
        for index in 0..<2_000 {
            let message = "Line \(index), column \(index * 7): a message long enough to leave the small-string storage"
            XCTAssertEqual(Translation.translate(message, plural: nil, count: 1, context: nil), message)
            XCTAssertEqual(Translation.translate(message, plural: message + "s", count: 2, context: nil), message + "s")
            XCTAssertEqual(Translation.translate(message, plural: nil, count: 1, context: "month"), message)
        }
        XCTAssertEqual(Translation.translate("Skip", plural: nil, count: 1, context: "direction"), "Überspringen")
        XCTAssertEqual(Translation.translate("%ld card", plural: "%ld cards", count: 3, context: nil), "%ld Karten")
    }
}
