// SPDX-License-Identifier: GPL-3.0-or-later
import CGdkX11
import Foundation

/// Reads the screen's pixels and presses keys through the X server, the same way for every app measured: a key
/// goes in through XTEST as a keyboard's would, and one pixel is read back from the root window until it shows
/// the colour awaited (what a person sees, whatever the app does inside).
final class ScreenProbe {
    private let display: OpaquePointer
    private let root: UInt
    /// `XTestFakeKeyEvent`, from libXtst (loaded at run time: only its runtime library is installed).
    private let fakeKey: @convention(c) (OpaquePointer?, UInt32, Int32, UInt) -> Int32

    /// A colour as the screen shows it, 8 bits a channel.
    struct Colour: Equatable, CustomStringConvertible {
        var red, green, blue: Int

        /// Whether each channel is within `tolerance` of `other`'s (a JPEG's colour comes back a little off).
        func isNear(_ other: Colour, tolerance: Int = 48) -> Bool {
            abs(red - other.red) <= tolerance && abs(green - other.green) <= tolerance && abs(blue - other.blue) <= tolerance
        }

        var description: String { String(format: "#%02x%02x%02x", red, green, blue) }
    }

    /// The probe of the display in `$DISPLAY`; nil without one or without XTEST.
    init?() {
        guard let display = XOpenDisplay(nil),
              let library = dlopen("libXtst.so.6", RTLD_NOW),
              let symbol = dlsym(library, "XTestFakeKeyEvent")
        else { return nil }
        self.display = display
        root = XDefaultRootWindow(display)
        fakeKey = unsafeBitCast(symbol, to: (@convention(c) (OpaquePointer?, UInt32, Int32, UInt) -> Int32).self)
    }

    deinit {
        XCloseDisplay(display)
    }

    /// The colour of the screen at (`x`, `y`).
    func colour(x: Int, y: Int) -> Colour? {
        guard let image = XGetImage(display, root, Int32(x), Int32(y), 1, 1, ~0, ZPixmap) else { return nil }
        defer { _ = image.pointee.f.destroy_image(image) }
        let pixel = image.pointee.f.get_pixel(image, 0, 0)
        return Colour(red: Int(pixel >> 16 & 0xFF), green: Int(pixel >> 8 & 0xFF), blue: Int(pixel & 0xFF))
    }

    /// The points of the rectangle at (`x`, `y`) of `width` × `height`, every `step` pixels, whose colour is near
    /// `colour`: one read of the whole rectangle.
    func points(near colour: Colour, x: Int, y: Int, width: Int, height: Int, step: Int = 8) -> [(x: Int, y: Int)] {
        guard width > 0, height > 0, let image = XGetImage(display, root, Int32(x), Int32(y), UInt32(width), UInt32(height), ~0, ZPixmap) else { return [] }
        defer { _ = image.pointee.f.destroy_image(image) }
        var found: [(x: Int, y: Int)] = []
        for row in stride(from: 0, to: height, by: step) {
            for column in stride(from: 0, to: width, by: step) {
                let pixel = image.pointee.f.get_pixel(image, Int32(column), Int32(row))
                let seen = Colour(red: Int(pixel >> 16 & 0xFF), green: Int(pixel >> 8 & 0xFF), blue: Int(pixel & 0xFF))
                if seen.isNear(colour) { found.append((x + column, y + row)) }
            }
        }
        return found
    }

    /// Presses and releases the key named `name` (an X keysym name: "Right", "space", "z").
    func press(_ name: String) {
        let code = UInt32(XKeysymToKeycode(display, XStringToKeysym(name)))
        _ = fakeKey(display, code, 1, 0)
        _ = fakeKey(display, code, 0, 0)
        XFlush(display)
    }

    /// Waits until the pixel at (`x`, `y`) is near `colour`, reading it every `interval` µs (a busy loop would take
    /// a core from the app measured); the milliseconds from `start`, or nil after `timeout` seconds.
    func wait(for colour: Colour, x: Int, y: Int, from start: Int64, interval: useconds_t = 1_000, timeout: Double = 5) -> Double? {
        let deadline = start + Int64(timeout * 1e9)
        while MonotonicClock.nanoseconds() < deadline {
            if let seen = self.colour(x: x, y: y), seen.isNear(colour) {
                return MonotonicClock.milliseconds(from: start, to: MonotonicClock.nanoseconds())
            }
            usleep(interval)
        }
        return nil
    }
}
