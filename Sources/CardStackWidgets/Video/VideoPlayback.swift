// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import CardStackCore
import GtkSupport

/// A video, or a Live Photo's motion, playing in its card's place through GTK's own media stack (`GtkMediaFile`,
/// GStreamer behind it): decoded on GStreamer's threads, each new frame a redraw of the card.
///
/// Only the card that plays holds a pipeline: ``stop()`` pauses it and the last reference frees it.
@MainActor
final class VideoPlayback {
    /// The card playing.
    let cardIndex: Int
    /// The file playing, as the card names it.
    let name: String
    /// The media file, freed with this object (its pipeline with it).
    private let media: ObjectReference<UnsafeMutablePointer<GtkMediaStream>>
    private var stream: UnsafeMutablePointer<GtkMediaStream> { media.pointer }
    private let signals = SignalGroup()
    private var stopped = false
    /// Called with each new frame.
    var onFrame: (@MainActor () -> Void)?
    /// Called once when the video played to its end.
    var onEnded: (@MainActor () -> Void)?
    /// Called once with why the video can't play (no media module, a codec missing, a damaged file).
    var onError: (@MainActor (String) -> Void)?

    /// Starts playing the video at `path` (``FileNameEncoding`` text) for card `cardIndex`, named `name`.
    init?(cardIndex: Int, path: String, name: String) {
        let fileSystemPath = FileNameEncoding.fileSystemRepresentation(of: path)
        guard let stream = fileSystemPath.withUnsafeBufferPointer({ gtk_media_file_new_for_filename($0.baseAddress) }) else { return nil }
        media = ObjectReference(adopting: stream)
        self.cardIndex = cardIndex
        self.name = name
        signals.connect(stream.raw, .void("invalidate-contents")) { [weak self] in self?.onFrame?() }
        signals.connect(stream.raw, .pointer("notify::ended")) { [weak self] _ in
            guard let self, !stopped, gtk_media_stream_get_ended(stream) != 0 else { return }
            onEnded?()
        }
        signals.connect(stream.raw, .pointer("notify::error")) { [weak self] _ in
            guard let self, !stopped, let error = gtk_media_stream_get_error(stream) else { return }
            onError?(String(cString: error.pointee.message))
        }
        // A stream that failed as it was made (GTK without a media module) says so at once.
        if let error = gtk_media_stream_get_error(stream) {
            let words = String(cString: error.pointee.message)
            MainContext.invoke { [weak self] in self?.onError?(words) }
        }
        gtk_media_stream_play(stream)
    }

    /// The video's size in pixels as GStreamer gives it; zero until its first frame.
    var intrinsicSize: Size {
        let paintable = OpaquePointer(stream)
        return Size(width: Double(gdk_paintable_get_intrinsic_width(paintable)), height: Double(gdk_paintable_get_intrinsic_height(paintable)))
    }

    /// Whether a frame has come to draw.
    var hasFrame: Bool { intrinsicSize.width > 0 && intrinsicSize.height > 0 }

    /// Draws the current frame whole, centred in an area of `size` points at the origin.
    func draw(in snapshot: OpaquePointer, size: Size) {
        let video = intrinsicSize
        guard video.width > 0, video.height > 0 else { return }
        let scale = min(size.width / video.width, size.height / video.height)
        let (width, height) = (video.width * scale, video.height * scale)
        var backdrop = CardStyle.letterboxColor
        var area = graphene_rect_t(x: 0, y: 0, width: size.width, height: size.height)
        gtk_snapshot_append_color(snapshot, &backdrop, &area)
        gtk_snapshot_save(snapshot)
        var corner = graphene_point_t(x: Float((size.width - width) / 2), y: Float((size.height - height) / 2))
        gtk_snapshot_translate(snapshot, &corner)
        gdk_paintable_snapshot(OpaquePointer(stream), snapshot, width, height)
        gtk_snapshot_restore(snapshot)
    }

    /// Stops it for good: no more frames; the pipeline goes with this object.
    func stop() {
        guard !stopped else { return }
        stopped = true
        gtk_media_stream_pause(stream)
        signals.disconnectAll()
        onFrame = nil
        onEnded = nil
        onError = nil
    }
}
