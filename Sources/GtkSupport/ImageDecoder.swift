// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Dispatch

/// Decodes image files into textures on a background queue, at the size they will be shown.
///
/// GdkPixbuf loaders and `GdkTexture` creation are safe off the main thread for objects no other thread
/// touches; the finished texture is handed to the main actor with its only reference.
public enum ImageDecoder {
    /// A decoded picture: the texture and the file's own pixel size.
    public struct Result {
        public let texture: ObjectReference<OpaquePointer>
        public let pixelWidth: Int
        public let pixelHeight: Int
    }

    /// One queue: decoding is memory-hungry, and on a 2-core machine a second decoder would starve the UI.
    private static let queue = DispatchQueue(label: "io.github.cardstack.image-decoder", qos: .userInitiated)

    /// Moves an owned object reference from the decoding thread to the main actor.
    private final class Handoff: @unchecked Sendable {
        let result: Result?
        init(_ result: Result?) { self.result = result }
    }

    /// The extensions of the image formats the installed GdkPixbuf loaders can read, lowercased.
    public static var supportedExtensions: Set<String> {
        var extensions: Set<String> = []
        guard let formats = gdk_pixbuf_get_formats() else { return extensions }
        defer { g_slist_free(formats) }
        var node: UnsafeMutablePointer<GSList>? = formats
        while let current = node {
            if let format = current.pointee.data, let list = gdk_pixbuf_format_get_extensions(OpaquePointer(format)) {
                var index = 0
                while let item = list[index] {
                    extensions.insert(String(cString: item).lowercased())
                    index += 1
                }
                g_strfreev(list)
            }
            node = current.pointee.next
        }
        return extensions
    }

    /// Decodes `path` scaled to cover `width`×`height` pixels (keeping its aspect), then calls `completion`
    /// on the main actor with the texture, or nil when the file cannot be decoded.
    public static func decode(
        path: String,
        coveringWidth width: Int,
        height: Int,
        completion: @escaping @MainActor @Sendable (Result?) -> Void
    ) {
        queue.async {
            let handoff = Handoff(decodeNow(path: path, width: width, height: height))
            MainContext.invoke { completion(handoff.result) }
        }
    }

    private static func decodeNow(path: String, width: Int, height: Int) -> Result? {
        var fileWidth: Int32 = 0
        var fileHeight: Int32 = 0
        guard gdk_pixbuf_get_file_info(path, &fileWidth, &fileHeight) != nil, fileWidth > 0, fileHeight > 0 else { return nil }
        // Cover the box: scale by the larger ratio, never up.
        let scale = min(1, max(Double(width) / Double(fileWidth), Double(height) / Double(fileHeight)))
        let targetWidth = max(1, Int32((Double(fileWidth) * scale).rounded()))
        let targetHeight = max(1, Int32((Double(fileHeight) * scale).rounded()))
        guard let pixbuf = gdk_pixbuf_new_from_file_at_scale(path, targetWidth, targetHeight, 1, nil) else { return nil }
        let owned = ObjectReference(adopting: pixbuf)
        guard let texture = gdk_texture_new_for_pixbuf(owned.pointer) else { return nil }
        return Result(texture: ObjectReference(adopting: texture), pixelWidth: Int(fileWidth), pixelHeight: Int(fileHeight))
    }
}
