// SPDX-License-Identifier: GPL-3.0-or-later
import XCTest
@testable import CardStackCore

/// Where sidecars are and what each direction writes into them.
final class SidecarMarksTests: XCTestCase {
    func testSidecarNamesFollowEachAppsConvention() {
        XCTAssertEqual(SidecarStyle.darktable.sidecarPaths(for: ["/s/IMG_0001.CR2"]), ["/s/IMG_0001.CR2.xmp"])
        XCTAssertEqual(SidecarStyle.lightroom.sidecarPaths(for: ["/s/IMG_0001.CR2"]), ["/s/IMG_0001.xmp"])
        XCTAssertEqual(SidecarStyle.off.sidecarPaths(for: ["/s/IMG_0001.CR2"]), [])
        XCTAssertEqual(SidecarStyle.darktable.sidecarPaths(for: ["/s/IMG_0001.JPG", "/s/IMG_0001.CR2"]), ["/s/IMG_0001.JPG.xmp", "/s/IMG_0001.CR2.xmp"])
        XCTAssertEqual(SidecarStyle.lightroom.sidecarPaths(for: ["/s/IMG_0001.JPG", "/s/IMG_0001.CR2"]), ["/s/IMG_0001.JPG.xmp", "/s/IMG_0001.xmp"],
                       "a pair's two files never share one sidecar")
        XCTAssertEqual(SidecarStyle.lightroom.sidecarPaths(for: ["/s.d/README"]), ["/s.d/README.xmp"], "a dot in a folder is no extension")
        XCTAssertEqual(SidecarStyle.lightroom.sidecarPaths(for: ["/s/.hidden"]), ["/s/.hidden.xmp"])
    }

    func testEachDirectionWritesItsMarksOverWhatWasThere() {
        let unrated = SidecarValues()
        let threeStars = SidecarValues(rating: "3", pickLabel: nil)
        XCTAssertEqual(SidecarMarks.defaults(for: .left).applied(to: threeStars), SidecarValues(rating: "-1", pickLabel: "1"), "Skip rejects")
        XCTAssertEqual(SidecarMarks.defaults(for: .right).applied(to: unrated), SidecarValues(rating: "1", pickLabel: "3"), "Keep stars an unrated photo")
        XCTAssertEqual(SidecarMarks.defaults(for: .right).applied(to: threeStars), SidecarValues(rating: "3", pickLabel: "3"), "and leaves stars alone")
        XCTAssertEqual(SidecarMarks.defaults(for: .right).applied(to: SidecarValues(rating: "-1")), SidecarValues(rating: "1", pickLabel: "3"),
                       "a rejected photo kept is no longer rejected")
        XCTAssertEqual(SidecarMarks.defaults(for: .up).applied(to: threeStars), SidecarValues(rating: "5", pickLabel: "3"), "Favourite is five stars")
        XCTAssertEqual(SidecarMarks.defaults(for: .down).applied(to: threeStars), SidecarValues(rating: "3", pickLabel: "2"), "Later is pending")
        XCTAssertTrue(threeStars.hasStars)
        XCTAssertFalse(SidecarValues(rating: "0").hasStars)
        XCTAssertFalse(SidecarValues(rating: "-1").hasStars)
    }

    func testMarksAlreadyInASidecarAsEachAppWritesThem() {
        let threeStars = PhotoMarks(SidecarValues(rating: "3"))
        XCTAssertEqual(threeStars.stars, 3)
        XCTAssertEqual(threeStars.starText, "★★★")
        XCTAssertFalse(threeStars.isUnrated)
        XCTAssertTrue(PhotoMarks(SidecarValues(rating: "-1")).isRejected, "darktable's and Lightroom's reject")
        XCTAssertTrue(PhotoMarks(SidecarValues(rating: "0", pickLabel: "1")).isRejected, "digiKam's reject")
        XCTAssertEqual(PhotoMarks(SidecarValues(rating: "-1")).starText, "")
        XCTAssertTrue(PhotoMarks(SidecarValues(pickLabel: "3")).isPicked)
        XCTAssertFalse(PhotoMarks(SidecarValues(rating: "-1", pickLabel: "3")).isPicked, "a reject is not also a pick")
        XCTAssertTrue(PhotoMarks(SidecarValues(rating: "0")).isUnrated)
        XCTAssertTrue(PhotoMarks(SidecarValues(pickLabel: "2")).isUnrated, "pending says nothing of the photo yet")
        XCTAssertTrue(PhotoMarks(SidecarValues(rating: "three")).isUnrated, "a value edited by hand counts as absent")
        XCTAssertEqual(PhotoMarks(SidecarValues(rating: "9")).stars, 5)
        XCTAssertEqual(PhotoMarks.none, PhotoMarks(SidecarValues()))
    }
}
