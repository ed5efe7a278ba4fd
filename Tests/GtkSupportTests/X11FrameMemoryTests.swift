// SPDX-License-Identifier: GPL-3.0-or-later
import CGdkX11
import CGtk
import Foundation
@testable import GtkSupport
import XCTest

final class X11FrameMemoryTests: GtkTestCase {
    func testFramesThatRedrawTheWholeWindowReuseTheKeptSharedMemory() throws {
        try MainActor.assumeIsolated {
            let window = created(gtk_window_new())
            gtk_window_set_default_size(window.cast(), 640, 400)
            gtk_window_present(window.cast())
            defer { gtk_window_destroy(window.cast()) }
            let surface = try XCTUnwrap(gtk_native_get_surface(OpaquePointer(window)))
            XCTAssertTrue(runMainLoop(until: { gdk_surface_get_width(surface) >= 640 }), "the window is laid out at its size")
            guard let probe = cs_x11_window_cairo_surface(surface) else { throw XCTSkip("the window is not on an X11 display") }
            cairo_surface_destroy(probe)

            let memory = X11FrameMemory(window: window)
            memory.reserve()
            guard memory.reservedBytes > 0 else { throw XCTSkip("the X server has no shared memory") }
            let scale = gdk_surface_get_scale_factor(surface)
            let pixels = Int(gdk_surface_get_width(surface) * scale) * Int(gdk_surface_get_height(surface) * scale)
            XCTAssertEqual(memory.reservedBytes, pixels * 4, "an image as big as a frame of the whole window")
            let kept = Self.sharedMemorySegments()
            XCTAssertFalse(kept.isEmpty, "the image is in a shared-memory segment of this process")

            for _ in 0..<3 {
                Self.sendWholeWindowFrame(to: surface)
                // The server has read the frame, so its memory is free: unkept, cairo would unmap the segment
                // before the next frame and map a new one.
                gdk_display_sync(gdk_surface_get_display(surface))
            }
            XCTAssertEqual(Self.sharedMemorySegments(), kept, "every frame went through the kept segment")
        }
    }

    /// Hands the X server a frame of the whole window as GTK 4.8's X11 cairo context ends one: an image the size
    /// of the damage, painted onto the window through the damage.
    @MainActor
    private static func sendWholeWindowFrame(to surface: OpaquePointer) {
        guard let window = cs_x11_window_cairo_surface(surface) else { return }
        let scale = gdk_surface_get_scale_factor(surface)
        let width = gdk_surface_get_width(surface)
        let height = gdk_surface_get_height(surface)
        let frame = cairo_image_surface_create(CAIRO_FORMAT_RGB24, width * scale, height * scale)
        cairo_surface_set_device_scale(frame, Double(scale), Double(scale))
        let painting = cairo_create(window)
        cairo_set_source_surface(painting, frame, 0, 0)
        cairo_rectangle(painting, 0, 0, Double(width), Double(height))
        cairo_clip(painting)
        cairo_set_operator(painting, CAIRO_OPERATOR_SOURCE)
        cairo_paint(painting)
        cairo_destroy(painting)
        cairo_surface_flush(window)
        cairo_surface_destroy(frame)
        cairo_surface_destroy(window)
    }

    /// The ids of the System V shared-memory segments this process made (`/proc/sysvipc/shm`: key, shmid,
    /// perms, size, cpid, …).
    private static func sharedMemorySegments() -> Set<Int> {
        guard let table = try? String(contentsOfFile: "/proc/sysvipc/shm", encoding: .utf8) else { return [] }
        let pid = Int(getpid())
        return Set(table.split(separator: "\n").dropFirst().compactMap { line -> Int? in
            let fields = line.split(separator: " ")
            guard fields.count > 4, Int(fields[4]) == pid else { return nil }
            return Int(fields[1])
        })
    }
}
