// SPDX-License-Identifier: GPL-3.0-or-later

import XCTest
@testable import CardStackCore

/// Bursts found from each frame's camera, capture time and look, with explicit inputs.
final class BurstGroupingTests: XCTestCase {
    private let rules = BurstRules.standard

    /// A frame of `camera` taken `seconds` after 10:00:00 on 1 July 2024, to the hundredth.
    private func frame(_ card: Int, _ camera: String?, at seconds: Double, hash: UInt64? = nil) -> BurstFrame {
        let whole = Int(seconds)
        let hundredths = Int(((seconds - Double(whole)) * 100).rounded())
        let time = CaptureTime(exif: String(format: "2024:07:01 10:%02d:%02d", whole / 60, whole % 60), subSeconds: String(format: "%02d", hundredths))
        return BurstFrame(card: card, camera: camera, time: time, hash: hash.map(DifferenceHash.init(bits:)))
    }

    func testFramesUnderTwoSecondsApartAreOneBurstAndOverTwoAreNot() {
        let frames = [frame(0, "R6", at: 0), frame(1, "R6", at: 1.99), frame(2, "R6", at: 3.98), frame(3, "R6", at: 6.0), frame(4, "R6", at: 7.99)]
        XCTAssertEqual(BurstGrouping.bursts(in: frames, rules: rules), [[0, 1, 2], [3, 4]], "3.98 → 6.00 is 2.02 s: a new burst")
    }

    func testAnotherCameraInTheMiddleEndsTheBurst() {
        let frames = [frame(0, "R6", at: 0), frame(1, "R6", at: 0.5), frame(2, "Z8", at: 0.8), frame(3, "R6", at: 1.1), frame(4, "R6", at: 1.4)]
        XCTAssertEqual(BurstGrouping.bursts(in: frames, rules: rules), [[0, 1], [3, 4]])
    }

    func testFramesAreTakenInCaptureOrderWhateverTheirOrderInTheDeck() {
        let frames = [frame(5, "R6", at: 1.0), frame(2, "R6", at: 0.2), frame(9, "R6", at: 30), frame(7, "R6", at: 0.6)]
        XCTAssertEqual(BurstGrouping.bursts(in: frames, rules: rules), [[2, 7, 5]])
    }

    func testAPhoneBurstWithoutSubSecondsIsFoundByHowAlikeTheFramesLook() {
        let scene: UInt64 = 0xF0F0_3C3C_0F0F_AAAA
        let frames = [
            frame(0, nil, at: 0, hash: scene),
            frame(1, nil, at: 5, hash: scene ^ 0b1011),          // 3 bits off: the same scene
            frame(2, nil, at: 40, hash: scene ^ 0x3FF),          // 10 bits off the first, 9 off the second
            frame(3, nil, at: 50, hash: ~scene),                 // another picture
            frame(4, nil, at: 200, hash: ~scene),                // the same as the last, but minutes later
        ]
        XCTAssertEqual(BurstGrouping.bursts(in: frames, rules: rules), [[0, 1, 2]])
    }

    func testFramesWithoutATimeOrALikenessAreInNoBurstAndGroupingCanBeOff() {
        let untimed = BurstFrame(card: 3, camera: "R6", time: nil)
        let frames = [frame(0, nil, at: 0), frame(1, nil, at: 0.3), untimed, frame(2, "R6", at: 0.5), frame(4, "R6", at: 0.9)]
        XCTAssertEqual(BurstGrouping.bursts(in: frames, rules: rules), [[2, 4]], "no camera and no hash: nothing says they are one burst")
        var off = rules
        off.isEnabled = false
        XCTAssertEqual(BurstGrouping.bursts(in: frames, rules: off), [])
    }

    func testTwoThousandPhotosGroupInOnePass() {
        // Bursts of five, 0.1 s apart, with 5 s between bursts.
        let frames = (0..<2_000).map { index in frame(index, "R6", at: Double(index / 5) * 5 + Double(index % 5) * 0.1) }
        let bursts = BurstGrouping.bursts(in: frames.shuffled(), rules: rules)
        XCTAssertEqual(bursts.count, 400)
        XCTAssertTrue(bursts.allSatisfy { $0.count == 5 && $0 == $0.sorted() })
    }
}
