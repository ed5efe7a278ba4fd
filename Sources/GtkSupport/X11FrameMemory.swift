// SPDX-License-Identifier: GPL-3.0-or-later
import CGdkX11
import CGtk

/// Keeps, for a window's life, the shared memory through which GTK's cairo renderer hands frames to an X server.
///
/// GTK 4.8's X11 cairo context copies each frame's damaged box into an image from cairo's Xlib shared-memory
/// pool, and cairo 1.16 unmaps a pool as soon as all of it is free. So every frame that redraws most of the window
/// (a burst of keyboard swipes sends cards past all four edges at once) mapped a fresh 32 MB segment, faulted its
/// pages in, and had the X server attach it and fault them in too: 4–6 ms of such a frame at 1280 × 800 under
/// Xvfb, 0.2–0.9 ms once the pool is kept. One image the size of the window, held in the pool, keeps it.
///
/// It does nothing under the GL renderer, on Wayland, or where the X server has no shared memory (cairo hands
/// out a plain image then, which is let go at once).
@MainActor
public final class X11FrameMemory {
    /// Keeps `window`'s frame memory while it lives, from each time it is realized under the cairo renderer.
    public static func keep(for window: UnsafeMutablePointer<GtkWidget>) {
        let memory = X11FrameMemory(window: window, followsFrames: true)
        // The window owns it: released when the window is finalized.
        g_object_set_data_full(window.cast(), dataKey, Unmanaged.passRetained(memory).toOpaque()) { data in
            guard let data else { return }
            MainActor.assumeIsolated { Unmanaged<X11FrameMemory>.fromOpaque(data).release() }
        }
    }

    private static let dataKey = "cardstack-x11-frame-memory"
    /// Frames smaller than this many bytes are not worth a kept pool: cairo 1.16 makes its smallest pools, and
    /// draws without shared memory below 128 bytes (a window not yet laid out is 1 × 1).
    nonisolated static let smallestKeptBytes = 65_536

    private let window: UnsafeMutablePointer<GtkWidget>
    private let windowSignals = SignalGroup()
    private let clockSignals = SignalGroup()
    /// Whether it watches the window's frames; tests reserve by hand instead.
    private let followsFrames: Bool
    /// The image held in the pool (a `cairo_surface_t`), and its size in bytes.
    private var held: OpaquePointer?
    private(set) var reservedBytes = 0
    private var pendingReservation: UInt32?

    init(window: UnsafeMutablePointer<GtkWidget>, followsFrames: Bool = false) {
        self.window = window
        self.followsFrames = followsFrames
        windowSignals.connect(window.raw, .void("realize")) { [unowned self] in followFrames() }
        windowSignals.connect(window.raw, .void("unrealize")) { [unowned self] in releaseMemory() }
        if gtk_widget_get_realized(window) != 0 { followFrames() }
    }

    isolated deinit {
        releaseMemory()
        windowSignals.disconnectAll()
    }

    /// After every painted frame, checks that the held image still covers the whole window: a window grown (or
    /// its scale raised) gets a larger image once the main loop is idle, never within a frame.
    private func followFrames() {
        guard followsFrames, RasterNode.drawsWithCairo(window), let clock = gtk_widget_get_frame_clock(window) else { return }
        clockSignals.connect(clock.raw, .void("after-paint")) { [unowned self] in
            guard pendingReservation == nil, let pixels = windowPixels, pixels.isWorthKeeping, pixels.bytes > reservedBytes else { return }
            pendingReservation = IdleCallback.add { [weak self] in
                self?.pendingReservation = nil
                self?.reserve()
                return false
            }
        }
    }

    /// The window's surface and its size in device pixels.
    private struct WindowPixels {
        let surface: OpaquePointer
        let width: Int32
        let height: Int32

        /// The bytes of a frame that redraws the whole window, 4 a pixel as GTK's images for X11 windows are.
        var bytes: Int { Int(width) * Int(height) * 4 }
        var isWorthKeeping: Bool { bytes >= X11FrameMemory.smallestKeptBytes }
    }

    /// The window's pixels, nil before it has a surface.
    private var windowPixels: WindowPixels? {
        guard gtk_widget_get_realized(window) != 0, let surface = gtk_native_get_surface(OpaquePointer(window)) else { return nil }
        let scale = gdk_surface_get_scale_factor(surface)
        return WindowPixels(surface: surface, width: gdk_surface_get_width(surface) * scale, height: gdk_surface_get_height(surface) * scale)
    }

    /// Holds an image the size of the window in cairo's pool for it, in place of any smaller one.
    func reserve() {
        guard let pixels = windowPixels, pixels.isWorthKeeping, let windowSurface = cs_x11_window_cairo_surface(pixels.surface) else { return }
        defer { cairo_surface_destroy(windowSurface) }
        guard let image = cairo_surface_create_similar_image(windowSurface, CAIRO_FORMAT_RGB24, pixels.width, pixels.height) else { return }
        guard cairo_surface_status(image) == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(image)
            return
        }
        // A plain image (no device) means the server has no shared memory: there is no pool to keep.
        guard cairo_surface_get_device(image) != nil else {
            cairo_surface_destroy(image)
            clockSignals.disconnectAll()
            return
        }
        // The new image is taken before the old one is let go, so the pool is never empty in between.
        if let held { cairo_surface_destroy(held) }
        held = image
        reservedBytes = pixels.bytes
    }

    private func releaseMemory() {
        if let pendingReservation { IdleCallback.remove(pendingReservation) }
        pendingReservation = nil
        clockSignals.disconnectAll()
        if let held { cairo_surface_destroy(held) }
        held = nil
        reservedBytes = 0
    }
}
