// SPDX-License-Identifier: GPL-3.0-or-later
import CardStackTestSupport
import Foundation
import XCTest

/// The C library's numbers (`LC_NUMERIC`) set to a locale for one test, as a GTK program sets them at start.
enum NumberLocale {
    /// Sets `LC_NUMERIC` to `name` for `test`, back to what it was after; false when the locale isn't there.
    static func use(_ name: String, in test: XCTestCase) -> Bool {
        let saved = String(cString: setlocale(LC_NUMERIC, nil))
        test.addTeardownBlock { setlocale(LC_NUMERIC, saved) }
        return setlocale(LC_NUMERIC, name) != nil
    }

    /// Sets `LC_NUMERIC` to German for `test`, compiled from glibc's locale sources (Debian's locales) into a
    /// folder found through `LOCPATH`; skips the test where they are missing.
    static func useGerman(in test: XCTestCase) throws {
        let folder = try TemporaryFolder()
        test.addTeardownBlock { folder.remove() }
        let localedef = Process()
        localedef.executableURL = URL(fileURLWithPath: "/usr/bin/localedef")
        localedef.arguments = ["-i", "de_DE", "-f", "UTF-8", folder.url.appendingPathComponent("de_DE.UTF-8").path]
        localedef.standardError = FileHandle.nullDevice
        guard FileManager.default.fileExists(atPath: "/usr/share/i18n/locales/de_DE"), (try? localedef.run()) != nil else {
            throw XCTSkip("no glibc locale sources (Debian's locales)")
        }
        localedef.waitUntilExit()
        setenv("LOCPATH", folder.url.path, 1)
        test.addTeardownBlock { unsetenv("LOCPATH") }
        guard use("de_DE.UTF-8", in: test) else { throw XCTSkip("the German locale did not compile") }
    }
}
