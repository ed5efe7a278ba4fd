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
}
