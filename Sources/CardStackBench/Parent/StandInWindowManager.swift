// SPDX-License-Identifier: GPL-3.0-or-later
import CGdkX11

/// Announces a window manager on an X server that has none (the benchmark's Xvfb), as every EWMH window manager
/// announces itself, for as long as the benchmark runs; it manages nothing.
///
/// Without a window manager, GTK 4.8 asks the X server on every frame whether one has appeared: its frame clock's
/// `after-paint` handler asks whether the window manager supports `_NET_WM_FRAME_DRAWN`, and the check
/// (`fetch_net_wm_check_window`, gdkscreen-x11.c) remembers only a check that found one, so each call reads the
/// root window's `_NET_SUPPORTING_WM_CHECK` with a round trip. That round trip waits for the X server to finish
/// everything sent before it, the frame's image included: under Xvfb 0.4–0.5 ms of a floor frame of 1.3 ms
/// (cairo), which no desktop pays, for every desktop runs a window manager. Announced, GTK finds it once, reads
/// its `_NET_SUPPORTED` (absent: nothing is supported, as before) and never asks again.
///
/// EWMH's announcement: a child of the root window whose `_NET_SUPPORTING_WM_CHECK` names itself, named by
/// `_NET_WM_NAME`, and the root's `_NET_SUPPORTING_WM_CHECK` naming it. The window lives as long as this
/// connection, which also keeps Xvfb from resetting between the benchmark's children.
final class StandInWindowManager {
    /// The name the window manager is announced by.
    static let name = "cardstack-bench"

    private let display: OpaquePointer
    private let window: Window

    /// Announces one on the display `DISPLAY` names, unless that display has a window manager already or no X
    /// display can be opened (a Wayland session); nil then.
    static func announceIfNone() -> StandInWindowManager? {
        guard let display = XOpenDisplay(nil) else { return nil }
        let root = XDefaultRootWindow(display)
        let check = XInternAtom(display, "_NET_SUPPORTING_WM_CHECK", 0)
        if windowProperty(check, of: root, on: display) != nil {
            XCloseDisplay(display)
            return nil
        }
        let window = XCreateSimpleWindow(display, root, -1, -1, 1, 1, 0, 0, 0)
        setWindowProperty(check, to: window, of: window, on: display)
        let utf8 = XInternAtom(display, "UTF8_STRING", 0)
        Array(name.utf8).withUnsafeBufferPointer { bytes in
            _ = XChangeProperty(display, window, XInternAtom(display, "_NET_WM_NAME", 0), utf8, 8, PropModeReplace, bytes.baseAddress, Int32(bytes.count))
        }
        setWindowProperty(check, to: window, of: root, on: display)
        XSync(display, 0)
        return StandInWindowManager(display: display, window: window)
    }

    private init(display: OpaquePointer, window: Window) {
        self.display = display
        self.window = window
    }

    deinit {
        XDestroyWindow(display, window)
        XCloseDisplay(display)
    }

    /// `XA_WINDOW` (X11/Xatom.h), the type of a property that names a window.
    private static let windowAtom: Atom = 33

    private static func windowProperty(_ property: Atom, of window: Window, on display: OpaquePointer) -> Window? {
        var type: Atom = 0
        var format: Int32 = 0
        var count: UInt = 0
        var remaining: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        let status = XGetWindowProperty(display, window, property, 0, 1, 0, windowAtom, &type, &format, &count, &remaining, &data)
        defer { if let data { XFree(data) } }
        guard status == Success, type == windowAtom, format == 32, count == 1, let data else { return nil }
        // Format 32 comes as C longs.
        return UnsafeRawPointer(data).load(as: Window.self)
    }

    private static func setWindowProperty(_ property: Atom, to value: Window, of window: Window, on display: OpaquePointer) {
        var value = value
        withUnsafeBytes(of: &value) { bytes in
            _ = XChangeProperty(display, window, property, windowAtom, 32, PropModeReplace, bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), 1)
        }
    }
}
