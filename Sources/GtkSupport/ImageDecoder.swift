// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Dispatch
import Glibc
import Translation

/// Decodes image files into textures on a background queue, at the size they will be shown.
///
/// GdkPixbuf loaders and `GdkTexture` creation are safe off the main thread for objects no other thread
/// touches; the finished texture is handed to the main actor with its only reference.
public enum ImageDecoder {
    /// A picture in grey, one byte a pixel, rows `width` bytes apart.
    public struct GreyPicture: Sendable {
        public let width: Int
        public let height: Int
        public let pixels: [UInt8]
    }

    /// A decoded picture: the texture and the file's own pixel size.
    public struct Picture {
        public let texture: ObjectReference<OpaquePointer>
        /// The picture's size as shown, after its EXIF orientation.
        public let pixelWidth: Int
        public let pixelHeight: Int
        /// What the caller's `alongside` found in the file, on the decoding queue (the capture day).
        public let note: String?
        /// What a camera RAW says of the shot (its camera, sensor size, time); nil for other pictures.
        public let metadata: PhotoMetadata?
    }

    /// How a picture is sized to the box it is shown in, keeping its aspect; it is never enlarged.
    ///
    /// Decoding at the size the picture is drawn matters beyond memory: GTK's cairo renderer draws a picture
    /// shrunk by more than a quarter through cairo's "good" filter, a convolution over every pixel of each frame.
    public enum Fit: Sendable {
        /// As small as still covers the box: for a picture cut to fill it.
        case cover
        /// As large as fits inside the box: for a picture shown whole.
        case contain

        /// The factor that sizes a picture of `width` × `height` pixels to `box` this way, at most 1.
        func scale(width: Int, height: Int, to box: (width: Int, height: Int)) -> Double {
            let ratios = (Double(box.width) / Double(width), Double(box.height) / Double(height))
            return min(1, self == .cover ? max(ratios.0, ratios.1) : min(ratios.0, ratios.1))
        }
    }

    /// Why a picture is not shown, in words for the card ("60000 × 60000 is too large").
    public enum Failure: Error, Sendable, Equatable, CustomStringConvertible {
        /// Not a plain file (a pipe would block the decoder, a device never end): `kind` says what it is.
        case notAFile(kind: String)
        /// More pixels than the budget for its format allows.
        case tooLarge(width: Int, height: Int)
        /// Not a picture the installed loaders can read, or a damaged one.
        case undecodable
        /// A camera RAW with no embedded picture to show (it is never demosaiced).
        case noPreview

        public var description: String {
            switch self {
            case .notAFile(let kind): String(format: tr("it is %@"), kind)
            case .tooLarge(let width, let height): String(format: tr("%1$ld × %2$ld is too large"), width, height)
            case .undecodable: tr("it is damaged or not a picture")
            case .noPreview: tr("the RAW file has no preview in it")
            }
        }
    }

    /// Pixels a picture may have, as its decoder announces them on reading the header, before it allocates any. A
    /// decoder that can't scale while it
    /// decodes (PNG, GIF, WebP…) holds the whole picture at 4 bytes a pixel: 64 MP is 256 MB, so a single bomb
    /// stays under the 500 MB an image may cost. JPEG is decoded at a fraction of its size by libjpeg (down to an
    /// eighth each way), so a 200 MP camera file costs what a 3 MP one does.
    public static let pixelBudget = 64_000_000
    public static let scaledDecodingPixelBudget = 256_000_000

    /// One queue: decoding is memory-hungry, and on a 2-core machine a second decoder would starve the UI.
    private static let queue = DispatchQueue(label: "io.github.cardstack.image-decoder", qos: .userInitiated)

    /// Moves an owned object reference from the decoding thread to the main actor.
    private final class Handoff: @unchecked Sendable {
        let result: Result<Picture, Failure>
        init(_ result: Result<Picture, Failure>) { self.result = result }
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

    /// Decodes the file at `fileSystemPath` (its bytes, NUL-terminated: a name need not be UTF-8) scaled to
    /// cover `width`×`height` pixels or to fit inside them (`fit`; keeping its aspect, turned upright as its EXIF
    /// orientation says), then
    /// calls `completion` on the main actor with the texture, or why it can't be shown. `isRaw` tells from the
    /// file's first ``headerLength`` bytes whether it is a camera RAW, shown by its embedded preview
    /// (``EmbeddedPreview``). `alongside` reads something more from a picture that decoded (its capture day), on
    /// the decoding queue.
    public static func decode(
        fileSystemPath path: [CChar],
        width: Int,
        height: Int,
        fit: Fit = .cover,
        isRaw: @escaping @Sendable (_ header: [UInt8]) -> Bool = { _ in false },
        alongside: @escaping @Sendable () -> String? = { nil },
        completion: @escaping @MainActor @Sendable (Result<Picture, Failure>) -> Void
    ) {
        queue.async {
            let handoff = Handoff(decodeNow(path: path, box: (width, height), fit: fit, isRaw: isRaw, alongside: alongside))
            MainContext.invoke { completion(handoff.result) }
        }
    }

    /// Reads what the photo file at `path` says of the shot (``PhotoMetadata``) on the decoding queue, after the
    /// pictures asked for before it, and calls `completion` on the main actor with it (nil when exiv2 can't read it).
    public static func metadata(
        fileSystemPath path: [CChar],
        isRaw: Bool,
        completion: @escaping @MainActor @Sendable (PhotoMetadata?) -> Void
    ) {
        queue.async {
            var info = stat()
            // Only a regular file: exiv2 would wait for ever on a pipe.
            let metadata = stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG ? PhotoMetadata.read(fileSystemPath: path, isRaw: isRaw) : nil
            MainContext.invoke { completion(metadata) }
        }
    }

    /// EXIF orientations 5–8 turn the picture a quarter: its width and height trade places.
    static let quarterTurnOrientations: Set<String> = ["5", "6", "7", "8"]

    /// Bytes of a file's start handed to `isRaw`.
    public static let headerLength = 16

    private static func decodeNow(
        path: [CChar], box: (width: Int, height: Int), fit: Fit, isRaw: ([UInt8]) -> Bool, alongside: () -> String?
    ) -> Result<Picture, Failure> {
        let upright: Upright
        switch uprightPixbuf(path: path, box: box, fit: fit, isRaw: isRaw) {
        case .success(let found): upright = found
        case .failure(let failure): return .failure(failure)
        }
        guard let texture = CairoBackedTexture.make(from: upright.pixbuf.pointer)
            ?? gdk_texture_new_for_pixbuf(upright.pixbuf.pointer).map(ObjectReference.init(adopting:)) else {
            return .failure(.undecodable)
        }
        return .success(Picture(texture: texture, pixelWidth: upright.width, pixelHeight: upright.height,
                                note: alongside(), metadata: upright.metadata))
    }

    /// A picture decoded and turned upright: its pixels at the size asked for, the file's own size after its
    /// orientation, and a RAW's metadata.
    private struct Upright {
        let pixbuf: ObjectReference<OpaquePointer>
        let width: Int
        let height: Int
        let metadata: PhotoMetadata?
    }

    private static func uprightPixbuf(path: [CChar], box: (width: Int, height: Int), fit: Fit, isRaw: ([UInt8]) -> Bool) -> Result<Upright, Failure> {
        // `stat` never blocks, where opening a FIFO would hold the one decoding queue until a writer came.
        var info = stat()
        guard stat(path, &info) == 0 else { return .failure(.undecodable) }
        guard info.st_mode & S_IFMT == S_IFREG else { return .failure(.notAFile(kind: kind(of: info.st_mode))) }
        var source = ScaledImageLoader.Source.file(path)
        var metadata: PhotoMetadata?
        var rawOrientation: Int?
        if isRaw(header(of: path)) {
            switch EmbeddedPreview.read(fileSystemPath: path, pixelBudget: scaledDecodingPixelBudget) {
            case .success(let found):
                (source, metadata, rawOrientation) = (.bytes(found.encoded), found.metadata, found.orientation)
            case .failure(let failure):
                return .failure(failure)
            }
        }
        let decoded: ObjectReference<OpaquePointer>
        let (fileWidth, fileHeight): (Int, Int)
        switch ScaledImageLoader(source: source, box: box, fit: fit, budget: pixelBudget, scaledDecodingBudget: scaledDecodingPixelBudget).load() {
        case .pixbuf(let pixbuf, let width, let height): (decoded, fileWidth, fileHeight) = (pixbuf, width, height)
        case .tooLarge(let width, let height): return .failure(.tooLarge(width: width, height: height))
        case .undecodable: return .failure(.undecodable)
        }
        // A RAW's preview is turned as the RAW says (a preview rarely says it itself, and the RAW is the truth).
        if let rawOrientation {
            gdk_pixbuf_remove_option(decoded.pointer, "orientation")
            gdk_pixbuf_set_option(decoded.pointer, "orientation", String(rawOrientation))
        }
        // The JPEG and TIFF loaders keep the EXIF orientation as the pixbuf's "orientation" option.
        let orientation = String(borrowingGLibString: gdk_pixbuf_get_option(decoded.pointer, "orientation")) ?? "1"
        let (uprightWidth, uprightHeight) = quarterTurnOrientations.contains(orientation) ? (fileHeight, fileWidth) : (fileWidth, fileHeight)
        guard let upright = gdk_pixbuf_apply_embedded_orientation(decoded.pointer) else { return .failure(.undecodable) }
        return .success(Upright(pixbuf: shrunk(ObjectReference(adopting: upright), toFit: box, fit), width: uprightWidth, height: uprightHeight,
                                metadata: metadata))
    }

    /// The picture at `path` in grey, one byte a pixel (ITU-R 601 luma, as PIL's "L" mode makes it), sized to fit
    /// `box`, on the calling thread; for looking at a photo (how sharp, what it shows), not for showing it.
    public static func grey(fileSystemPath path: [CChar], box: (width: Int, height: Int), isRaw: ([UInt8]) -> Bool) -> GreyPicture? {
        guard case .success(let upright) = uprightPixbuf(path: path, box: box, fit: .contain, isRaw: isRaw) else { return nil }
        let pixbuf = upright.pixbuf.pointer
        let (width, height) = (Int(gdk_pixbuf_get_width(pixbuf)), Int(gdk_pixbuf_get_height(pixbuf)))
        let (channels, stride) = (Int(gdk_pixbuf_get_n_channels(pixbuf)), Int(gdk_pixbuf_get_rowstride(pixbuf)))
        guard width > 0, height > 0, channels >= 3, gdk_pixbuf_get_bits_per_sample(pixbuf) == 8,
              let bytes = gdk_pixbuf_read_pixels(pixbuf) else { return nil }
        var pixels = [UInt8](repeating: 0, count: width * height)
        for y in 0..<height {
            let row = bytes + y * stride
            for x in 0..<width {
                let pixel = row + x * channels
                let (red, green, blue): (Int, Int, Int) = (Int(pixel[0]), Int(pixel[1]), Int(pixel[2]))
                let luma: Int = (red * 299 + green * 587 + blue * 114) / 1_000
                pixels[y * width + x] = UInt8(luma)
            }
        }
        return GreyPicture(width: width, height: height, pixels: pixels)
    }

    /// `pixbuf`, scaled down once here if it is larger than `fit` of `box` asks: a loader sizes a picture before it
    /// knows its EXIF orientation, so a quarter-turned one can come out larger than needed.
    private static func shrunk(_ pixbuf: ObjectReference<OpaquePointer>, toFit box: (width: Int, height: Int), _ fit: Fit) -> ObjectReference<OpaquePointer> {
        let width = Int(gdk_pixbuf_get_width(pixbuf.pointer))
        let height = Int(gdk_pixbuf_get_height(pixbuf.pointer))
        let scale = fit.scale(width: width, height: height, to: box)
        // Within a percent is the size asked for: a loader rounds.
        guard scale < 0.99,
              let scaled = gdk_pixbuf_scale_simple(pixbuf.pointer, Int32(max(1, (Double(width) * scale).rounded())),
                                                   Int32(max(1, (Double(height) * scale).rounded())), GDK_INTERP_BILINEAR)
        else { return pixbuf }
        return ObjectReference(adopting: scaled)
    }

    /// The first ``headerLength`` bytes of the file at `path` (fewer for a shorter file, none for one that can't
    /// be read); the file is known to be a regular one, so reading never blocks.
    private static func header(of path: [CChar]) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return [] }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: headerLength)
        let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, headerLength) }
        return Array(bytes.prefix(max(0, count)))
    }

    /// What a file that is not a regular one is, in words.
    private static func kind(of mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFIFO: tr("a pipe (FIFO)")
        case S_IFCHR, S_IFBLK: tr("a device")
        case S_IFSOCK: tr("a socket")
        case S_IFDIR: tr("a folder")
        default: tr("not a regular file")
        }
    }
}
