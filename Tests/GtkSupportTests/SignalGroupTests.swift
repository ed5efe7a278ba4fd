// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GtkSupport
import XCTest

final class SignalGroupTests: GtkTestCase {
    func testClosureBoxIsReleasedWhenItsObjectIsFinalized() {
        MainActor.assumeIsolated {
            weak var watched: LifetimeToken?
            let group = SignalGroup()
            var calls = 0
            do {
                let adjustment = ObjectReference(sinking: created(gtk_adjustment_new(0, 0, 10, 1, 1, 0)))
                let token = LifetimeToken()
                watched = token
                group.connect(adjustment.pointer.raw, .void("value-changed")) {
                    _ = token
                    calls += 1
                }
                gtk_adjustment_set_value(adjustment.pointer, 4)
                XCTAssertEqual(calls, 1, "the Swift closure runs when the signal is emitted")
                XCTAssertNotNil(watched, "the box keeps the closure's captures alive while connected")
            }
            XCTAssertNil(watched, "finalizing the adjustment released the closure box")
            group.disconnectAll()
        }
    }

    func testDisconnectAllStopsHandlersAndReleasesBoxes() {
        MainActor.assumeIsolated {
            let adjustment = ObjectReference(sinking: created(gtk_adjustment_new(0, 0, 10, 1, 1, 0)))
            weak var watched: LifetimeToken?
            var calls = 0
            let group = SignalGroup()
            do {
                let token = LifetimeToken()
                watched = token
                group.connect(adjustment.pointer.raw, .void("value-changed")) {
                    _ = token
                    calls += 1
                }
            }
            XCTAssertEqual(group.count, 1)
            group.disconnectAll()
            XCTAssertEqual(group.count, 0)
            XCTAssertNil(watched, "disconnecting released the box")
            gtk_adjustment_set_value(adjustment.pointer, 4)
            XCTAssertEqual(calls, 0, "a disconnected handler is not called")
        }
    }

    func testGroupDoesNotKeepItsInstancesAlive() {
        MainActor.assumeIsolated {
            let group = SignalGroup()
            weak var watched: LifetimeToken?
            do {
                let label = ObjectReference(sinking: created(gtk_label_new("x")))
                let token = LifetimeToken()
                watched = token
                group.connect(label.pointer.raw, .pointer("notify::label")) { _ in _ = token }
            }
            XCTAssertNil(watched, "the label was finalized although the group still lists its handler")
            group.disconnectAll()  // must not touch the finalized label
        }
    }

    func testTypedHandlersReceiveTheirArguments() {
        MainActor.assumeIsolated {
            let label = ObjectReference(sinking: created(gtk_label_new("before")))
            let group = SignalGroup()
            var parameterName: String?
            group.connect(label.pointer.raw, .pointer("notify::label")) { spec in
                parameterName = spec.flatMap { String(borrowingGLibString: g_param_spec_get_name($0.cast())) }
            }
            gtk_label_set_label(OpaquePointer(label.pointer), "after")
            XCTAssertEqual(parameterName, "label")
            group.disconnectAll()
        }
    }

    func testCloseRequestHandlerAnswerIsReturnedToGtk() {
        MainActor.assumeIsolated {
            // Closing destroys the window; our reference keeps the instance valid for the assertions.
            let windowReference = ObjectReference(retaining: created(gtk_window_new()))
            let window = windowReference.pointer
            let group = SignalGroup()
            var requests = 0
            var allowClose = false
            group.connect(window.raw, .bool("close-request")) {
                requests += 1
                return !allowClose
            }
            gtk_window_present(window.cast())
            gtk_window_close(window.cast())
            XCTAssertEqual(requests, 1)
            XCTAssertTrue(gtk_widget_get_visible(window) != 0, "a handler returning true keeps the window open")
            allowClose = true
            gtk_window_close(window.cast())
            XCTAssertEqual(requests, 2)
            XCTAssertFalse(gtk_widget_get_visible(window) != 0, "returning false lets it close")
            group.disconnectAll()
        }
    }
}
