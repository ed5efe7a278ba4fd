// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
@_exported import GtkTestSupport
import XCTest

/// A test that draws with GTK and libadwaita, as the widgets do.
class WidgetTestCase: XCTestCase {
    override func setUp() {
        super.setUp()
        let opened = GtkTestDisplay.open()
        XCTAssertTrue(opened, GtkTestDisplay.missingMessage)
        if opened { MainActor.assumeIsolated { adw_init() } }
    }
}
