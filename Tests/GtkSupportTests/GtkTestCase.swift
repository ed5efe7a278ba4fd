// SPDX-License-Identifier: GPL-3.0-or-later
@_exported import GtkTestSupport
import XCTest

/// A test that talks to a real GTK: a display is required.
class GtkTestCase: XCTestCase {
    override func setUp() {
        super.setUp()
        XCTAssertTrue(GtkTestDisplay.open(), GtkTestDisplay.missingMessage)
    }
}

/// An object whose lifetime a test watches through a weak reference.
final class LifetimeToken {}
