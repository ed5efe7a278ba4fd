// SPDX-License-Identifier: GPL-3.0-or-later
import XCTest
@testable import CardStackCore

/// The three-way merge of a decision into a sidecar another program also writes: CardStack changes only what
/// still holds its own value, and another program's later value always wins.
final class SidecarMergeTests: XCTestCase {
    private let skip = SidecarMarks.defaults(for: .left)
    private let keep = SidecarMarks.defaults(for: .right)
    private let later = SidecarMarks.defaults(for: .down)

    func testADecisionOnANewSidecarIsRecordedAsCreatedAndTakenBackWhole() {
        let plan = SidecarMerge.deciding(later, record: nil, current: SidecarValues(), exists: false)
        XCTAssertEqual(plan.changes, [.pickLabel: "2"])
        XCTAssertEqual(plan.record, SidecarRecord(baseline: SidecarValues(), written: SidecarValues(pickLabel: "2"), created: true))

        let back = SidecarMerge.takingBack(record: plan.record!, current: SidecarValues(pickLabel: "2"), exists: true)
        XCTAssertEqual(back.changes, [.pickLabel: nil])
        XCTAssertTrue(back.removesIfEmpty, "a sidecar CardStack created may go once it holds nothing")
    }

    /// The case that lost users' ratings: CardStack created the sidecar for Later, darktable then rated the
    /// photo three stars; undoing Later must leave the three stars (and so the file, which holds them).
    func testUndoLeavesARatingAnotherProgramWroteAfterUs() {
        let made = SidecarMerge.deciding(later, record: nil, current: SidecarValues(), exists: false).record!
        let back = SidecarMerge.takingBack(record: made, current: SidecarValues(rating: "3", pickLabel: "2"), exists: true)
        XCTAssertEqual(back.changes, [.pickLabel: nil], "only CardStack's own pick label goes")

        let rewritten = SidecarMerge.takingBack(record: made, current: SidecarValues(rating: "3", pickLabel: "1"), exists: true)
        XCTAssertEqual(rewritten.changes, [:], "a pick label another program changed is theirs")
    }

    func testUndoRestoresTheBaselineOnlyWhereOurValueStillHolds() {
        let record = SidecarMerge.deciding(skip, record: nil, current: SidecarValues(rating: "2"), exists: true).record!
        XCTAssertEqual(record.written, SidecarValues(rating: "-1", pickLabel: "1"))
        XCTAssertFalse(record.created)
        let untouched = SidecarMerge.takingBack(record: record, current: SidecarValues(rating: "-1", pickLabel: "1"), exists: true)
        XCTAssertEqual(untouched.changes, [.rating: "2", .pickLabel: nil])
        XCTAssertFalse(untouched.removesIfEmpty, "a sidecar that was there before is never removed")

        let rated = SidecarMerge.takingBack(record: record, current: SidecarValues(rating: "4", pickLabel: "1"), exists: true)
        XCTAssertEqual(rated.changes, [.pickLabel: nil], "the rating of 4 written after the reject wins")
        XCTAssertEqual(SidecarMerge.takingBack(record: record, current: SidecarValues(), exists: false).changes, [:],
                       "a sidecar deleted since is not brought back")
    }

    func testANewDecisionStartsFromAnotherProgramsLaterValue() {
        let skipped = SidecarMerge.deciding(skip, record: nil, current: SidecarValues(), exists: true).record!
        // Another program gave it four stars after the reject; the user then keeps it.
        let kept = SidecarMerge.deciding(keep, record: skipped, current: SidecarValues(rating: "4", pickLabel: "1"), exists: true)
        XCTAssertEqual(kept.changes, [.pickLabel: "3"], "Keep leaves a photo with stars its stars")
        XCTAssertEqual(kept.record?.baseline, SidecarValues(rating: "4"), "the four stars are what undo gives back to, not the reject")
        let back = SidecarMerge.takingBack(record: kept.record!, current: SidecarValues(rating: "4", pickLabel: "3"), exists: true)
        XCTAssertEqual(back.changes, [.pickLabel: nil])

        // Our own value still there: the new decision is made over the first baseline.
        let rekept = SidecarMerge.deciding(keep, record: skipped, current: SidecarValues(rating: "-1", pickLabel: "1"), exists: true)
        XCTAssertEqual(rekept.changes, [.rating: "1", .pickLabel: "3"])
        XCTAssertEqual(rekept.record?.baseline, SidecarValues())
    }

    func testADecisionThatChangesNothingWritesNothing() {
        let plan = SidecarMerge.deciding(keep, record: nil, current: SidecarValues(rating: "3", pickLabel: "3"), exists: true)
        XCTAssertEqual(plan.changes, [:])
        XCTAssertEqual(SidecarMerge.takingBack(record: plan.record!, current: SidecarValues(rating: "3", pickLabel: "3"), exists: true).changes, [:],
                       "and taking it back changes nothing either")
    }

    /// A record kept by a version that did not say what it wrote: nothing in the sidecar can be told to be
    /// CardStack's, so taking back touches nothing, and a new decision starts from what the sidecar holds.
    func testARecordThatDoesNotSayWhatWasWrittenTouchesNothingOnUndo() {
        let old = SidecarRecord(baseline: SidecarValues(), written: nil, created: true)
        XCTAssertEqual(SidecarMerge.takingBack(record: old, current: SidecarValues(rating: "-1", pickLabel: "1"), exists: true).changes, [:])
        let plan = SidecarMerge.deciding(later, record: old, current: SidecarValues(rating: "-1", pickLabel: "1"), exists: true)
        XCTAssertEqual(plan.changes, [.pickLabel: "2"])
        XCTAssertEqual(plan.record?.baseline, SidecarValues(rating: "-1", pickLabel: "1"))
        XCTAssertEqual(plan.record?.created, true)
    }
}
