// SPDX-License-Identifier: GPL-3.0-or-later

import XCTest
@testable import CardStackCore

final class GeometryTests: XCTestCase {
    func testPointArithmetic() {
        var point = Point(x: 3, y: 4)
        XCTAssertEqual(point.length, 5)
        XCTAssertEqual(point + Point(x: 1, y: -1), Point(x: 4, y: 3))
        XCTAssertEqual(point - Point(x: 1, y: -1), Point(x: 2, y: 5))
        XCTAssertEqual(-point, Point(x: -3, y: -4))
        XCTAssertEqual(point * 2, Point(x: 6, y: 8))
        XCTAssertEqual(point / 2, Point(x: 1.5, y: 2))
        point += Point(x: 1, y: 1)
        XCTAssertEqual(point, Point(x: 4, y: 5))
        point -= Point(x: 4, y: 5)
        XCTAssertEqual(point, .zero)
        XCTAssertEqual(Size.zero, Size(width: 0, height: 0))
    }

    func testRectEdgesAndCenter() {
        let rect = Rect(x: 10, y: 20, width: 100, height: 50)
        XCTAssertEqual(rect, Rect(origin: Point(x: 10, y: 20), size: Size(width: 100, height: 50)))
        XCTAssertEqual(rect.minX, 10)
        XCTAssertEqual(rect.maxX, 110)
        XCTAssertEqual(rect.minY, 20)
        XCTAssertEqual(rect.maxY, 70)
        XCTAssertEqual(rect.midX, 60)
        XCTAssertEqual(rect.midY, 45)
        XCTAssertEqual(rect.width, 100)
        XCTAssertEqual(rect.height, 50)
        XCTAssertEqual(rect.center, Point(x: 60, y: 45))
        let flipped = Rect(x: 110, y: 70, width: -100, height: -50)
        XCTAssertEqual(flipped.minX, 10)
        XCTAssertEqual(flipped.height, 50)
    }

    func testContainsIsHalfOpen() {
        let rect = Rect(x: 0, y: 0, width: 10, height: 10)
        XCTAssertTrue(rect.contains(Point(x: 0, y: 0)))
        XCTAssertTrue(rect.contains(Point(x: 9.99, y: 5)))
        XCTAssertFalse(rect.contains(Point(x: 10, y: 5)))
        XCTAssertFalse(rect.contains(Point(x: -0.01, y: 5)))
    }

    func testIntersects() {
        let rect = Rect(x: 0, y: 0, width: 10, height: 10)
        XCTAssertTrue(rect.intersects(Rect(x: 5, y: 5, width: 10, height: 10)))
        XCTAssertFalse(rect.intersects(Rect(x: 10, y: 0, width: 5, height: 5)), "touching edges only")
        XCTAssertFalse(rect.intersects(Rect(x: 20, y: 20, width: 5, height: 5)))
    }

    func testInsetBy() {
        let rect = Rect(x: 0, y: 0, width: 100, height: 40)
        XCTAssertEqual(rect.insetBy(dx: 10, dy: 5), Rect(x: 10, y: 5, width: 80, height: 30))
        XCTAssertEqual(rect.insetBy(dx: -10, dy: 0), Rect(x: -10, y: 0, width: 120, height: 40))
        XCTAssertEqual(rect.insetBy(dx: 60, dy: 0), Rect(x: 50, y: 0, width: 0, height: 40))
    }
}
