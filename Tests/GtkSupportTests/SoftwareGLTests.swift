// SPDX-License-Identifier: GPL-3.0-or-later
import CardStackTestSupport
import Foundation
@testable import GtkSupport
import XCTest

/// Where no GPU can be opened, cairo is chosen without asking GL.
final class SoftwareGLTests: XCTestCase {
    func testARenderNodeThisProcessCanOpenIsAGPU() throws {
        let devices = try TemporaryFolder()
        defer { devices.remove() }
        try devices.write("", to: "card0")
        XCTAssertFalse(SoftwareGL.hasGPUDevice(deviceDirectory: devices.url.path, nvidiaControl: devices.url.appendingPathComponent("nvidiactl").path),
                       "a display card alone is not a render node")
        let node = try devices.write("", to: "renderD128")
        XCTAssertTrue(SoftwareGL.hasGPUDevice(deviceDirectory: devices.url.path, nvidiaControl: devices.url.appendingPathComponent("nvidiactl").path))
        // A node the process may not open (a user outside the render group) is no GPU for it: root opens
        // anything, so the check is made as that user only where the test does not run as root.
        if getuid() != 0 {
            XCTAssertEqual(chmod(node.path, 0o000), 0)
            XCTAssertFalse(SoftwareGL.hasGPUDevice(deviceDirectory: devices.url.path, nvidiaControl: devices.url.appendingPathComponent("nvidiactl").path))
        }
    }

    func testNoDeviceFolderIsNoGPUAndNVIDIAsControlDeviceIsOne() throws {
        let devices = try TemporaryFolder()
        defer { devices.remove() }
        let missing = devices.url.appendingPathComponent("dri").path
        XCTAssertFalse(SoftwareGL.hasGPUDevice(deviceDirectory: missing, nvidiaControl: devices.url.appendingPathComponent("nvidiactl").path))
        let control = try devices.write("", to: "nvidiactl")
        XCTAssertTrue(SoftwareGL.hasGPUDevice(deviceDirectory: missing, nvidiaControl: control.path))
    }

    /// GL is left unloaded only where cairo draws whatever GL offers.
    func testGLIsSkippedOnlyWhereCairoDrawsAnyway() {
        XCTAssertTrue(SoftwareGL.drawsWithCairoWithoutGL(renderer: "cairo", hasGPU: true), "the user named cairo")
        XCTAssertTrue(SoftwareGL.drawsWithCairoWithoutGL(renderer: nil, hasGPU: false), "no GPU: only software GL")
        XCTAssertTrue(SoftwareGL.drawsWithCairoWithoutGL(renderer: "", hasGPU: false))
        XCTAssertFalse(SoftwareGL.drawsWithCairoWithoutGL(renderer: nil, hasGPU: true), "a GPU: GL is asked")
        XCTAssertFalse(SoftwareGL.drawsWithCairoWithoutGL(renderer: "gl", hasGPU: false), "the user named GL")
        XCTAssertFalse(SoftwareGL.drawsWithCairoWithoutGL(renderer: "ngl", hasGPU: true))
    }

    func testTheUsersDebugFlagsAreKept() {
        XCTAssertEqual(SoftwareGL.debugFlags(disablingGLIn: nil), "gl-disable")
        XCTAssertEqual(SoftwareGL.debugFlags(disablingGLIn: ""), "gl-disable")
        XCTAssertEqual(SoftwareGL.debugFlags(disablingGLIn: "events"), "events,gl-disable")
        XCTAssertEqual(SoftwareGL.debugFlags(disablingGLIn: "gl-disable,events"), "gl-disable,events")
    }

    /// The flags are GDK's to read at its start only: put back, a program the app starts sees the user's own.
    func testTheFlagsArePutBackAsTheyWere() throws {
        let renderer = getenv("GSK_RENDERER").map { String(cString: $0) }
        let debug = getenv("GDK_DEBUG").map { String(cString: $0) }
        defer {
            if let renderer { setenv("GSK_RENDERER", renderer, 1) } else { unsetenv("GSK_RENDERER") }
            if let debug { setenv("GDK_DEBUG", debug, 1) } else { unsetenv("GDK_DEBUG") }
        }
        setenv("GSK_RENDERER", "cairo", 1)
        setenv("GDK_DEBUG", "events", 1)
        let restore = try XCTUnwrap(SoftwareGL.skipGLWhenDrawingWithCairo())
        XCTAssertEqual(getenv("GDK_DEBUG").map { String(cString: $0) }, "events,gl-disable")
        restore.restore()
        XCTAssertEqual(getenv("GDK_DEBUG").map { String(cString: $0) }, "events")
        unsetenv("GDK_DEBUG")
        try XCTUnwrap(SoftwareGL.skipGLWhenDrawingWithCairo()).restore()
        XCTAssertNil(getenv("GDK_DEBUG"), "unset again")
        setenv("GSK_RENDERER", "gl", 1)
        XCTAssertNil(SoftwareGL.skipGLWhenDrawingWithCairo())
        XCTAssertNil(getenv("GDK_DEBUG"))
        XCTAssertEqual(SoftwareGL.namedRenderer, "gl")
        // An empty name is no name: GL is left alone wherever a GPU can be opened.
        setenv("GSK_RENDERER", "", 1)
        XCTAssertNil(SoftwareGL.namedRenderer)
        let skipped = SoftwareGL.skipGLWhenDrawingWithCairo()
        XCTAssertEqual(skipped != nil, !SoftwareGL.hasGPUDevice())
        skipped?.restore()
    }
}
