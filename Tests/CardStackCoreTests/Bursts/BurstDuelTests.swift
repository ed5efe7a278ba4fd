// SPDX-License-Identifier: GPL-3.0-or-later

import XCTest
@testable import CardStackCore

/// A burst settled by a duel: the pair read from the progress, n − 1 choices for n frames, undo showing the pair
/// again.
final class BurstDuelTests: XCTestCase {
    /// Makes the duel's choice keeping `side` as one step, as the app does.
    private func choose(_ side: BurstDuel.Side, _ duel: BurstDuel, _ progress: inout DeckProgress) {
        guard let decisions = duel.decisions(keeping: side, in: progress) else { return XCTFail("the duel is settled") }
        if decisions.count == 1 {
            progress.decide(decisions[0].cardIndex, decisions[0].direction)
        } else {
            progress.decideTogether(decisions)
        }
    }

    func testFiveFramesAreSettledByFourChoicesTheKeptFrameStayingLeft() throws {
        var progress = DeckProgress(cardCount: 7)
        let duel = BurstDuel(frames: [4, 1, 2, 5, 3]) // sharpest first
        XCTAssertTrue(try XCTUnwrap(duel.pair(in: progress)) == (4, 1))
        XCTAssertEqual(duel.choiceNumber(in: progress), 1)
        choose(.left, duel, &progress) // 4 stays, 1 skipped
        XCTAssertTrue(try XCTUnwrap(duel.pair(in: progress)) == (4, 2))
        choose(.right, duel, &progress) // 2 kept, 4 skipped: 2 moves left
        XCTAssertTrue(try XCTUnwrap(duel.pair(in: progress)) == (2, 5))
        XCTAssertEqual(duel.choiceNumber(in: progress), 3)
        choose(.left, duel, &progress)
        XCTAssertEqual(duel.choicesLeft(in: progress), 1)
        choose(.right, duel, &progress) // the last: 3 kept, 2 skipped, in one step
        XCTAssertNil(duel.pair(in: progress))
        XCTAssertEqual(duel.choicesLeft(in: progress), 0)
        XCTAssertEqual(progress.decidedCount, 5, "four choices settle five frames")
        XCTAssertEqual(progress.direction(of: 3), BurstDuel.keep)
        XCTAssertEqual([4, 1, 2, 5].map { progress.direction(of: $0) }, Array(repeating: BurstDuel.skip, count: 4))
        XCTAssertEqual(Array(progress.upcomingCardIndices), [0, 6], "cards outside the burst are untouched")
        XCTAssertNil(duel.decisions(keeping: .left, in: progress))

        progress.undo() // the last choice, both of its frames
        XCTAssertTrue(try XCTUnwrap(duel.pair(in: progress)) == (2, 3))
        XCTAssertNil(progress.direction(of: 3))
    }

    func testAFrameDecidedElsewhereLeavesTheDuel() throws {
        var progress = DeckProgress(cardCount: 3)
        let duel = BurstDuel(frames: [0, 1, 2])
        progress.decide(1, .up)
        XCTAssertTrue(try XCTUnwrap(duel.pair(in: progress)) == (0, 2))
        XCTAssertEqual(duel.decisions(keeping: .left, in: progress), [Decision(cardIndex: 2, direction: .left), Decision(cardIndex: 0, direction: .right)])
    }
}

/// A deck's bursts by frame, with the best frame first once scored.
final class BurstIndexTests: XCTestCase {
    func testFramesAreOrderedBySharpnessAndTheBestTakesTheBurstsFirstPlaceInLine() {
        var index = BurstIndex(bursts: [[2, 3, 4], [7, 8]])
        XCTAssertEqual(index.frames(ofBurstWith: 3), [2, 3, 4])
        XCTAssertNil(index.frames(ofBurstWith: 5))
        XCTAssertFalse(index.isSharpest(2), "nothing is the sharpest before frames are scored")
        index.order(bySharpness: [2: 10, 3: 80, 4: 40, 8: 5])
        XCTAssertEqual(index.bursts, [[3, 4, 2], [8, 7]], "a frame without a score comes after those with one")
        XCTAssertTrue(index.isSharpest(3))
        let ranks = Dictionary(uniqueKeysWithValues: (0..<10).map { ($0, $0) })
        let ordered = index.ranks(puttingBestFirstIn: ranks)
        XCTAssertEqual((0..<10).sorted { ordered[$0]! < ordered[$1]! }, [0, 1, 3, 4, 2, 5, 6, 8, 7, 9])
        var progress = DeckProgress(cardCount: 10)
        progress.decide(4, .left)
        XCTAssertEqual(index.undecidedFrames(ofBurstWith: 2, in: progress), [3, 2])
    }
}

/// Where the duel's frames go.
final class DuelLayoutTests: XCTestCase {
    func testFramesAreSideBySideInALandscapeViewAndStackedInAPortraitOrNarrowOne() {
        let wide = DuelLayout(viewSize: Size(width: 1_000, height: 600))
        XCTAssertFalse(wide.isStacked)
        XCTAssertEqual(wide.first, Rect(x: 0, y: 0, width: 497, height: 600))
        XCTAssertEqual(wide.second, Rect(x: 503, y: 0, width: 497, height: 600))
        XCTAssertEqual(wide.side(at: Point(x: 900, y: 300)), .right)
        XCTAssertNil(wide.side(at: Point(x: 500, y: 300)), "the gap between them keeps nothing")

        let portrait = DuelLayout(viewSize: Size(width: 360, height: 620))
        XCTAssertTrue(portrait.isStacked)
        XCTAssertEqual(portrait.second, Rect(x: 0, y: 313, width: 360, height: 307))
        XCTAssertEqual(portrait.side(at: Point(x: 100, y: 100)), .left, "the upper frame is the left one")
        XCTAssertTrue(DuelLayout(viewSize: Size(width: 560, height: 420)).isStacked, "a narrow landscape window")
    }
}

/// A burst's stack drawn as a pile of prints.
final class BurstStackFanTests: XCTestCase {
    func testTheFramesBehindTheTopOneTurnEachWayAndNothingElseDoes() {
        func card(_ index: Int, rotation: Double = 0) -> CardPlacement {
            CardPlacement(cardIndex: index, center: Point(x: 100, y: 100), size: Size(width: 90, height: 60), rotation: rotation)
        }
        // Back to front: another photo, two frames behind, the top frame, a frame in flight.
        let placements = [card(9), card(3), card(2), card(1), card(7, rotation: 0.3)]
        let fanned = BurstStackFan.fanned(placements, top: 1, burst: [1, 2, 3])
        XCTAssertEqual(fanned.map(\.rotation), [0, -2 * BurstStackFan.step, BurstStackFan.step, 0, 0.3])
        XCTAssertEqual(BurstStackFan.fanned(placements, top: 1, burst: []), placements, "no burst: drawn as placed")
    }
}
