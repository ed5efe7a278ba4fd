// SPDX-License-Identifier: GPL-3.0-or-later
import CardStackCore
import XCTest

/// Each card's place in its input, kept compact and given back as appended, past 4 GiB too.
final class ByteRangesTests: XCTestCase {
    func testRangesComeBackAsAppended() {
        var ranges = ByteRanges()
        XCTAssertTrue(ranges.isEmpty)
        ranges.reserveCapacity(3)
        ranges.append(0..<12)
        ranges.append(13..<13)
        ranges.append(14..<Int(UInt32.max))
        XCTAssertEqual(Array(ranges), [0..<12, 13..<13, 14..<Int(UInt32.max)])
        XCTAssertEqual(ranges.indices, 0..<3)
    }

    func testARangePast4GiBKeepsEveryEarlierOne() {
        var ranges = ByteRanges()
        let big = 1 << 33
        ranges.append(0..<10)
        ranges.append(Int(UInt32.max) - 5..<Int(UInt32.max) + 5)
        ranges.append(big..<big + 100)
        ranges.reserveCapacity(10)
        ranges.append(20..<30)
        XCTAssertEqual(Array(ranges), [0..<10, Int(UInt32.max) - 5..<Int(UInt32.max) + 5, big..<big + 100, 20..<30])

        var narrow = ByteRanges()
        narrow.append(0..<10)
        var wide = ByteRanges()
        wide.append(0..<10)
        wide.append(big..<big + 1)
        XCTAssertNotEqual(narrow, wide)
        narrow.append(big..<big + 1)
        XCTAssertEqual(narrow, wide)
    }
}
