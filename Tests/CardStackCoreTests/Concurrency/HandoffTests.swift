// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import XCTest
@testable import CardStackCore

final class HandoffTests: XCTestCase {
    func testTheValueWorkedOutOnAnotherThreadIsTheOneTaken() {
        let handoff = Handoff<[Int]>(working: { Array(0..<1_000).map { $0 * $0 } })
        XCTAssertEqual(handoff.wait(), Array(0..<1_000).map { $0 * $0 })
        XCTAssertEqual(handoff.wait(), handoff.wait(), "taken as often as asked")
    }

    func testAWaiterIsWokenWhenTheValueIsHandedOver() {
        let handoff = Handoff<String>()
        let started = Handoff<Bool>()
        let taken = Handoff<String>()
        Thread.detachNewThread {
            started.hand(true)
            taken.hand(handoff.wait())
        }
        _ = started.wait()
        handoff.hand("deck")
        XCTAssertEqual(taken.wait(), "deck")
    }

    func testAWaitWithADeadlineGivesNothingWhenNothingCame() {
        let handoff = Handoff<Int>()
        XCTAssertNil(handoff.wait(until: .distantPast))
        handoff.hand(14)
        XCTAssertEqual(handoff.wait(until: .distantPast), 14, "a value already there needs no wait")
    }
}
