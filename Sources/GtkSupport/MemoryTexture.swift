// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk

/// Textures made from pixels computed in memory.
public enum MemoryTexture {
    /// A texture of `width` × `height` pixels from `pixels`: blue, green, red and alpha bytes per pixel, colours
    /// premultiplied by alpha, rows one after another (GDK's default memory format). The bytes are copied.
    public static func premultipliedBGRA(width: Int, height: Int, pixels: [UInt8]) -> ObjectReference<OpaquePointer> {
        precondition(width > 0 && height > 0 && pixels.count == width * height * 4, "a texture needs 4 bytes for each of its pixels")
        let bytes = pixels.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
        defer { g_bytes_unref(bytes) }
        // Only NULL for sizes GDK refuses, which the precondition rules out.
        let texture = gdk_memory_texture_new(Int32(width), Int32(height), GDK_MEMORY_B8G8R8A8_PREMULTIPLIED, bytes, gsize(width * 4))!
        return ObjectReference(adopting: texture)
    }
}
