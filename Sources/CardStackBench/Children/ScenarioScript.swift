// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk

/// A benchmark child's scenarios written out as one step per frame, each frame labelled for the recorder; played
/// with ``ChildRun/play(_:in:limit:)``.
@MainActor
final class ScenarioScript {
    /// The steps, one a frame, each given the frame's time.
    private(set) var steps: [(Int64) -> Void] = []
    private let recorder: FrameRecorder

    init(recorder: FrameRecorder) {
        self.recorder = recorder
    }

    /// One frame's step.
    func step(_ body: @escaping (Int64) -> Void) {
        steps.append(body)
    }

    /// `frames` frames of nothing, unmeasured.
    func wait(_ frames: Int) {
        steps += Array(repeating: { _ in }, count: frames)
    }

    /// `frames` frames measured as `label`, whatever moves in them.
    func measured(_ label: String, _ frames: Int) {
        steps += Array(repeating: { [recorder] _ in recorder.label = label }, count: frames)
    }

    /// `frames` frames of `floor` drawing itself, measured as the floor.
    func floor(_ floor: FloorWidget, frames: Int) {
        steps += Array(repeating: { [recorder] _ in
            recorder.label = "floor"
            gtk_widget_queue_draw(floor.widget)
        }, count: frames)
    }

    /// The floor again before a scenario, so a busy spell on this shared machine weighs on the floor as much as
    /// on the scenario beside it: `stack` shows the floor for `frames` frames, then the page called `page`.
    func floorAgain(_ floor: FloorWidget, in stack: OpaquePointer, page: String, frames: Int) {
        step { _ in gtk_stack_set_visible_child_name(stack, "floor") }
        wait(3)
        self.floor(floor, frames: frames)
        step { _ in gtk_stack_set_visible_child_name(stack, page) }
        wait(10)
    }
}
