// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import Glibc

/// Decodes a file with a `GdkPixbufLoader`, fed in chunks, that answers the decoder's own `size-prepared`: the
/// size the decoder announces once it has read the header, before it allocates a pixel, so an image bomb is refused
/// before it costs anything.
/// Above the budget for the format decoding stops there; otherwise the loader is asked for the size that covers
/// the box, or fits inside it (``ImageDecoder/Fit``), which decoders that can scale (JPEG, SVG) decode at directly.
struct ScaledImageLoader {
    /// Bytes handed to the loader at a time.
    static let chunkSize = 64 * 1_024

    /// Where the encoded picture is.
    enum Source {
        /// A file, by its path as bytes, NUL-terminated.
        case file([CChar])
        /// Bytes in memory (a RAW's embedded preview).
        case bytes([UInt8])
    }

    let source: Source
    /// The box the picture is shown in, in pixels.
    let box: (width: Int, height: Int)
    /// Whether the picture covers the box or fits inside it.
    let fit: ImageDecoder.Fit
    /// Pixels allowed, for formats decoded whole and then scaled.
    let budget: Int
    /// Pixels allowed for JPEG, which libjpeg decodes at a fraction of its size.
    let scaledDecodingBudget: Int

    enum Outcome {
        /// The picture, at the size that covers or fits the box, and the size the file declared.
        case pixbuf(ObjectReference<OpaquePointer>, width: Int, height: Int)
        case tooLarge(width: Int, height: Int)
        case undecodable
    }

    /// What `size-prepared` learnt, shared with the C callback.
    private final class Announcement {
        let box: (width: Int, height: Int)
        let fit: ImageDecoder.Fit
        let budget: Int
        let scaledDecodingBudget: Int
        var size: (width: Int, height: Int)?
        var isTooLarge = false
        init(box: (width: Int, height: Int), fit: ImageDecoder.Fit, budget: Int, scaledDecodingBudget: Int) {
            self.box = box
            self.fit = fit
            self.budget = budget
            self.scaledDecodingBudget = scaledDecodingBudget
        }
    }

    func load() -> Outcome {
        let read: () -> Data?
        switch source {
        case .file(let path):
            let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
            guard descriptor >= 0 else { return .undecodable }
            let file = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
            read = { try? file.read(upToCount: Self.chunkSize) }
        case .bytes(let bytes):
            var offset = 0
            read = {
                defer { offset = min(bytes.count, offset + Self.chunkSize) }
                return Data(bytes[offset..<min(bytes.count, offset + Self.chunkSize)])
            }
        }
        guard let created = gdk_pixbuf_loader_new() else { return .undecodable }
        let loader = ObjectReference(adopting: created)
        let announcement = Announcement(box: box, fit: fit, budget: budget, scaledDecodingBudget: scaledDecodingBudget)
        let context = Unmanaged.passRetained(announcement)
        defer { context.release() }
        let sizePrepared: @convention(c) (OpaquePointer?, Int32, Int32, gpointer?) -> Void = { loader, width, height, data in
            guard let loader, let data else { return }
            let announcement = Unmanaged<Announcement>.fromOpaque(data).takeUnretainedValue()
            announcement.size = (Int(width), Int(height))
            let format = gdk_pixbuf_loader_get_format(UnsafeMutablePointer(loader))
            let scalesWhileDecoding = format.flatMap { String(takingGLibString: gdk_pixbuf_format_get_name($0)) } == "jpeg"
            guard Int(width) * Int(height) <= (scalesWhileDecoding ? announcement.scaledDecodingBudget : announcement.budget) else {
                announcement.isTooLarge = true
                // A size of 0 makes the decoder give up before it allocates (as `gdk_pixbuf_get_file_info` stops it).
                gdk_pixbuf_loader_set_size(UnsafeMutablePointer(loader), 0, 0)
                return
            }
            // Cover the box (the larger ratio) or fit inside it (the smaller), never up.
            let scale = announcement.fit.scale(width: Int(width), height: Int(height), to: announcement.box)
            gdk_pixbuf_loader_set_size(UnsafeMutablePointer(loader), max(1, Int32((Double(width) * scale).rounded())),
                                       max(1, Int32((Double(height) * scale).rounded())))
        }
        g_signal_connect_data(loader.pointer, "size-prepared", unsafeBitCast(sizePrepared, to: GCallback.self), context.toOpaque(), nil, GConnectFlags(0))
        var fed = true
        while !announcement.isTooLarge, let chunk = read(), !chunk.isEmpty {
            fed = chunk.withUnsafeBytes { bytes in
                gdk_pixbuf_loader_write(loader.pointer, bytes.bindMemory(to: UInt8.self).baseAddress, gsize(bytes.count), nil) != 0
            }
            if !fed { break }
        }
        // Closing completes the picture (or gives up on a damaged one); its error is the answer below.
        _ = gdk_pixbuf_loader_close(loader.pointer, nil)
        if announcement.isTooLarge, let size = announcement.size { return .tooLarge(width: size.width, height: size.height) }
        guard fed, let size = announcement.size, size.width > 0, size.height > 0,
              let pixbuf = gdk_pixbuf_loader_get_pixbuf(loader.pointer)
        else { return .undecodable }
        // The loader owns its picture ("transfer none"): a reference of our own outlives it.
        return .pixbuf(ObjectReference(retaining: pixbuf), width: size.width, height: size.height)
    }
}
