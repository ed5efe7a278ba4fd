// SPDX-License-Identifier: GPL-3.0-or-later
import CardStackCore
import Foundation
import XCTest

@testable import CardStackWidgets

/// A photo's look as the app takes it (decoded small and in grey off the main thread), against a reference: the
/// difference hashes PyPI's ImageHash gives the same files (`Tests/BurstFrames/reference_dhash.py` wrote them),
/// and sharpness ordering blurred copies of one picture.
final class BurstLooksTests: XCTestCase {
    private static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("BurstFrames")

    private func look(_ name: String) throws -> (sharpness: Double, hash: DifferenceHash) {
        let card = Card(id: name, title: name, imagePath: Self.folder.appendingPathComponent(name).path)
        return try XCTUnwrap(BurstLooks.look(at: card), name)
    }

    private func reference() throws -> [String: DifferenceHash] {
        let data = try Data(contentsOf: Self.folder.appendingPathComponent("reference-dhash.json"))
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: String])
        return json.filter { !$0.key.hasPrefix("_") }.compactMapValues { UInt64($0, radix: 16).map(DifferenceHash.init(bits:)) }
    }

    /// ImageHash shrinks the whole picture, the app a decode of at most 768 pixels a side: both with Pillow's
    /// Lanczos filter, they come to the same 64 bits.
    func testTheHashIsImageHashsDHashOfTheSameFile() throws {
        let expected = try reference()
        XCTAssertEqual(expected.count, 7)
        var found: [String: DifferenceHash] = [:]
        for (name, hash) in expected {
            found[name] = try look(name).hash
            XCTAssertEqual(try XCTUnwrap(found[name]).description, hash.description, name)
        }
        // Whether two pictures are one scene is the same by both.
        let limit = BurstRules.standard.maximumHashDistance
        for first in expected.keys {
            for second in expected.keys where first < second {
                let ours = found[first]!.distance(to: found[second]!) <= limit
                let theirs = expected[first]!.distance(to: expected[second]!) <= limit
                XCTAssertEqual(ours, theirs, "\(first) and \(second)")
            }
        }
        XCTAssertLessThanOrEqual(found["logo-sharp.jpg"]!.distance(to: found["logo-moved.jpg"]!), limit, "the scene moved a little")
        XCTAssertGreaterThan(found["logo-sharp.jpg"]!.distance(to: found["rose.jpg"]!), limit, "another scene")
    }

    func testBlurredCopiesOfOnePictureAreOrderedSharpestFirst() throws {
        let names = ["logo-blur2.jpg", "logo-sharp.jpg", "logo-blur4.jpg", "logo-blur1.jpg"]
        var scores: [Int: Double] = [:]
        for (card, name) in names.enumerated() { scores[card] = try look(name).sharpness }
        var index = BurstIndex(bursts: [[0, 1, 2, 3]])
        index.order(bySharpness: scores)
        XCTAssertEqual(index.bursts[0].map { names[$0] }, ["logo-sharp.jpg", "logo-blur1.jpg", "logo-blur2.jpg", "logo-blur4.jpg"], "\(scores)")
        XCTAssertTrue(index.isSharpest(1))
    }
}
