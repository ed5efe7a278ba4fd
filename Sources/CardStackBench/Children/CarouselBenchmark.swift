// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import CGtk
import CardStackCore
import CardStackWidgets
import Foundation
import GtkSupport

/// The child process that compares the Browse strip with libadwaita's `AdwCarousel` holding the same N cards.
///
/// Both build the same in-memory deck; the carousel gets one card-like page per card (a framed box with a title,
/// a subtitle and a wrapped body), as an app using it would. Measured: from the child's start to its first
/// painted frame, peak RSS, and the frames while moving through 20 cards one at a time. Ours also runs the
/// Browse page's own scenarios: a slow drag to the next card, and a flick across about 20 cards, each against
/// the floor widget in the same window.
@MainActor
final class CarouselBenchmark {
    /// Which carousel to measure.
    enum Implementation: String, Codable, Sendable {
        case ours
        case adwaita
    }

    /// Cards moved through one at a time, and the frames between two moves (200 ms at 60 Hz: each move is
    /// still settling when the next begins, as when someone taps through).
    static let moveCount = 20
    static let framesPerMove = 12
    /// The slow drag: 60 frames (1 s) to 60% of the pitch, so it settles on the next card.
    static let dragFrames = 60
    static let dragFraction = 0.6
    /// The flick: 4 frames of 400 pt (24,000 pt/s), which the touch deceleration projects about 20 cards on.
    static let flickFrames = 4
    static let flickStep = 400.0
    static let settleFrames = 10
    static let frameLimit = 3_000

    private let options: BenchOptions
    private let implementation: Implementation
    private let startNanoseconds: Int64

    init(options: BenchOptions, implementation: Implementation, startNanoseconds: Int64) {
        self.options = options
        self.implementation = implementation
        self.startNanoseconds = startNanoseconds
    }

    func run() -> Int32 {
        guard let resultPath = ChildRun.start(options, child: "carousel") else { return 2 }
        adw_init()
        let deck = SyntheticDeck.deck(count: options.cards)
        guard let window = ChildRun.pageWindow(content: nil) else { return 1 }
        gtk_window_set_title(window.cast(), "CardStack carousel benchmark")

        let content: UnsafeMutablePointer<GtkWidget>
        var browseView: BrowseView?
        var carousel: OpaquePointer?
        switch implementation {
        case .ours:
            let view = BrowseView(session: DeckSession(deck: deck))
            SnapshotProbe.install(typeName: "CardStackBrowseView")
            browseView = view
            content = view.widget
        case .adwaita:
            let made = OpaquePointer(created(adw_carousel_new()))
            adw_carousel_set_spacing(made, 16)
            for card in deck.cards {
                adw_carousel_append(made, Self.page(for: card))
            }
            SnapshotProbe.install(typeName: "AdwCarousel")
            carousel = made
            content = UnsafeMutablePointer(made)
        }
        let contentReference = ObjectReference(sinking: content)
        let floor = FloorWidget()
        let floorReference = ObjectReference(sinking: floor.widget)
        adw_window_set_content(window.cast(), content)
        gtk_widget_realize(window)
        guard let clock = gtk_widget_get_frame_clock(window) else { return 1 }
        let recorder = FrameRecorder(frameClock: clock)
        var firstFrameNanoseconds: Int64 = 0
        recorder.onFirstPaintedFrame = { end in firstFrameNanoseconds = end * 1_000 }

        var plan = Plan(implementation: implementation, quick: options.quick)
        var failures: [String] = []
        var finished = false
        // The flick's events are timed as a finger's at 60 Hz from its press, whatever the frames cost: on a busy
        // machine a frame of 100 ms would make the same 1,600 pt a slow throw that stops short.
        var flickPress: Int64 = 0
        var flickEvents: Int64 = 0
        func flickTime() -> Int64 {
            flickEvents += 1
            return flickPress + flickEvents * 16_667
        }
        TickCallback.add(to: window) { frameTime, _ in
            let step = plan.next()
            switch step {
            case .wait: break
            case .finish:
                finished = true
                return false
            case .showFloor: adw_window_set_content(window.cast(), floorReference.pointer)
            case .showCarousel: adw_window_set_content(window.cast(), contentReference.pointer)
            case .floor:
                recorder.label = "floor"
                gtk_widget_queue_draw(floorReference.pointer)
            case .move(let index, let label):
                recorder.label = label
                if let browseView {
                    browseView.scroll(to: index, at: frameTime)
                } else if let carousel, index < adw_carousel_get_n_pages(carousel) {
                    adw_carousel_scroll_to(carousel, adw_carousel_get_nth_page(carousel, UInt32(index)), 1)
                }
            case .measureOnly(let label):
                recorder.label = label
            case .press(let label):
                recorder.label = label
                (flickPress, flickEvents) = (frameTime, 0)
                browseView?.beginDrag(at: frameTime)
            case .drag(let fraction, let label):
                recorder.label = label
                if let browseView {
                    browseView.updateDrag(-fraction * browseView.interaction.strip.pitch, at: frameTime)
                }
            case .dragBy(let points, let label):
                recorder.label = label
                browseView?.updateDrag(points, at: flickTime())
            case .release(let points, let label):
                recorder.label = label
                browseView?.endDrag(points, at: flickTime())
            case .releaseAt(let fraction, let label):
                recorder.label = label
                if let browseView {
                    browseView.endDrag(-fraction * browseView.interaction.strip.pitch, at: frameTime)
                }
            case .check(let wanted, let what):
                // A strip shorter than that stops at its last card.
                let minimumItem = min(wanted, deck.cards.count - 1)
                if let browseView, (browseView.interaction.restingItem ?? 0) < minimumItem {
                    failures.append("\(what): rests on item \(browseView.interaction.restingItem ?? -1), expected ≥ \(minimumItem)")
                }
            }
            if plan.frame > Self.frameLimit {
                failures.append("the plan did not finish in \(Self.frameLimit) frames")
                finished = true
                return false
            }
            return true
        }
        gtk_window_present(window.cast())
        while !finished {
            g_main_context_iteration(nil, 1)
        }
        recorder.stop()

        let scenarioNames = implementation == .ours ? Plan.ourScenarios : [Plan.moveLabel]
        let result = CarouselRunResult(
            implementation: implementation,
            cards: deck.cards.count,
            launchMilliseconds: Double(firstFrameNanoseconds - startNanoseconds) / MonotonicClock.nanosecondsPerMillisecond,
            peakRSSKiB: MemoryUsage.peakResidentKiB,
            floor: recorder.statistics("floor"),
            scenarios: scenarioNames.map { CarouselScenarioResult(name: $0, frame: recorder.statistics($0)) },
            failures: failures
        )
        gtk_window_destroy(window.cast())
        return ChildRun.finish(result, failures: result.failures, to: resultPath)
    }

    /// A card-like page: a framed vertical box with the title, the subtitle and the wrapped body.
    private static func page(for card: Card) -> UnsafeMutablePointer<GtkWidget> {
        let box = created(gtk_box_new(GTK_ORIENTATION_VERTICAL, 6))
        gtk_widget_add_css_class(box, "card")
        gtk_widget_set_size_request(box, 630, 600)
        gtk_widget_set_hexpand(box, 0)
        for (text, style) in [(card.title, "title-2"), (card.subtitle ?? "", "dim-label"), (card.body ?? "", "body")] {
            let label = created(gtk_label_new(text))
            gtk_label_set_wrap(OpaquePointer(label), 1)
            gtk_label_set_xalign(OpaquePointer(label), 0)
            gtk_widget_add_css_class(label, style)
            gtk_widget_set_margin_start(label, 22)
            gtk_widget_set_margin_end(label, 22)
            gtk_box_append(box.cast(), label)
        }
        return box
    }

    /// The benchmark's script, one step per frame.
    @MainActor
    private struct Plan {
        enum Step {
            case wait, finish, showFloor, showCarousel, floor
            case move(Int, label: String)
            case measureOnly(String)
            case press(String)
            case drag(Double, label: String)
            case dragBy(Double, label: String)
            case release(Double, label: String)
            case releaseAt(fraction: Double, label: String)
            case check(minimumItem: Int, what: String)
        }

        static let moveLabel = "browse: move through 20 cards"
        static let dragLabel = "browse: drag"
        static let flickLabel = "browse: flick across 20 cards"
        static let ourScenarios = [moveLabel, dragLabel, flickLabel]

        private var steps: [Step] = []
        private var index = 0
        private(set) var frame = 0

        init(implementation: Implementation, quick: Bool) {
            let floorFrames = quick ? FrameBenchmark.quickFloorFrames : FrameBenchmark.fullFloorFrames
            let repeats = quick ? 1 : 3
            // As many floor frames for both; AdwCarousel's all before it moves, as putting its N pages back in the
            // window after each look at the floor would take as long as its launch.
            let firstFloorFrames = implementation == .adwaita ? floorFrames + repeats * (floorFrames / 3) : floorFrames
            steps += Array(repeating: .wait, count: CarouselBenchmark.settleFrames)
            steps += [.showFloor] + Array(repeating: .wait, count: 3) + Array(repeating: .floor, count: firstFloorFrames)
            steps += [.showCarousel] + Array(repeating: .wait, count: CarouselBenchmark.settleFrames)
            // Repeated for both carousels, back to the first card unmeasured in between: a strip of 10 stops at its
            // last card, so one pass paints half the frames a longer one does, and its p95 rested on a handful.
            for pass in 0..<repeats {
                if pass > 0 { steps += [.move(0, label: "reset")] + Array(repeating: .wait, count: 40) }
                for card in 1...CarouselBenchmark.moveCount {
                    steps.append(.move(card, label: Self.moveLabel))
                    steps += Array(repeating: .measureOnly(Self.moveLabel), count: CarouselBenchmark.framesPerMove - 1)
                }
                steps += Array(repeating: .measureOnly(Self.moveLabel), count: 24)
            }
            // The floor again before each of ours, as the other children measure it: its p95 then rests on frames
            // from the whole run, rather than on the 60 before it (whose third slowest set it).
            let floorAgain: [Step] = [.showFloor] + Array(repeating: .wait, count: 3) + Array(repeating: .floor, count: floorFrames / 3)
                + [.showCarousel] + Array(repeating: .wait, count: CarouselBenchmark.settleFrames)
            // The Browse scenarios are short: repeated, so their percentiles rest on enough frames.
            for _ in 0..<(implementation == .ours ? repeats : 0) {
                steps += floorAgain
                steps += [.move(0, label: "reset")] + Array(repeating: .wait, count: 40)
                steps.append(.press(Self.dragLabel))
                for frame in 1...CarouselBenchmark.dragFrames {
                    steps.append(.drag(CarouselBenchmark.dragFraction * Double(frame) / Double(CarouselBenchmark.dragFrames), label: Self.dragLabel))
                }
                steps.append(.releaseAt(fraction: CarouselBenchmark.dragFraction, label: Self.dragLabel))
                steps += Array(repeating: .measureOnly(Self.dragLabel), count: 24)
                steps.append(.check(minimumItem: 1, what: Self.dragLabel))
                steps += [.move(0, label: "reset")] + Array(repeating: .wait, count: 40)
                steps.append(.press(Self.flickLabel))
                for frame in 1..<CarouselBenchmark.flickFrames {
                    steps.append(.dragBy(-CarouselBenchmark.flickStep * Double(frame), label: Self.flickLabel))
                }
                steps.append(.release(-CarouselBenchmark.flickStep * Double(CarouselBenchmark.flickFrames), label: Self.flickLabel))
                steps += Array(repeating: .measureOnly(Self.flickLabel), count: 40)
                steps.append(.check(minimumItem: 12, what: Self.flickLabel))
            }
            steps.append(.finish)
        }

        mutating func next() -> Step {
            frame += 1
            guard index < steps.count else { return .finish }
            defer { index += 1 }
            return steps[index]
        }
    }
}

/// One carousel child's figures.
struct CarouselRunResult: Codable, Sendable, ChildResult {
    var implementation: CarouselBenchmark.Implementation
    var cards: Int
    /// From the child's start to its first painted frame, ms.
    var launchMilliseconds: Double
    var peakRSSKiB: Int
    var floor: Statistics
    var scenarios: [CarouselScenarioResult]
    var failures: [String]
}

/// One scenario's frames in a carousel child.
struct CarouselScenarioResult: Codable, Sendable {
    var name: String
    var frame: Statistics
    /// The update phase (inputs and ticks) and the measured widget's `snapshot`, when recorded.
    var tick: Statistics?
    var snapshot: Statistics?
}
