// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GtkSupport
import XCTest

final class TickCallbackTests: GtkTestCase {
    func testTickCallbackStopsWhenItReturnsFalseAndReleasesItsBox() {
        MainActor.assumeIsolated {
            let window = created(gtk_window_new())
            gtk_window_present(window.cast())
            weak var watched: LifetimeToken?
            var ticks = 0
            var frameTimes: [Int64] = []
            do {
                let token = LifetimeToken()
                watched = token
                TickCallback.add(to: window) { frameTime, _ in
                    _ = token
                    ticks += 1
                    frameTimes.append(frameTime)
                    return ticks < 3
                }
            }
            XCTAssertTrue(runMainLoop(until: { ticks >= 3 }), "the frame clock ticks a presented window")
            XCTAssertTrue(runMainLoop(until: { watched == nil }), "the destroy notify released the box after the last tick")
            _ = runMainLoop(until: { false }, limit: 0.1)
            XCTAssertEqual(ticks, 3, "returning false stopped the callback")
            XCTAssertEqual(frameTimes, frameTimes.sorted(), "frame times never go backwards")
            XCTAssertGreaterThan(frameTimes.first ?? 0, 0, "frame time is the clock's µs time")
            gtk_window_destroy(window.cast())
        }
    }

    func testRemovingATickCallbackReleasesItsBox() {
        MainActor.assumeIsolated {
            let window = created(gtk_window_new())
            gtk_window_present(window.cast())
            weak var watched: LifetimeToken?
            var ticks = 0
            let id: UInt32
            do {
                let token = LifetimeToken()
                watched = token
                id = TickCallback.add(to: window) { _, _ in
                    _ = token
                    ticks += 1
                    return true
                }
            }
            XCTAssertTrue(runMainLoop(until: { ticks >= 1 }))
            TickCallback.remove(id, from: window)
            XCTAssertNil(watched, "removing the callback released its box")
            let ticksAtRemoval = ticks
            _ = runMainLoop(until: { false }, limit: 0.1)
            XCTAssertEqual(ticks, ticksAtRemoval)
            gtk_window_destroy(window.cast())
        }
    }
}
