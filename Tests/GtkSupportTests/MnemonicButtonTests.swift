// SPDX-License-Identifier: GPL-3.0-or-later
import XCTest
@testable import GtkSupport

final class MnemonicButtonTests: XCTestCase {
    func testTheAccessibleNameIsTheLabelAsShown() {
        XCTAssertEqual(shownText(ofMnemonic: "_Start Over"), "Start Over")
        XCTAssertEqual(shownText(ofMnemonic: "Open the _Sample Deck"), "Open the Sample Deck")
        XCTAssertEqual(shownText(ofMnemonic: "Rock __n Roll"), "Rock _n Roll")
        XCTAssertEqual(shownText(ofMnemonic: "Plain"), "Plain")
    }
}
