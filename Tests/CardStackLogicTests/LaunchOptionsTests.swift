// SPDX-License-Identifier: GPL-3.0-or-later
import CardStackCore
import CardStackLogic
import XCTest

/// The command line as a user types it: what each option means, and every mistake said in words.
final class LaunchOptionsTests: XCTestCase {
    private func options(_ arguments: String...) throws -> LaunchOptions {
        try LaunchOptions(arguments: arguments)
    }

    private func mistake(_ arguments: String...) -> String? {
        do {
            _ = try LaunchOptions(arguments: arguments)
            return nil
        } catch {
            return error.description
        }
    }

    func testDecksOpenInTheWindowAndAPipeIsNamedByADash() throws {
        XCTAssertEqual(try options().mode, .window(paths: []))
        XCTAssertEqual(try options("a.json", "b.csv").mode, .window(paths: ["a.json", "b.csv"]))
        XCTAssertTrue(try options("-").readsStandardInput)
        XCTAssertTrue(try options("-").runsAlone, "a pipe's window is never handed to a running CardStack")
        XCTAssertFalse(try options("a.json").runsAlone)
        XCTAssertEqual(try options("--", "-r", "--print").mode, .window(paths: ["-r", "--print"]), "after -- every word is a deck")
        XCTAssertEqual(mistake("-", "a.json"), "“-” reads the deck from standard input: give no other deck")
    }

    func testPrintTakesDirectionsInTheirOrderEachOnce() throws {
        XCTAssertEqual(try options("--print", "right, UP,right", "-").printDirections, [.right, .up])
        XCTAssertTrue(try options("--print", "left", "a.txt").runsAlone)
        XCTAssertEqual(mistake("--print", "right,sideways"), "“sideways” is not a direction: use left, right, up or down, separated by commas")
        XCTAssertEqual(mistake("--print", "right,"), "“” is not a direction: use left, right, up or down, separated by commas")
        XCTAssertEqual(mistake("--print"), "--print needs directions, e.g. right,up")
    }

    func testExportTakesOneDeckAndAFormat() throws {
        XCTAssertEqual(try options("--export", "a.json").mode, .export(path: "a.json", format: .csv))
        XCTAssertEqual(try options("--format", "JSON", "--export", "a.json").mode, .export(path: "a.json", format: .json))
        XCTAssertEqual(mistake("--export", "a.json", "b.json"), "--export takes one deck; remove “b.json”")
        XCTAssertEqual(mistake("--format", "json", "a.json"), "--format only applies to --export")
        XCTAssertEqual(mistake("--format", "xml"), "unknown format “xml”: use csv or json")
        XCTAssertEqual(mistake("--export", "a.json", "--print", "right"), "--field and --print apply to a deck opened in the window, not to --export")
        XCTAssertEqual(mistake("--export"), "--export needs the path of a deck")
    }

    func testFieldsSidecarsSubfoldersAndTheService() throws {
        let chosen = try options("--field", "title=Name", "--sidecars=Lightroom", "-r", "--gapplication-service", "photos")
        XCTAssertEqual(chosen.fields[.title], "Name")
        XCTAssertEqual(chosen.sidecarStyle, .lightroom)
        XCTAssertTrue(chosen.includesSubfolders)
        XCTAssertTrue(chosen.isService)
        XCTAssertEqual(try options("--sidecars", "off").sidecarStyle, .off)
        XCTAssertEqual(mistake("--sidecars", "picasa"), "unknown sidecar style “picasa”: darktable, lightroom or off")
        XCTAssertNotNil(mistake("--field", "title"), "a field choice needs PART=FIELD")
        XCTAssertEqual(mistake("--frobnicate"), "unknown option “--frobnicate”")
    }

    func testHelpWinsAndItsLinesFitTheTerminal() throws {
        XCTAssertEqual(try options("a.json", "--help", "--frobnicate").mode, .help, "help is shown before later words are judged")
        let lines = LaunchOptions.usage.split(separator: "\n")
        XCTAssertTrue(lines.contains { $0.contains("--print") })
        for line in lines { XCTAssertLessThanOrEqual(line.count, LaunchOptions.helpWidth, String(line)) }
        XCTAssertEqual(LaunchOptions.wrapped("one two three", width: 7), ["one two", "three"])
        XCTAssertEqual(LaunchOptions.wrapped(String(repeating: "x", count: 12), width: 5), [String(repeating: "x", count: 12)],
                       "a word longer than the line stands alone, never cut")
    }
}
