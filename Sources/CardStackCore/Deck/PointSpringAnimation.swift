// SPDX-License-Identifier: GPL-3.0-or-later

/// A point moved by one spring per axis with the same parameters, so both axes arrive together.
struct PointSpringAnimation: Sendable, Hashable {
    private var x: SpringAnimation
    private var y: SpringAnimation

    init(from value: Point, to target: Point, initialVelocity: Point, parameters: SpringParameters, startTime: Microseconds) {
        x = SpringAnimation(from: value.x, to: target.x, initialVelocity: initialVelocity.x,
                            parameters: parameters, startTime: startTime)
        y = SpringAnimation(from: value.y, to: target.y, initialVelocity: initialVelocity.y,
                            parameters: parameters, startTime: startTime)
    }

    /// The frame time the motion began at.
    var startTime: Microseconds { x.startTime }

    /// Where the point comes to rest.
    var target: Point { Point(x: x.target, y: y.target) }

    func value(at time: Microseconds) -> Point {
        Point(x: x.value(at: time), y: y.value(at: time))
    }

    /// In pt/s.
    func velocity(at time: Microseconds) -> Point {
        Point(x: x.velocity(at: time), y: y.velocity(at: time))
    }

    func isSettled(at time: Microseconds) -> Bool {
        x.isSettled(at: time) && y.isSettled(at: time)
    }

    /// Re-aims from the current position and velocity, so the motion stays continuous.
    mutating func retarget(to target: Point, parameters: SpringParameters, at time: Microseconds) {
        x.retarget(to: target.x, parameters: parameters, at: time)
        y.retarget(to: target.y, parameters: parameters, at: time)
    }
}
