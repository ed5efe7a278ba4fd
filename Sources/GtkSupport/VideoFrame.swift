// SPDX-License-Identifier: GPL-3.0-or-later
import CGst
import Glibc

/// A video's first frame as GStreamer gives it: RGB pixels, rows `stride` bytes apart, upright and with square
/// pixels, and the video's length; read in this process or in a poster process (``VideoPosterProcess``).
public struct VideoFrame: Sendable, Equatable {
    public var pixels: [UInt8]
    public var width: Int
    public var height: Int
    public var stride: Int
    /// The video's length; nil when the file doesn't say it.
    public var nanoseconds: Int64?

    /// The largest frame taken: a 16K video's first frame, far above any phone's or camera's.
    static let largestByteCount = 15_360 * 8_640 * 3

    /// Reads the first frame of the video at `path` (file-system bytes) in this process, waiting at most
    /// `timeoutMilliseconds` for it. Blocking.
    static func read(_ path: [CChar], timeoutMilliseconds: Int32) -> Result<VideoFrame, VideoPoster.Failure> {
        var frame = path.withUnsafeBufferPointer { cs_video_first_frame($0.baseAddress, timeoutMilliseconds) }
        defer { free(frame.pixels) }
        guard let pixels = frame.pixels else {
            let words = withUnsafeBytes(of: &frame.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            return .failure(frame.missing_decoder != 0 ? .missingDecoder : .unreadable(words))
        }
        let (width, height, stride) = (Int(frame.width), Int(frame.height), Int(frame.stride))
        return .success(VideoFrame(
            pixels: Array(UnsafeBufferPointer(start: pixels, count: stride * height)),
            width: width, height: height, stride: stride,
            nanoseconds: frame.nanoseconds > 0 ? Int64(frame.nanoseconds) : nil
        ))
    }
}
