// SPDX-License-Identifier: GPL-3.0-or-later
import CardStackTestSupport
import Foundation
import Translation
import XCTest

/// Numbers written by glibc under the locale set, as a GTK program writes them.
final class LocalNumberTests: XCTestCase {
    /// Sets `LC_NUMERIC` to `name` for the test, back to what it was after; false when the locale isn't there.
    private func useNumbers(of name: String) -> Bool {
        let saved = String(cString: setlocale(LC_NUMERIC, nil))
        addTeardownBlock { setlocale(LC_NUMERIC, saved) }
        return setlocale(LC_NUMERIC, name) != nil
    }

    func testTheCLocaleWritesAPointAndNoGroups() {
        XCTAssertTrue(useNumbers(of: "C"))
        XCTAssertEqual(LocalNumber.text(1_204.56, fractionDigits: 1), "1204.6")
        XCTAssertEqual(LocalNumber.text(25.0, fractionDigits: 1), "25.0")
        XCTAssertEqual(LocalNumber.text(12_345_678), "12345678")
        XCTAssertEqual(LocalNumber.text(-3), "-3")
        XCTAssertEqual(LocalNumber.text(1e80, fractionDigits: 2).count, 84, "longer than the first buffer")
    }

    func testGermanWritesACommaAndGroupsThousandsWithPoints() throws {
        // Compiled here from glibc's locale sources (Debian's locales), found through LOCPATH.
        let folder = try TemporaryFolder()
        addTeardownBlock { folder.remove() }
        let localedef = Process()
        localedef.executableURL = URL(fileURLWithPath: "/usr/bin/localedef")
        localedef.arguments = ["-i", "de_DE", "-f", "UTF-8", folder.url.appendingPathComponent("de_DE.UTF-8").path]
        localedef.standardError = FileHandle.nullDevice
        guard FileManager.default.fileExists(atPath: "/usr/share/i18n/locales/de_DE"), (try? localedef.run()) != nil else {
            throw XCTSkip("no glibc locale sources (Debian's locales)")
        }
        localedef.waitUntilExit()
        setenv("LOCPATH", folder.url.path, 1)
        addTeardownBlock { unsetenv("LOCPATH") }
        guard useNumbers(of: "de_DE.UTF-8") else { throw XCTSkip("the German locale did not compile") }
        XCTAssertEqual(LocalNumber.text(1_204.56, fractionDigits: 1), "1.204,6")
        XCTAssertEqual(LocalNumber.text(12_345_678), "12.345.678")
    }
}
