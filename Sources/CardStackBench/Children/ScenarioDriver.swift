// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import CGtk
import CardStackCore
import CardStackWidgets
import GtkSupport

/// Runs the benchmark's plan in a window, one step per frame from a tick callback, and tags the frames to measure.
///
/// The plan alternates the floor widget and the deck in the same window: each repeat measures the floor, then
/// every scenario, resetting the deck unmeasured in between; with a reference deck, also the scale scenarios on
/// it in the same window, after the deck's or before them in turn, so a large deck's cost is compared with a
/// small one's in one process, under the same renderer state and the same minute of the machine. Inputs get the
/// frame clock's frame time, which under Xvfb advances in 60 Hz steps of 16,667 µs.
@MainActor
final class ScenarioDriver {
    enum Task {
        /// Lets frames pass unmeasured.
        case settle(frames: Int)
        case showFloor
        case showDeck
        /// Puts the reference deck in the window; the scenarios after it play on the reference.
        case showReference
        case floor(measured: Bool)
        case scenario(Scenario, measured: Bool)
        /// Takes back this many decisions, one per frame, and waits for the deck to come to rest.
        case undo(Int)
    }

    /// Frames the floor is measured for in each repeat.
    let floorFrames: Int
    /// Frames to wait after swapping the window's content, for layout and the first full redraw.
    static let swapSettleFrames = 3
    /// A task taking longer than this many frames has hung: the run fails.
    static let taskFrameLimit = 1_200

    private let window: UnsafeMutablePointer<GtkWidget>
    private let deckView: DeckView
    private let deckWidget: ObjectReference<UnsafeMutablePointer<GtkWidget>>
    private let reference: (view: DeckView, widget: ObjectReference<UnsafeMutablePointer<GtkWidget>>)?
    /// The deck the scenarios play on: the measured deck, or the reference after `showReference`.
    private var active: DeckView
    private let floor: FloorWidget
    private let floorWidget: ObjectReference<UnsafeMutablePointer<GtkWidget>>
    private let recorder: FrameRecorder
    private let tasks: [Task]
    private var taskIndex = 0
    private var frameInTask = 0
    private var stepIndex = 0
    private var startedRunning = false
    private var countBefore = 0
    private var lastFrameTime: Int64 = 0
    private var scenarioStart: Int64 = 0
    /// One 60 Hz frame of scenario time, µs.
    static let stepMicroseconds: Int64 = 16_667

    /// Scenario name → whether every repeat did what it should.
    private(set) var scriptedOutcomes: [String: Bool] = [:]
    private(set) var failures: [String] = []
    private(set) var isFinished = false
    var onFinished: (@MainActor () -> Void)?

    /// The label of `scenario`'s frames played on the reference deck.
    static func referenceLabel(_ scenario: String) -> String { "reference: \(scenario)" }

    init(window: UnsafeMutablePointer<GtkWidget>, deckView: DeckView, reference: DeckView?, floor: FloorWidget, recorder: FrameRecorder,
         repeats: Int, warmUp: Bool, floorFrames: Int) {
        self.window = window
        self.deckView = deckView
        active = deckView
        self.reference = reference.map { ($0, ObjectReference(sinking: $0.widget)) }
        self.floor = floor
        self.recorder = recorder
        self.floorFrames = floorFrames
        deckWidget = ObjectReference(sinking: deckView.widget)
        floorWidget = ObjectReference(sinking: floor.widget)
        var plan: [Task] = [.settle(frames: 10)]
        for index in 0..<(repeats + (warmUp ? 1 : 0)) {
            let measured = !warmUp || index > 0
            plan += [.showFloor, .floor(measured: measured)]
            let scale: [Task] = [.scenario(.slowDrag, measured: measured), .undo(1)]
                + Self.repeated([.scenario(.fling, measured: measured), .undo(1)], Scenario.flingRunsPerRepeat)
            let bursts = Self.repeated([.scenario(.swipeBurst, measured: measured), .scenario(.undoBurst, measured: measured)],
                                       Scenario.burstRunsPerRepeat)
            let deck: [Task] = [.showDeck] + scale + bursts
            if reference == nil {
                plan += deck
            } else {
                // The reference first in every other repeat, so neither deck always follows the other.
                plan += index % 2 == 0 ? deck + [.showReference] + scale : [.showReference] + scale + deck
            }
        }
        tasks = plan
    }

    /// `tasks` played `count` times in a row.
    private static func repeated(_ tasks: [Task], _ count: Int) -> [Task] {
        Array(repeating: tasks, count: count).flatMap { $0 }
    }

    /// One frame of the plan; false once it is done.
    func tick(frameTime: Int64) -> Bool {
        defer { recorder.markTickEnd() }
        if frameTime == lastFrameTime {
            // Not a new frame (a second emission of `update` in the same frame): nothing to do.
            return true
        }
        lastFrameTime = frameTime
        if recorder.currentFrameTime != frameTime, !failures.contains(Self.orderFailure) {
            failures.append(Self.orderFailure)
        }
        guard taskIndex < tasks.count else {
            finish()
            return false
        }
        frameInTask += 1
        if frameInTask > Self.taskFrameLimit {
            failures.append("task \(taskIndex) (\(tasks[taskIndex])) did not finish in \(Self.taskFrameLimit) frames")
            finish()
            return false
        }
        if perform(tasks[taskIndex], at: frameTime) {
            taskIndex += 1
            frameInTask = 0
            stepIndex = 0
            startedRunning = false
        }
        return true
    }

    private static let orderFailure = "the frame recorder's update handler did not run before the ticks"

    private func finish() {
        guard !isFinished else { return }
        isFinished = true
        onFinished?()
    }

    private var isDeckIdle: Bool {
        !active.interaction.isDragging && !active.interaction.isAnimating(at: active.frameTimeForBenchmark)
    }

    /// What the active deck's frames of `scenario` are labelled.
    private func label(_ scenario: Scenario) -> String {
        active === deckView ? scenario.name : Self.referenceLabel(scenario.name)
    }

    /// Does one frame of `task`; true when the task is complete.
    private func perform(_ task: Task, at time: Int64) -> Bool {
        switch task {
        case .settle(let frames):
            return frameInTask >= frames
        case .showFloor:
            if frameInTask == 1 { adw_window_set_content(window.cast(), floorWidget.pointer) }
            gtk_widget_queue_draw(floorWidget.pointer)
            return frameInTask >= Self.swapSettleFrames
        case .showDeck:
            if frameInTask == 1 {
                active = deckView
                adw_window_set_content(window.cast(), deckWidget.pointer)
            }
            return frameInTask >= Self.swapSettleFrames
        case .showReference:
            if frameInTask == 1, let reference {
                active = reference.view
                adw_window_set_content(window.cast(), reference.widget.pointer)
            }
            return frameInTask >= Self.swapSettleFrames
        case .floor(let measured):
            gtk_widget_queue_draw(floorWidget.pointer)
            if measured { recorder.label = FrameBenchmark.floorLabel }
            return frameInTask >= floorFrames
        case .undo(let count):
            if stepIndex < count {
                active.session.undo()
                stepIndex += 1
                return false
            }
            return isDeckIdle
        case .scenario(let scenario, let measured):
            return run(scenario, measured: measured, at: time)
        }
    }

    private func run(_ scenario: Scenario, measured: Bool, at time: Int64) -> Bool {
        if !startedRunning {
            // Start from rest, so every repeat begins alike.
            guard isDeckIdle else { return false }
            startedRunning = true
            scenarioStart = time
            countBefore = active.interaction.progress.decidedCount
        }
        let label = label(scenario)
        if stepIndex < scenario.steps.count {
            if measured { recorder.label = label }
            // Input devices report at their own rate whatever the renderer manages, so the script's inputs are
            // 16,667 µs apart in scenario time; it equals the frame time while the frame clock keeps 60 Hz, and
            // trails it when frames are late (so a fling has the same speed however slow the frames are).
            perform(scenario.steps[stepIndex], at: min(time, scenarioStart + Int64(stepIndex) * Self.stepMicroseconds))
            stepIndex += 1
            return false
        }
        if !isDeckIdle {
            if measured { recorder.label = label }
            return false
        }
        let progress = active.interaction.progress
        let expected: Int
        let actual: Int
        switch scenario.effect {
        case .decides(let count):
            expected = min(count, progress.totalCount - countBefore)
            actual = progress.decidedCount - countBefore
        case .undoes(let count):
            expected = min(count, countBefore)
            actual = countBefore - progress.decidedCount
        }
        let ok = actual == expected
        if !ok {
            failures.append("\(label): expected \(expected) cards to change, \(actual) did")
        }
        scriptedOutcomes[label] = (scriptedOutcomes[label] ?? true) && ok
        return true
    }

    private var grip: Point { active.interaction.layout.frontCenter + Scenario.gripOffset }

    private func perform(_ step: Scenario.Step, at time: Int64) {
        switch step {
        case .press:
            if !active.beginDrag(grip, at: time) {
                failures.append("the press at \(grip) missed the front card")
            }
        case .move(let translation):
            active.updateDrag(translation, at: time)
        case .release(let translation):
            active.endDrag(translation, at: time)
        case .swipe(let direction):
            active.swipe(direction, at: time)
        case .undo:
            active.session.undo()
        case .pause:
            break
        }
    }
}

extension DeckView {
    /// The time the deck draws for: its frame clock's frame time (DeckView's own is internal).
    var frameTimeForBenchmark: Microseconds {
        guard let clock = gtk_widget_get_frame_clock(widget) else { return Microseconds(g_get_monotonic_time()) }
        return Microseconds(gdk_frame_clock_get_frame_time(clock))
    }
}
