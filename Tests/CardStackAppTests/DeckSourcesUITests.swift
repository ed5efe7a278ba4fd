// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import XCTest

/// `cardstack -` in a pipe, as a script runs it: the deck from standard input, the cards decided the asked ways
/// printed back in the input's own form when the window closes, and the exit status saying how it ended.
final class PipeUITests: XCTestCase {
    /// Writes `text` to a file in `home` for the app's standard input.
    private func input(_ text: String, in home: URL, name: String = "stdin") throws -> URL {
        let url = home.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url
    }

    func testLinesInKeptLinesOutAndTheSameInputResumes() throws {
        let home = try RunningApp.temporaryHome()
        let lines = try input("b.jpg\na.jpg\nc.jpg\n", in: home)
        let first = try RunningApp(arguments: ["-", "--print", "left,up"], home: home, input: lines)
        defer { first.terminate() }
        XCTAssertTrue(first.waitForTrace("opened Standard Input: 0 of 3 decided"))
        first.waitForTrace("first frame")
        first.focus()
        first.key("Left", "Right", "Up")
        XCTAssertEqual(first.waitForDeckEvents(3).count, 3)
        first.key("ctrl+q")
        XCTAssertEqual(first.waitForExit(), 0, "every card decided")
        XCTAssertEqual(first.printed, "b.jpg\nc.jpg\n", "the lines decided left or up, in the input's order")

        let again = try RunningApp(arguments: ["-", "--print", "right"], home: home, input: lines)
        defer { again.terminate() }
        XCTAssertTrue(again.waitForTrace("opened Standard Input: 3 of 3 decided"), "the same input resumes where it stopped")
        again.waitForTrace("first frame")
        again.focus()
        again.key("ctrl+z")
        XCTAssertEqual(again.waitForDeckEvents(1).count, 1)
        again.key("ctrl+q")
        XCTAssertEqual(again.waitForExit(), 1, "closed with a card undecided")
        XCTAssertEqual(again.printed, "a.jpg\n")
    }

    /// Esc on the Deck page, or Ctrl+C in the terminal, cancels a pipe as fzf's Esc does: nothing printed, exit
    /// status 130, and the decisions made are there at the next run of the same input.
    func testEscOrCtrlCCancelsAPipeWithNothingPrinted() throws {
        let home = try RunningApp.temporaryHome()
        let lines = try input("one\ntwo\nthree\n", in: home)
        let first = try RunningApp(arguments: ["-", "--print", "right"], home: home, input: lines)
        defer { first.terminate() }
        first.waitForTrace("first frame")
        first.focus()
        first.key("Right")
        XCTAssertEqual(first.waitForDeckEvents(1).count, 1)
        first.key("Escape")
        XCTAssertEqual(first.waitForExit(), 130, first.log)
        XCTAssertEqual(first.printed, "", "nothing printed")

        let again = try RunningApp(arguments: ["-", "--print", "right"], home: home, input: lines)
        defer { again.terminate() }
        XCTAssertTrue(again.waitForTrace("opened Standard Input: 1 of 3 decided"), "the decision is kept: \(again.log)")
        again.waitForTrace("first frame")
        kill(again.pid, SIGINT)
        XCTAssertEqual(again.waitForExit(), 130, "Ctrl+C in the terminal: \(again.log)")
        XCTAssertEqual(again.printed, "")
    }

    /// In a pipe the header has Done, which prints what was decided and ends (1: not every card was decided).
    func testDonePrintsWhatWasDecidedAndEnds() throws {
        let home = try RunningApp.temporaryHome()
        let lines = try input("one\ntwo\n", in: home)
        let app = try RunningApp(arguments: ["-", "--print", "right"], home: home, accessibility: true, input: lines)
        defer { app.terminate() }
        app.waitForTrace("first frame")
        app.focus()
        app.key("Right")
        XCTAssertEqual(app.waitForDeckEvents(1).count, 1)
        XCTAssertEqual(try AccessibilityProbe.describe(["=push button|Done"], states: "CLICK", waitingUpTo: 10), "push button | Done | clicked")
        XCTAssertEqual(app.waitForExit(), 1, app.log)
        XCTAssertEqual(app.printed, "one\n")
    }

    /// A Markdown item kept is printed whole, with its indented body lines (its first line alone before).
    func testAMarkdownItemIsPrintedWithItsBody() throws {
        let home = try RunningApp.temporaryHome()
        let list = try input("# Ideas\n- Ship it\n  after the review\n  - and a test\n- Drop it\n", in: home)
        let app = try RunningApp(arguments: ["-", "--print", "right"], home: home, input: list)
        defer { app.terminate() }
        app.waitForTrace("first frame")
        app.focus()
        app.key("Right", "Left")
        XCTAssertEqual(app.waitForDeckEvents(2).count, 2)
        app.key("ctrl+q")
        XCTAssertEqual(app.waitForExit(), 0)
        XCTAssertEqual(app.printed, "- Ship it\n  after the review\n  - and a test\n")
    }

    /// A store the pipe can't save to (damaged, or held by another CardStack) changes nothing of how a pipe ends:
    /// the decisions are printed, and the status says whether every card was decided.
    func testADamagedOrLockedStoreStillPrintsAndExitsAsDocumented() throws {
        let home = try RunningApp.temporaryHome()
        let lines = try input("one\ntwo\n", in: home)
        let database = home.appendingPathComponent("data/io.github.cardstack.CardStack/decisions.sqlite")
        try FileManager.default.createDirectory(at: database.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("not a database, not at all".utf8).write(to: database)
        let damaged = try RunningApp(arguments: ["-", "--print", "right"], home: home, input: lines)
        defer { damaged.terminate() }
        damaged.waitForTrace("first frame")
        damaged.focus()
        damaged.key("Right", "Left")
        XCTAssertEqual(damaged.waitForDeckEvents(2).count, 2)
        damaged.key("ctrl+q")
        XCTAssertEqual(damaged.waitForExit(), 0, "every card decided: \(damaged.log)")
        XCTAssertEqual(damaged.printed, "one\n")
        XCTAssertEqual(try Data(contentsOf: database), Data("not a database, not at all".utf8), "the damaged file is left as it is")

        try FileManager.default.removeItem(at: database)
        let holder = try RunningApp(arguments: ["-", "--print", "right"], home: home, input: lines)
        defer { holder.terminate() }
        holder.waitForTrace("first frame")
        let locked = try RunningApp(arguments: ["-", "--print", "right"], home: home, input: lines)
        defer { locked.terminate() }
        locked.waitForTrace("first frame")
        locked.focus()
        locked.key("Right")
        XCTAssertEqual(locked.waitForDeckEvents(1).count, 1)
        locked.key("ctrl+q")
        XCTAssertEqual(locked.waitForExit(), 1, "a card left undecided: \(locked.log)")
        XCTAssertEqual(locked.printed, "one\n")
    }

    /// Input that is no deck, with a store that can't be saved to: the message and status 2, not a crash as the
    /// app quits (the journal told the closed window of the store's problem).
    func testInputThatIsNoDeckWithADamagedStoreEndsWithStatusTwo() throws {
        let home = try RunningApp.temporaryHome()
        let database = home.appendingPathComponent("data/io.github.cardstack.CardStack/decisions.sqlite")
        try FileManager.default.createDirectory(at: database.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("not a database, not at all".utf8).write(to: database)
        let app = try RunningApp(arguments: ["-", "--print", "right"], home: home, input: try input("  \n", in: home))
        defer { app.terminate() }
        XCTAssertEqual(app.waitForExit(), 2, app.log)
        XCTAssertTrue(app.log.contains("“standard input” is empty"), app.log)
        XCTAssertFalse(app.log.contains("Fatal error"), app.log)
    }

    /// Standard input closed (`cardstack - <&-`) is said as such, not as errno's words for a descriptor
    /// that is something else now.
    func testAClosedStandardInputIsSaidAsSuch() throws {
        let home = try RunningApp.temporaryHome()
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        shell.arguments = ["-c", "exec \"$0\" - --print right <&-", RunningApp.binary.path]
        shell.environment = ProcessInfo.processInfo.environment.merging(
            ["XDG_DATA_HOME": home.appendingPathComponent("data").path, "XDG_CONFIG_HOME": home.appendingPathComponent("config").path,
             "GSETTINGS_BACKEND": "keyfile", "GTK_A11Y": "none"]) { _, new in new }
        let errors = Pipe()
        shell.standardError = errors
        shell.standardOutput = FileHandle.nullDevice
        try shell.run()
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        shell.waitUntilExit()
        XCTAssertEqual(shell.terminationStatus, 2)
        XCTAssertTrue(said.contains("standard input is closed"), said)
    }

    func testAJSONListPrintsItsObjectsAsJSONLinesWithTheChosenFields() throws {
        let home = try RunningApp.temporaryHome()
        let issues = try input("""
            [
              {"number": 7, "title": "Crash on start", "url": "https://example.org/7", "Notes": "first"},
              {"number": 8, "title": "Dark mode", "url": "https://example.org/8", "Notes": "second"}
            ]
            """, in: home)
        let app = try RunningApp(arguments: ["-", "--print", "right", "--field", "id=Notes"], home: home, input: issues)
        defer { app.terminate() }
        XCTAssertTrue(app.waitForTrace("opened Standard Input: 0 of 2 decided, front first"), "the id comes from the chosen field")
        app.waitForTrace("first frame")
        app.focus()
        app.key("Right")
        XCTAssertEqual(app.waitForDeckEvents(1), ["decided first right"])
        app.key("ctrl+q")
        XCTAssertEqual(app.waitForExit(), 1)
        XCTAssertEqual(app.printed, #"{"number":7,"title":"Crash on start","url":"https://example.org/7","Notes":"first"}"# + "\n")
    }

    /// A shop's CSV export with a header of 50,000 columns (588 KB) is read as CSV from a pipe, not as lines of
    /// text: recognition reads the header whole.
    func testACSVWithAHeaderLongerThanTheSampleIsReadAsCSV() throws {
        let home = try RunningApp.temporaryHome()
        let columns = ["Name"] + (1..<50_000).map { "Spalte \($0)" }
        let rows = ["Schraube", "Mutter"].map { name in ([name] + (1..<50_000).map(String.init)).joined(separator: ";") }
        let csv = try input(([columns.joined(separator: ";")] + rows).joined(separator: "\n") + "\n", in: home)
        let app = try RunningApp(arguments: ["-", "--print", "right"], home: home, input: csv)
        defer { app.terminate() }
        XCTAssertTrue(app.waitForTrace("opened Standard Input: 0 of 2 decided"), "two rows, two cards: \(app.log.suffix(400))")
        app.waitForTrace("first frame")
        app.focus()
        app.key("Right")
        XCTAssertEqual(app.waitForDeckEvents(1).count, 1)
        app.key("ctrl+q")
        XCTAssertEqual(app.waitForExit(), 1)
        XCTAssertEqual(app.printed, columns.joined(separator: ";") + "\n" + rows[0] + "\n", "the header and the kept row, as they came")
    }

    func testInputThatIsNoDeckEndsWithAMessageAndStatusTwo() throws {
        let home = try RunningApp.temporaryHome()
        let empty = try input("  \n", in: home)
        let app = try RunningApp(arguments: ["-", "--print", "right"], home: home, input: empty)
        defer { app.terminate() }
        XCTAssertEqual(app.waitForExit(), 2)
        XCTAssertTrue(app.log.contains("“standard input” is empty"), app.log)
        XCTAssertEqual(app.printed, "")

        let numbers = try input("[1, 2, 3]\n", in: home, name: "numbers")
        let second = try RunningApp(arguments: ["-", "--print", "right"], home: home, input: numbers)
        defer { second.terminate() }
        XCTAssertEqual(second.waitForExit(), 2)
        XCTAssertTrue(second.log.contains("Line 1, column 2: item 1 is a number"), second.log)
    }

    func testAnEndlessInputIsCutAtItsLimitNotReadIntoMemory() throws {
        let home = try RunningApp.temporaryHome()
        // A sparse file larger than the limit stands for `yes`: read as fast, without writing 300 MB to disk.
        let endless = home.appendingPathComponent("endless")
        XCTAssertTrue(FileManager.default.createFile(atPath: endless.path, contents: Data("y\n".utf8)))
        let handle = try FileHandle(forWritingTo: endless)
        try handle.truncate(atOffset: 300 * 1_048_576)
        try handle.close()
        let app = try RunningApp(arguments: ["-", "--print", "left"], home: home, input: endless)
        defer { app.terminate() }
        XCTAssertEqual(app.waitForExit(timeout: 60), 2)
        XCTAssertTrue(app.log.contains("larger than 256 MB"), app.log)
    }
}

/// Lists that are not CardStack decks, opened as files: a folder of any files, and a Markdown list whose items
/// link somewhere.
final class DeckSourcesUITests: XCTestCase {
    func testAFolderOfFilesIsADeckOfItsFilesAndPrintsTheirPaths() throws {
        let home = try RunningApp.temporaryHome()
        let folder = home.appendingPathComponent("Downloads")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for name in ["archive.zip", "notes.txt", "report.pdf"] { try Data(name.utf8).write(to: folder.appendingPathComponent(name)) }
        let app = try RunningApp(arguments: [folder.path, "--print", "left"], home: home, accessibility: true,
                                 input: try { let empty = home.appendingPathComponent("empty"); try Data().write(to: empty); return empty }())
        defer { app.terminate() }
        XCTAssertTrue(app.waitForTrace("opened Downloads: 0 of 3 decided"))
        app.waitForTrace("first frame")
        app.focus()
        try AccessibilityProbe.assert(["archive.zip"], states: "FOCUSABLE", is: "panel | Card 1 of 3: archive.zip — 11 bytes · \(Self.today) | True",
                                      "the card says the file's size and day, and no pixel size of its icon")
        app.key("Left", "Right", "Left")
        XCTAssertEqual(app.waitForDeckEvents(3).count, 3)
        app.key("ctrl+q")
        XCTAssertEqual(app.waitForExit(), 0)
        let standardized = folder.standardizedFileURL.path
        XCTAssertEqual(app.printed, "\(standardized)/archive.zip\n\(standardized)/report.pdf\n", "the paths, for xargs gio trash")
    }

    /// Card details of a file shown by its type's icon describe the file (name, folder, size, type), never the
    /// icon's picture file in the icon theme.
    func testDetailsOfAFileShownByItsIconDescribeTheFile() throws {
        let home = try RunningApp.temporaryHome()
        let folder = home.appendingPathComponent("Downloads")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(repeating: 0x41, count: 1_234).write(to: folder.appendingPathComponent("archive.zip"))
        try Data("notes".utf8).write(to: folder.appendingPathComponent("notes.txt"))
        let app = try RunningApp(arguments: [folder.path], home: home, accessibility: true)
        defer { app.terminate() }
        app.waitForTrace("first frame")
        app.focus()
        app.key("Return")
        app.waitForTrace("sheets: details")
        try AccessibilityProbe.assert(["=label|1.2 kB"], states: "SENSITIVE", is: "label | 1.2 kB | True", "the file's own size")
        try AccessibilityProbe.assert(["=label|archive.zip"], states: "SENSITIVE", is: "label | archive.zip | True", "the file's own name")
        try AccessibilityProbe.assert(["=label|\(folder.path)"], states: "SENSITIVE", is: "label | \(folder.path) | True", "its folder")
        XCTAssertEqual(try AccessibilityProbe.describe(["/usr/share/icons", "application-", "512 × 512", "pixels"], states: "SHOWING"),
                       "nothing named /usr/share/icons application- 512 × 512 pixels", "nothing of the icon")
    }

    func testAMarkdownItemsLinkShowsItsSiteAndDetailsOfferToOpenIt() throws {
        let home = try RunningApp.temporaryHome()
        let list = home.appendingPathComponent("reading.md")
        try Data("# Reading\n\n- [ ] [Dune](https://www.example.org/dune) by Herbert\n  a classic\n- [x] Emma\n".utf8).write(to: list)
        let app = try RunningApp(arguments: [list.path], home: home, accessibility: true)
        defer { app.terminate() }
        XCTAssertTrue(app.waitForTrace("opened reading: 0 of 2 decided"))
        app.waitForTrace("first frame")
        app.focus()
        try AccessibilityProbe.assert(["Dune by Herbert"], states: "FOCUSABLE", is: "panel | Card 1 of 2: Dune by Herbert — Reading · example.org | True",
                                      "the heading is the subtitle, the link's site follows it")
        app.key("Return")
        XCTAssertTrue(app.waitForTrace("sheets: details"))
        try AccessibilityProbe.assert(["Open Link"], states: "DESCRIPTION", is: "push button | Open Link | https://www.example.org/dune")
    }

    func testOpenAsChoosesTheFieldsShowsTheFirstCardsAndIsKeptForTheDeck() throws {
        let home = try RunningApp.temporaryHome()
        let books = home.appendingPathComponent("books.csv")
        try Data("Name,Notes,Year\nDune,reread,1965\nEmma,funny,1815\n".utf8).write(to: books)
        let first = try RunningApp(arguments: [books.path], home: home, accessibility: true)
        defer { first.terminate() }
        first.waitForTrace("first frame")
        first.focus()
        try AccessibilityProbe.assert(["Card 1 of 2"], states: "FOCUSABLE", is: "panel | Card 1 of 2: Dune — 1965 | True", "Name is a title, Year a subtitle")
        first.activateWindowAction("open-as")
        try AccessibilityProbe.assert(["=label|Dune"], states: "VISIBLE", is: "label | Dune | True", "the preview shows the first cards")
        first.focusNewestWindow()
        // The Title row: choose Notes (Automatic, Name, Notes, Year).
        first.key("Tab", "Tab", "space")
        usleep(500_000)
        first.key("Down", "Down", "Return")
        try AccessibilityProbe.assert(["=label|reread"], states: "VISIBLE", is: "label | reread | True", "the preview follows the choice")
        try AccessibilityProbe.assert(["=push button|Open"], states: "CLICK", is: "push button | Open | clicked")
        XCTAssertTrue(first.waitForTrace("open as: title=Notes"))
        let deadline = Date().addingTimeInterval(10)
        while first.traced("cardstack: opened books: ").count < 2, Date() < deadline { usleep(50_000) }
        XCTAssertEqual(first.traced("cardstack: opened books: ").count, 2, "opened again with the fields chosen")
        try AccessibilityProbe.assert(["Card 1 of 2"], states: "FOCUSABLE", is: "panel | Card 1 of 2: reread — 1965 | True", "the deck reopened so")
        first.focus()
        first.key("ctrl+q")
        XCTAssertEqual(first.waitForExit(), 0)

        let again = try RunningApp(arguments: [books.path], home: home, accessibility: true)
        defer { again.terminate() }
        again.waitForTrace("first frame")
        XCTAssertTrue(again.log.contains("open: taking the read begun at launch"), "read before the database was open: \(again.log)")
        try AccessibilityProbe.assert(["Card 1 of 2"], states: "FOCUSABLE", is: "panel | Card 1 of 2: reread — 1965 | True", "the choice is kept for the deck")
    }

    /// A subtitle template typed in Open As… joins several fields, and is kept for the deck.
    func testOpenAsTakesASubtitleTemplate() throws {
        let home = try RunningApp.temporaryHome()
        let books = home.appendingPathComponent("books.csv")
        try Data("Name,Notes,Year\nDune,reread,1965\nEmma,,1815\n".utf8).write(to: books)
        let app = try RunningApp(arguments: [books.path], home: home, accessibility: true)
        defer { app.terminate() }
        app.waitForTrace("first frame")
        app.focus()
        app.activateWindowAction("open-as")
        try AccessibilityProbe.assert(["=label|Dune"], states: "VISIBLE", is: "label | Dune | True")
        app.focusNewestWindow()
        // Title, Subtitle, then the Subtitle Template row.
        app.key("Tab", "Tab", "Tab", "Tab")
        RunningApp.xdotool(["type", "--delay", "20", "{Notes} ({Year})"])
        try AccessibilityProbe.assert(["=label|reread (1965)"], states: "VISIBLE", is: "label | reread (1965) | True", "the preview follows the template")
        try AccessibilityProbe.assert(["=push button|Open"], states: "CLICK", is: "push button | Open | clicked")
        XCTAssertTrue(app.waitForTrace("open as: subtitle={Notes} ({Year})"))
        let deadline = Date().addingTimeInterval(10)
        while app.traced("cardstack: opened books: ").count < 2, Date() < deadline { usleep(50_000) }
        try AccessibilityProbe.assert(["Card 1 of 2"], states: "FOCUSABLE", is: "panel | Card 1 of 2: Dune — reread (1965) | True")
        app.focus()
        app.key("Right")
        try AccessibilityProbe.assert(["Card 2 of 2"], states: "FOCUSABLE", is: "panel | Keep: Dune. Card 2 of 2: Emma — (1815) | True",
                                      "a missing field drops the text joining it, but not the bracket of the field after it")
        app.key("ctrl+q")
        XCTAssertEqual(app.waitForExit(), 0)

        let again = try RunningApp(arguments: [books.path], home: home, accessibility: true)
        defer { again.terminate() }
        again.waitForTrace("first frame")
        try AccessibilityProbe.assert(["Card 2 of 2"], states: "FOCUSABLE", is: "panel | Card 2 of 2: Emma — (1815) | True", "the template is kept for the deck")
    }

    /// Today as the cards write a day ("25 Nov 2026", UTC).
    static var today: String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "d MMM yyyy"
        return formatter.string(from: Date())
    }

    /// The app on `text`, written to `name` in a home of its own and opened, or piped in; focused after its
    /// first frame.
    private func launch(_ text: String, named name: String, piped: Bool = false) throws -> RunningApp {
        let home = try RunningApp.temporaryHome()
        let file = home.appendingPathComponent(name)
        try Data(text.utf8).write(to: file)
        let app = piped ? try RunningApp(arguments: ["-"], home: home, accessibility: true, input: file)
            : try RunningApp(arguments: [file.path], home: home, accessibility: true)
        app.waitForTrace("first frame")
        app.focus()
        return app
    }

    /// Each of `texts` is a label the app shows: a field's name or value, or the part it fills.
    private func assertLabels(_ texts: [String], file: StaticString = #filePath, line: UInt = #line) throws {
        for text in texts {
            try AccessibilityProbe.assert(["=label|\(text)"], states: "SENSITIVE", is: "label | \(text) | True", file: file, line: line)
        }
    }

    /// Card details list every field of the record, even those no part of the card shows, each with the part it
    /// fills.
    func testCardDetailsListEveryFieldOfTheRecord() throws {
        let app = try launch("Name;Beschreibung;Preis\nTeekanne;Steingut, 1,2 l;24,90\nTasse;Weiß;6,50\n", named: "shop.csv")
        defer { app.terminate() }
        app.key("Right")
        XCTAssertEqual(app.waitForDeckEvents(1).count, 1)
        app.key("Return")
        XCTAssertTrue(app.waitForTrace("details: 3 fields"))
        // A column no part shows, the second row's price, and the part Name fills.
        try assertLabels(["Beschreibung", "6,50", "The card’s title"])
    }

    /// A JSON Lines log: each line titled by its message, its level and service under it, every field in
    /// Card details.
    func testALogIsTitledByItsMessagesWithLevelAndService() throws {
        let app = try launch(#"""
            {"ts": "2026-12-02T10:00:00Z", "level": "error", "msg": "disk full", "service": "api", "host": "db-2"}
            {"ts": "2026-12-02T10:00:01Z", "level": "info", "msg": "retrying", "service": "api", "host": "db-2"}
            """#, named: "api.jsonl")
        defer { app.terminate() }
        try AccessibilityProbe.assert(["Card 1 of 2"], states: "FOCUSABLE", is: "panel | Card 1 of 2: disk full — error · api | True",
                                      "titled by its message, not its timestamp")
        app.key("Return")
        XCTAssertTrue(app.waitForTrace("details: 5 fields"))
        try assertLabels(["db-2", "2026-12-02T10:00:00Z"])
    }

    /// A gh issue list piped in: the subtitle names the number, labels and state; details list every field.
    func testAPipedIssueListShowsItsNumberAndLabelsAndEveryField() throws {
        let app = try launch("""
            [{"number": 107, "title": "Crash on start", "labels": [{"name": "bug"}, {"name": "ui"}], "state": "OPEN", "milestone": {"title": "1.0"}}]
            """, named: "issues.json", piped: true)
        defer { app.terminate() }
        try AccessibilityProbe.assert(["Crash on start"], states: "FOCUSABLE", is: "panel | Card 1 of 1: Crash on start — #107 · bug, ui · OPEN | True",
                                      "the number, labels and state under the title")
        app.key("Return")
        XCTAssertTrue(app.waitForTrace("details: 5 fields"), "what was piped in is kept for its fields")
        // A nested milestone read as its name.
        try assertLabels(["milestone", "1.0"])
    }
}
