// SPDX-License-Identifier: GPL-3.0-or-later

import CardStackCore

/// Frame clock times for stepping animations in tests, without any wall clock.
enum FrameSchedule {
    /// An arbitrary frame clock origin, far from zero as GdkFrameClock times are.
    static let origin: Microseconds = 1_234_567_890_123

    /// The frame times after `start` up to and including `end` at `hertz`, rounded to whole
    /// microseconds as a frame clock reports them; `end` is always the last one.
    static func frames(from start: Microseconds, to end: Microseconds, hertz: Double) -> [Microseconds] {
        var times: [Microseconds] = []
        var index = 1.0
        while true {
            let time = start + Microseconds((index * 1_000_000 / hertz).rounded())
            if time >= end {
                break
            }
            times.append(time)
            index += 1
        }
        times.append(end)
        return times
    }
}
