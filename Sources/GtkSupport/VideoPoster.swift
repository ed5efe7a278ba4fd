// SPDX-License-Identifier: GPL-3.0-or-later
import CGst
import CGtk
import CardStackCore
import Dispatch
import Glibc
import Translation

/// A video's poster frame and length, read by GStreamer on a queue of its own, as the desktop's video
/// thumbnailers do.
///
/// The poster is the first frame, turned upright as the file's rotation says (a phone held upright records a
/// landscape stream and a quarter turn) and sized like a photo (``ImageDecoder/Fit``). Its pipeline lives only while
/// the frame is read, in a process of its own (``VideoPosterProcess``) when the app runs; playing is GTK's own media
/// stack (``VideoPlayback``). Its own queue, so a slow video never holds the photos behind it.
public enum VideoPoster {
    /// A poster: the frame as a texture, the video's upright size in pixels and its length.
    public struct Poster {
        public let texture: ObjectReference<OpaquePointer>
        public let pixelWidth: Int
        public let pixelHeight: Int
        /// The length, "0:03" (``VideoLength``); nil when the file doesn't say it.
        public let length: String?
    }

    /// Why a video can't be shown, in words for the card.
    public enum Failure: Error, Sendable, Equatable, CustomStringConvertible {
        /// No installed GStreamer element reads its format or decodes its codec.
        case missingDecoder
        /// GStreamer's own words for it ("Could not determine type of stream.").
        case unreadable(String)

        public var description: String {
            switch self {
            case .missingDecoder: String(format: tr("no installed decoder plays it (%@)"), "gstreamer1.0-libav")
            case .unreadable(let words): words
            }
        }
    }

    /// How long a video may take to give its first frame: a file on a slow disk or network share, not a hang.
    static let timeoutMilliseconds: Int32 = 10_000

    /// The program whose ``VideoPosterProcess/argument`` reads a poster in a process of its own: the app itself,
    /// set once at launch before any poster is read; nil reads posters in this process.
    nonisolated(unsafe) public static var posterProgram: String?

    private static let queue = DispatchQueue(label: "io.github.cardstack.video-poster", qos: .userInitiated)

    /// Moves an owned texture from the poster queue to the main actor.
    private final class Handoff: @unchecked Sendable {
        let result: Result<Poster, Failure>
        init(_ result: Result<Poster, Failure>) { self.result = result }
    }

    /// Reads the poster of the video at `path` sized to `width` × `height` pixels as `fit` says, and calls
    /// `completion` on the main actor with it or why there is none.
    public static func read(
        at path: String,
        width: Int,
        height: Int,
        fit: ImageDecoder.Fit,
        completion: @escaping @MainActor @Sendable (Result<Poster, Failure>) -> Void
    ) {
        let fileSystemPath = FileNameEncoding.fileSystemRepresentation(of: path)
        queue.async {
            let handoff = Handoff(readNow(fileSystemPath, box: (width, height), fit: fit))
            MainContext.invoke { completion(handoff.result) }
        }
    }

    /// Reads the poster now, on the calling thread (the poster queue, or the fuzzer's): in a poster process run
    /// from ``posterProgram`` when it is set and starts, else in this process.
    public static func readNow(_ path: [CChar], box: (width: Int, height: Int), fit: ImageDecoder.Fit) -> Result<Poster, Failure> {
        var info = stat()
        // Only a regular file: GStreamer's file source would wait for ever on a pipe.
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return .failure(.unreadable(tr("it is not a file"))) }
        let read = posterProgram.flatMap { VideoPosterProcess.read(path, program: $0) }
            ?? VideoFrame.read(path, timeoutMilliseconds: timeoutMilliseconds)
        return read.flatMap { poster(of: $0, box: box, fit: fit) }
    }

    /// The poster of `frame`, sized to `box` as `fit` says.
    private static func poster(of frame: VideoFrame, box: (width: Int, height: Int), fit: ImageDecoder.Fit) -> Result<Poster, Failure> {
        let (width, height, stride) = (frame.width, frame.height, frame.stride)
        guard let bytes = frame.pixels.withUnsafeBytes({ g_bytes_new($0.baseAddress, gsize(stride * height)) }) else {
            return .failure(.unreadable(tr("no picture")))
        }
        defer { g_bytes_unref(bytes) }
        guard let full = gdk_pixbuf_new_from_bytes(bytes, GDK_COLORSPACE_RGB, 0, 8, Int32(width), Int32(height), Int32(stride)) else {
            return .failure(.unreadable(tr("no picture")))
        }
        let decoded = ObjectReference(adopting: full)
        let scale = fit.scale(width: width, height: height, to: box)
        let shown = scale < 0.99
            ? gdk_pixbuf_scale_simple(full, Int32(max(1, (Double(width) * scale).rounded())), Int32(max(1, (Double(height) * scale).rounded())),
                                      GDK_INTERP_BILINEAR).map(ObjectReference.init(adopting:)) ?? decoded
            : decoded
        guard let texture = CairoBackedTexture.make(from: shown.pointer)
            ?? gdk_texture_new_for_pixbuf(shown.pointer).map(ObjectReference.init(adopting:)) else {
            return .failure(.unreadable(tr("no picture")))
        }
        let length = frame.nanoseconds.flatMap { VideoLength.text(microseconds: $0 / 1000) }
        return .success(Poster(texture: texture, pixelWidth: width, pixelHeight: height, length: length))
    }
}
