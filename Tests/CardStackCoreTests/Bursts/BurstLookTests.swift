// SPDX-License-Identifier: GPL-3.0-or-later

import CardStackTestSupport
import Foundation
import XCTest
@testable import CardStackCore

/// A frame's look (its difference hash) and its sharpness, on grey pictures made in the test.
final class BurstLookTests: XCTestCase {
    /// A grey picture, one byte a pixel, rows packed.
    private struct Grey {
        let width: Int
        let height: Int
        var pixels: [UInt8]

        init(width: Int, height: Int, _ shade: (Double, Double) -> Double) {
            self.width = width
            self.height = height
            pixels = (0..<(width * height)).map { index in
                let x = Double(index % width) / Double(width)
                let y = Double(index / width) / Double(height)
                return UInt8(max(0, min(255, shade(x, y).rounded())))
            }
        }

        var hash: DifferenceHash? {
            pixels.withUnsafeBufferPointer { DifferenceHash(grey: $0, width: width, height: height, rowStride: width) }
        }

        var sharpness: Double? {
            pixels.withUnsafeBufferPointer { Sharpness.score(grey: $0, width: width, height: height, rowStride: width) }
        }

        /// Each pixel the mean of the (2r+1)² around it: a lens out of focus, roughly.
        func blurred(radius r: Int) -> Grey {
            var copy = self
            for y in 0..<height {
                for x in 0..<width {
                    var sum = 0
                    var count = 0
                    for dy in -r...r {
                        for dx in -r...r {
                            let (sx, sy) = (x + dx, y + dy)
                            guard (0..<width).contains(sx), (0..<height).contains(sy) else { continue }
                            sum += Int(pixels[sy * width + sx])
                            count += 1
                        }
                    }
                    copy.pixels[y * width + x] = UInt8(sum / count)
                }
            }
            return copy
        }
    }

    /// A scene: soft light from the left, a dark disc and a bright bar, as a subject on a background.
    private static func scene(_ x: Double, _ y: Double) -> Double {
        var value = 60 + 120 * x
        if (x - 0.35) * (x - 0.35) + (y - 0.5) * (y - 0.5) < 0.04 { value -= 50 }
        if (0.6...0.75).contains(x), (0.2...0.8).contains(y) { value += 70 }
        return value
    }

    func testAPictureBrighteningToTheRightHasEveryBitSetAndTheMirrorNone() throws {
        XCTAssertEqual(try XCTUnwrap(Grey(width: 90, height: 80) { x, _ in 255 * x }.hash).description, "ffffffffffffffff")
        XCTAssertEqual(try XCTUnwrap(Grey(width: 90, height: 80) { x, _ in 255 * (1 - x) }.hash).bits, 0)
    }

    func testTheSameSceneAtAnotherSizeExposureOrWithNoiseHashesAlikeAndAnotherSceneDoesNot() throws {
        let scene = try XCTUnwrap(Grey(width: 360, height: 240, Self.scene).hash)
        let smaller = try XCTUnwrap(Grey(width: 180, height: 120, Self.scene).hash)
        let brighter = try XCTUnwrap(Grey(width: 360, height: 240) { Self.scene($0, $1) + 25 }.hash)
        var random = SeededGenerator(seed: 56)
        var noisy = Grey(width: 360, height: 240, Self.scene)
        noisy.pixels = noisy.pixels.map { UInt8(max(0, min(255, Int($0) + Int.random(in: -12...12, using: &random)))) }
        let other = try XCTUnwrap(Grey(width: 360, height: 240) { x, y in Self.scene(1 - y, x) }.hash)

        XCTAssertLessThanOrEqual(scene.distance(to: smaller), 2, "\(scene) \(smaller)")
        XCTAssertEqual(scene.distance(to: brighter), 0)
        XCTAssertLessThanOrEqual(scene.distance(to: try XCTUnwrap(noisy.hash)), BurstRules.standard.maximumHashDistance)
        XCTAssertGreaterThan(scene.distance(to: other), 20, "another scene: \(scene) \(other)")
    }

    func testTooSmallAPictureHasNoHashAndNoScore() {
        XCTAssertNil(Grey(width: 8, height: 8) { x, _ in x }.hash)
        XCTAssertNil(Grey(width: 2, height: 40) { x, _ in x }.sharpness)
        XCTAssertNil([UInt8](repeating: 0, count: 10).withUnsafeBufferPointer { DifferenceHash(grey: $0, width: 9, height: 8, rowStride: 9) })
    }

    func testBlurredCopiesOfOneFrameScoreLowerTheMoreTheyAreBlurred() throws {
        var random = SeededGenerator(seed: 7)
        var sharp = Grey(width: 200, height: 150, Self.scene)
        // Texture, as a subject has: what a missed focus smears first.
        sharp.pixels = sharp.pixels.map { UInt8(max(0, min(255, Int($0) + Int.random(in: -20...20, using: &random)))) }
        let scores = try [sharp, sharp.blurred(radius: 1), sharp.blurred(radius: 2), sharp.blurred(radius: 4)].map { try XCTUnwrap($0.sharpness) }
        XCTAssertEqual(scores, scores.sorted(by: >), "\(scores)")
        XCTAssertGreaterThan(scores[0], 2 * scores[1])
        XCTAssertEqual(Grey(width: 50, height: 50) { _, _ in 128 }.sharpness, 0, "nothing to be sharp about")
    }
}
