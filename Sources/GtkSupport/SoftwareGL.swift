// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import Glibc

/// GTK's cairo renderer where its GL renderer would draw in software.
///
/// GTK 4.8 renders with GL wherever the display offers GL, also when that GL is Mesa's software rasterizer
/// (llvmpipe: a virtual machine, a remote session, a machine without a GPU driver). There, filling a 1270 × 790
/// window costs 24–49 ms a frame on two cores before anything is drawn, and swiping to the next photo took
/// 220 ms; GTK's cairo renderer, which draws only what changed, draws the deck in 3.5–6.5 ms. A renderer named
/// in `GSK_RENDERER` is always kept.
public enum SoftwareGL {
    /// What Mesa's software rasterizers call themselves in `GL_RENDERER`.
    static let softwareRenderers = ["llvmpipe", "softpipe", "swrast", "Software Rasterizer"]

    /// `GL_RENDERER`'s enum value.
    private static let rendererName: UInt32 = 0x1F01

    /// Chooses the cairo renderer when the user named none and the default display's GL is a software one; call
    /// after GTK has opened the display and before any window is shown (GTK reads the choice once). Answers the GL
    /// renderer's name when it chose cairo.
    ///
    /// Without a GPU device to open, Mesa can only rasterize in software: that is known without asking GL, whose
    /// first context (loading Mesa's LLVM back end) took 40 ms of a 220 ms launch here.
    @MainActor
    @discardableResult
    public static func preferCairoIfSoftware() -> String? {
        guard namedRenderer == nil, let software = softwareRasterizer() else { return nil }
        // Unset or empty: nothing of the user's is replaced.
        setenv("GSK_RENDERER", "cairo", 1)
        return software
    }

    /// The default display's GL when it is a software rasterizer (its `GL_RENDERER`, or that no GPU device can be
    /// opened); nil when it is a GPU's, or there is no GL. Asks GL only where a GPU device can be opened.
    @MainActor
    public static func softwareRasterizer() -> String? {
        guard canOpenGPU else { return "software (no GPU device to open)" }
        guard let name = glRenderer(), softwareRenderers.contains(where: { name.contains($0) }) else { return nil }
        return name
    }

    /// Whether GTK is to draw with cairo: the user named it, or ``preferCairoIfSoftware()`` chose it. Known before
    /// the first window, for work done ahead of its first frame.
    public static var drawsWithCairo: Bool { namedRenderer == "cairo" }

    /// The renderer the user named in `GSK_RENDERER`; an empty name is none, as GTK reads it.
    static var namedRenderer: String? {
        getenv("GSK_RENDERER").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Before GTK opens the display (before `g_application_run`): when the app is sure to draw with cairo — the
    /// user named it in `GSK_RENDERER`, or named no renderer and no GPU device can be opened — asks GDK not to
    /// prepare GL (`gl-disable` in `GDK_DEBUG`). GTK 4.8 loads Mesa and its LLVM back end as it opens an X11
    /// display, whatever renderer it will use: 60 ms of a 170 ms launch of a bare window here. Answers what to put
    /// back once GTK is initialised (it reads `GDK_DEBUG` once, then), so programs the app starts keep their GL;
    /// nil when GL may be used.
    public static func skipGLWhenDrawingWithCairo() -> DebugFlagsToRestore? {
        let renderer = namedRenderer
        guard drawsWithCairoWithoutGL(renderer: renderer, hasGPU: renderer == nil && canOpenGPU) else { return nil }
        let original = getenv("GDK_DEBUG").map { String(cString: $0) }
        setenv("GDK_DEBUG", debugFlags(disablingGLIn: original), 1)
        return DebugFlagsToRestore(original: original)
    }

    /// `GDK_DEBUG` as it was before ``skipGLWhenDrawingWithCairo()``.
    public struct DebugFlagsToRestore: Sendable {
        let original: String?

        /// Puts `GDK_DEBUG` back as it was: call once GTK is initialised.
        public func restore() {
            if let original { setenv("GDK_DEBUG", original, 1) } else { unsetenv("GDK_DEBUG") }
        }
    }

    /// Whether the renderer is cairo whatever GL offers: the user named cairo, or named none where no GPU can
    /// be opened (``preferCairoIfSoftware()`` then chooses cairo).
    static func drawsWithCairoWithoutGL(renderer: String?, hasGPU: Bool) -> Bool {
        guard let renderer, !renderer.isEmpty else { return !hasGPU }
        return renderer == "cairo"
    }

    /// `flags` (GDK's comma-separated debug flags, or none) with GL disabled too.
    static func debugFlags(disablingGLIn flags: String?) -> String {
        guard let flags, !flags.isEmpty else { return "gl-disable" }
        return flags.split(separator: ",").contains("gl-disable") ? flags : flags + ",gl-disable"
    }

    /// ``hasGPUDevice(deviceDirectory:nvidiaControl:)`` asked once: the app asks before GTK starts and again
    /// once it has opened the display, and the devices do not come and go in between.
    static let canOpenGPU = hasGPUDevice()

    /// Whether this process can open a GPU: a DRM render node (Mesa's drivers, and NVIDIA's with its DRM
    /// module), or NVIDIA's own control device.
    static func hasGPUDevice(deviceDirectory: String = "/dev/dri", nvidiaControl: String = "/dev/nvidiactl") -> Bool {
        if access(nvidiaControl, R_OK | W_OK) == 0 { return true }
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: deviceDirectory)) ?? []
        return entries.contains { $0.hasPrefix("renderD") && access("\(deviceDirectory)/\($0)", R_OK | W_OK) == 0 }
    }

    /// The default display's `GL_RENDERER`, from a GL context made for the question; nil without GL.
    @MainActor
    static func glRenderer() -> String? {
        guard let display = gdk_display_get_default() else { return nil }
        var error: UnsafeMutablePointer<GError>?
        defer { g_clear_error(&error) }
        guard let created = gdk_display_create_gl_context(display, &error) else { return nil }
        let context = ObjectReference(adopting: created)
        guard gdk_gl_context_realize(context.pointer, &error) != 0 else { return nil }
        gdk_gl_context_make_current(context.pointer)
        defer { gdk_gl_context_clear_current() }
        // libepoxy, which GTK loads, holds `glGetString` as a function pointer in a global of its own.
        typealias GetString = @convention(c) (UInt32) -> UnsafePointer<UInt8>?
        guard let global = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "epoxy_glGetString"),
              let function = global.load(as: GetString?.self),
              let text = function(rendererName)
        else { return nil }
        return String(cString: text)
    }
}
