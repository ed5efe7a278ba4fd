// SPDX-License-Identifier: GPL-3.0-or-later

/// A position or displacement in the plane, in logical pixels.
///
/// The core keeps its own geometry so that it never needs GTK's or Graphene's types.
public struct Point: Sendable, Hashable {
    /// The horizontal coordinate, growing to the right.
    public var x: Double
    /// The vertical coordinate, growing downwards as in GTK.
    public var y: Double

    /// Creates a point from its coordinates.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The origin.
    public static let zero = Point(x: 0, y: 0)

    /// The distance from the origin, treating the point as a vector.
    public var length: Double {
        (x * x + y * y).squareRoot()
    }

    /// Component-wise sum.
    public static func + (lhs: Point, rhs: Point) -> Point {
        Point(x: lhs.x + rhs.x, y: lhs.y + rhs.y)
    }

    /// Component-wise difference.
    public static func - (lhs: Point, rhs: Point) -> Point {
        Point(x: lhs.x - rhs.x, y: lhs.y - rhs.y)
    }

    /// The point mirrored through the origin.
    public static prefix func - (point: Point) -> Point {
        Point(x: -point.x, y: -point.y)
    }

    /// Both coordinates scaled by `scalar`.
    public static func * (lhs: Point, scalar: Double) -> Point {
        Point(x: lhs.x * scalar, y: lhs.y * scalar)
    }

    /// Both coordinates divided by `scalar`.
    public static func / (lhs: Point, scalar: Double) -> Point {
        Point(x: lhs.x / scalar, y: lhs.y / scalar)
    }

    /// Adds `rhs` in place.
    public static func += (lhs: inout Point, rhs: Point) {
        lhs = lhs + rhs
    }

    /// Subtracts `rhs` in place.
    public static func -= (lhs: inout Point, rhs: Point) {
        lhs = lhs - rhs
    }
}
