// SPDX-License-Identifier: GPL-3.0-or-later
import XCTest
@testable import CardStackCore

/// Stars and colour labels given by the keys photographers know: one step each in the shared history, written
/// to the sidecars over what the decision writes.
final class PhotoRatingTests: XCTestCase {
    func testDigitsGiveStarsAndLabelsAsDarktableAndLightroomDo() {
        var rating = PhotoRating.none
        rating = rating.pressing(3)!
        XCTAssertEqual(rating, PhotoRating(stars: 3))
        rating = rating.pressing(6)!
        XCTAssertEqual(rating, PhotoRating(stars: 3, label: .red))
        XCTAssertEqual(rating.pressing(6), PhotoRating(stars: 3), "the same label again takes it off")
        XCTAssertEqual(rating.pressing(9)?.label, .blue)
        XCTAssertEqual(rating.pressing(0)?.stars, 0, "0 takes the stars off, written as a rating of 0")
        XCTAssertNil(rating.pressing(10))
        XCTAssertEqual(PhotoRating(stars: 3, label: .red).text, "3 stars, Red label")
        XCTAssertEqual(PhotoRating(stars: 0).text, "No stars")
    }

    func testARatingIsOneStepThatUndoAndRedoTakeBackAndMakeAgain() {
        var progress = DeckProgress(cardCount: 3)
        XCTAssertNotNil(progress.rate(0, PhotoRating(stars: 4)))
        XCTAssertNil(progress.rate(0, PhotoRating(stars: 4)), "the same rating again is no step")
        progress.decide(.right)
        XCTAssertNotNil(progress.rate(0, PhotoRating(stars: 4, label: .green)), "a decided photo is rated too")
        XCTAssertEqual(progress.rating(of: 0), PhotoRating(stars: 4, label: .green))
        XCTAssertEqual(progress.decidedCount, 1, "a rating decides nothing")

        guard case .rate(let change)? = progress.undo() else { return XCTFail("the rating is the latest step") }
        XCTAssertEqual(change.previous, PhotoRating(stars: 4))
        XCTAssertEqual(progress.rating(of: 0), PhotoRating(stars: 4))
        progress.undo()
        progress.undo()
        XCTAssertEqual(progress.rating(of: 0), .none)
        XCTAssertTrue(progress.ratings.isEmpty)
        progress.redo()
        XCTAssertEqual(progress.rating(of: 0), PhotoRating(stars: 4))
    }

    func testThePressedRatingIsWrittenOverTheDecisionsMarks() {
        let keep = SidecarMarks.Preset.accept.marks
        let rated = keep.overlaid(by: PhotoRating(stars: 3, label: .yellow))
        let written = rated.applied(to: SidecarValues(rating: "5"))
        XCTAssertEqual(written.rating, "3", "the stars pressed win over the photo's own, which Keep alone would keep")
        XCTAssertEqual(written.pickLabel, "3")
        XCTAssertEqual(written.label, "Yellow")
        XCTAssertEqual(written.colourLabels, "1", "darktable numbers yellow 1")
        XCTAssertEqual(keep.overlaid(by: .none), keep)
    }

    func testALabelIsReadFromLightroomsNameOrDarktablesNumber() {
        XCTAssertEqual(PhotoMarks(SidecarValues(label: "green")).label, .green)
        XCTAssertEqual(PhotoMarks(SidecarValues(colourLabels: "3, 0")).label, .blue)
        XCTAssertNil(PhotoMarks(SidecarValues(label: "To print")).label, "a label renamed in Lightroom is none of ours")
        let marks = PhotoMarks(SidecarValues(rating: "-1")).overlaid(by: PhotoRating(stars: 2))
        XCTAssertEqual(marks.stars, 2)
        XCTAssertFalse(marks.isRejected, "stars given now outweigh a reject from before")
    }

    /// Taking a rating back gives the sidecar's label its baseline back only while it still holds CardStack's.
    func testTakingARatingBackLeavesALabelAnotherProgramSetSince() {
        let record = SidecarRecord(baseline: SidecarValues(), written: SidecarValues(rating: "3", label: "Red", colourLabels: "0"), created: false)
        let plan = SidecarMerge.takingBack(record: record, current: SidecarValues(rating: "3", label: "Blue", colourLabels: "0"), exists: true)
        XCTAssertEqual(plan.changes[.rating], .some(nil))
        XCTAssertEqual(plan.changes[.colourLabels], .some(nil))
        XCTAssertNil(plan.changes[.label], "Blue was written by another program: it stays")
    }
}
