// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// A phone's folder for the culling benchmark: the made photos with a video every eleventh card, each video a
/// phone's H.264 MP4 in one photo's colour (GStreamer's test source, its encoder and muxer), so the same screen
/// probe tells which card shows.
extension BenchPhotos {
    /// Every this many cards, one is a video: 50 videos among 500 photos.
    static let videoEvery = 11
    /// A phone's video: 1080p, three seconds at 30 frames a second, as a Live Photo's motion or a short clip.
    static let videoSize = (width: 1_920, height: 1_080)
    static let videoSeconds = 3

    /// Card `index` of the phone folder: a video or a photo, named so that name order is index order.
    static func phoneName(_ index: Int) -> String {
        String(format: "card-%04d.%@", index, isVideo(index) ? "mp4" : "jpg")
    }

    /// Whether card `index` of the phone folder is a video.
    static func isVideo(_ index: Int) -> Bool { index % videoEvery == videoEvery - 1 }

    /// A folder of `count` cards in `folder`: the `sources` photos of `photos` in turn (hard links), and a video in
    /// the colour of the photo it stands in for every ``videoEvery`` cards (`withVideos`), made once in `cache`
    /// at `size`; or why not.
    static func phoneFolder(
        photos: URL, sources: Int, count: Int, withVideos: Bool, size: (width: Int, height: Int), cache: URL, to folder: URL
    ) -> Result<URL, Orchestrator.ChildFailure> {
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for index in 0..<count where withVideos || !isVideo(index) {
            let target = folder.appendingPathComponent(phoneName(index))
            let source: URL
            if isVideo(index) {
                switch video(colour: index % sources, size: size, in: cache) {
                case .success(let made): source = made
                case .failure(let failure): return .failure(failure)
                }
            } else {
                source = photos.appendingPathComponent(name(index % sources))
            }
            guard (try? FileManager.default.linkItem(at: source, to: target)) != nil || (try? FileManager.default.copyItem(at: source, to: target)) != nil else {
                return .failure(.init(description: "phone folder: cannot put \(target.lastPathComponent) in \(folder.path)"))
            }
        }
        return .success(folder)
    }

    /// The video in photo `colour`'s colour at `size`, made once in `cache`.
    private static func video(colour index: Int, size: (width: Int, height: Int), in cache: URL) -> Result<URL, Orchestrator.ChildFailure> {
        let folder = cache.appendingPathComponent("videos-\(size.width)x\(size.height)")
        let file = folder.appendingPathComponent(String(format: "video-%03d.mp4", index))
        if FileManager.default.fileExists(atPath: file.path) { return .success(file) }
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let patch = colour(index)
        let argb = String(format: "0xff%02x%02x%02x", patch.red, patch.green, patch.blue)
        let pipeline = "videotestsrc pattern=solid-color foreground-color=\(argb) num-buffers=\(videoSeconds * 30) "
            + "! video/x-raw,width=\(size.width),height=\(size.height),framerate=30/1 ! x264enc speed-preset=ultrafast "
            + "! video/x-h264,profile=high ! mp4mux ! filesink location=\(file.path).part"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/gst-launch-1.0")
        process.arguments = ["-q"] + pipeline.split(separator: " ").map(String.init)
        process.standardOutput = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return .failure(.init(description: "phone folder: no gst-launch-1.0 (make bench installs it)")) }
        process.waitUntilExit()
        guard process.terminationStatus == 0, rename(file.path + ".part", file.path) == 0 else {
            return .failure(.init(description: "phone folder: GStreamer could not make \(file.lastPathComponent) (x264enc: gstreamer1.0-plugins-ugly)"))
        }
        return .success(file)
    }
}
