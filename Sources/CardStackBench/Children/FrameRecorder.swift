// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GtkSupport

/// Times every frame of a window's frame clock, from its `update` signal to its `after-paint` signal.
///
/// The recorder connects to the clock before any tick callback is added, so its `update` handler runs first and
/// the frame's start precedes every tick. Ticks report their end through ``markTickEnd()``; the frame's tick time
/// is from the start to the last mark. Snapshot time comes from ``SnapshotProbe``.
@MainActor
final class FrameRecorder {
    /// One painted or unpainted frame.
    struct Frame: Sendable {
        /// The segment the driver was measuring in this frame, nil between measurements.
        var label: String?
        /// The frame clock's frame time, µs.
        var frameTime: Int64
        /// `update` to `after-paint`, wall time in ms (`g_get_monotonic_time`).
        var total: Double
        /// `update` to the end of the last tick callback, ms.
        var tick: Double
        /// Time in snapshot functions, ms.
        var snapshot: Double
        /// Whether anything was drawn.
        var painted: Bool
    }

    /// Set by the driver during a frame's `update` to tag the frame; cleared after the frame is recorded.
    var label: String?
    /// Called once, at the end of the first frame in which something was drawn, with its end time (µs).
    var onFirstPaintedFrame: (@MainActor (Int64) -> Void)?
    private(set) var frames: [Frame] = []
    /// The frame clock's time of the frame being built, µs; 0 outside `update`…`after-paint`.
    private(set) var currentFrameTime: Int64 = 0

    private let clock: OpaquePointer
    private let signals = SignalGroup()
    private var startMicroseconds: Int64 = 0
    private var startNanoseconds: Int64 = 0
    private var tickEndNanoseconds: Int64 = 0
    private var reportedFirstPaint = false

    init(frameClock: OpaquePointer) {
        clock = frameClock
        signals.connect(frameClock.raw, .void("update")) { [unowned self] in beginFrame() }
        signals.connect(frameClock.raw, .void("after-paint")) { [unowned self] in endFrame() }
    }

    /// Marks the end of a tick callback in the current frame.
    func markTickEnd() {
        tickEndNanoseconds = MonotonicClock.nanoseconds()
    }

    /// Stops recording.
    func stop() {
        signals.disconnectAll()
    }

    /// The times of the painted frames labelled `label`.
    func statistics(_ label: String) -> Statistics {
        Statistics(frames.filter { $0.label == label && $0.painted }.map(\.total))
    }

    /// Scenario `name`'s painted frames: their times, update phases and snapshot times.
    func scenario(_ name: String) -> CarouselScenarioResult {
        let painted = frames.filter { $0.label == name && $0.painted }
        return CarouselScenarioResult(
            name: name, frame: Statistics(painted.map(\.total)),
            tick: Statistics(painted.map(\.tick)), snapshot: Statistics(painted.map(\.snapshot))
        )
    }

    private func beginFrame() {
        startMicroseconds = Int64(g_get_monotonic_time())
        startNanoseconds = MonotonicClock.nanoseconds()
        tickEndNanoseconds = startNanoseconds
        currentFrameTime = Int64(gdk_frame_clock_get_frame_time(clock))
        SnapshotProbe.reset()
    }

    private func endFrame() {
        let end = Int64(g_get_monotonic_time())
        let painted = SnapshotProbe.calls > 0
        if painted, !reportedFirstPaint {
            reportedFirstPaint = true
            onFirstPaintedFrame?(end)
        }
        // A frame without an `update` (before any tick callback exists) has no start to measure from.
        if startMicroseconds > 0 {
            frames.append(Frame(
                label: label,
                frameTime: currentFrameTime,
                total: Double(end - startMicroseconds) / MonotonicClock.microsecondsPerMillisecond,
                tick: MonotonicClock.milliseconds(from: startNanoseconds, to: tickEndNanoseconds),
                snapshot: Double(SnapshotProbe.nanoseconds) / MonotonicClock.nanosecondsPerMillisecond,
                painted: painted
            ))
        }
        label = nil
        startMicroseconds = 0
        currentFrameTime = 0
        SnapshotProbe.reset()
    }
}
