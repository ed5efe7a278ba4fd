// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import CGtk
import CardStackCore
import CardStackFiles
import CardStackWidgets
import Foundation
import GtkSupport

/// The child process that measures frames: one deck size under the renderer its environment selects.
///
/// It writes the deck file first (unmeasured), then times opening it: reading and parsing the file, building the
/// deck widget and the window, up to the first painted frame. Then it runs the plan of ``ScenarioDriver`` and
/// writes a ``DeckRunResult`` as JSON to the result path. A deck larger than ``Targets/smallDeck`` is measured
/// beside a reference deck of that many cards in the same window, for the scale ratio.
@MainActor
final class FrameBenchmark {
    /// The window's fixed size, in points.
    static let windowWidth: Int32 = 1280
    static let windowHeight: Int32 = 800
    static let floorLabel = "floor"
    /// Floor frames per repeat, full and quick.
    static let fullFloorFrames = 60
    static let quickFloorFrames = 20
    /// The child exits with this status if it has not finished by ``watchdogSeconds``.
    static let watchdogStatus: Int32 = 3
    static let watchdogSeconds: UInt32 = 600
    /// A frame time this far past the previous one (1.5 refresh intervals at 60 Hz, µs) means a refresh was missed.
    static let skippedFrameInterval: Int64 = 25_000

    private let options: BenchOptions
    private var recorder: FrameRecorder?
    private var driver: ScenarioDriver?
    private var loadStart: Int64 = 0
    private var loadMilliseconds = 0.0

    init(options: BenchOptions) {
        self.options = options
    }

    /// Runs the measurement and returns the exit status.
    func run() -> Int32 {
        guard let resultPath = ChildRun.start(options, child: "frames") else { return 2 }
        adw_init()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cardstack-bench-\(getpid())")
        defer { try? FileManager.default.removeItem(at: directory) }
        let deckFile = directory.appendingPathComponent("deck.json")
        let deck: Deck
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try SyntheticDeck.writeFile(count: options.cards, to: deckFile)
            loadStart = Int64(g_get_monotonic_time())
            deck = try DeckLoader.load(from: deckFile, imageExtensions: [])
        } catch {
            FileHandle.standardError.write(Data("cardstack-bench: cannot make the deck: \(error)\n".utf8))
            return 1
        }

        let deckView = DeckView(session: DeckSession(deck: deck))
        let reference = deck.cards.count > Targets.smallDeck
            ? DeckView(session: DeckSession(deck: SyntheticDeck.deck(count: Targets.smallDeck))) : nil
        SnapshotProbe.install(typeName: "CardStackDeckView")
        let floor = FloorWidget()
        guard let window = adw_window_new() else { return 1 }
        gtk_window_set_default_size(window.cast(), Self.windowWidth, Self.windowHeight)
        gtk_window_set_resizable(window.cast(), 0)
        gtk_window_set_title(window.cast(), "CardStack benchmark")
        adw_window_set_content(window.cast(), deckView.widget)
        // As the app's window does.
        X11FrameMemory.keep(for: window)
        // Realized first, so the recorder's `update` handler is connected before any tick callback's (a CSS
        // transition on the window adds one when it is mapped) and so runs first in every frame.
        gtk_widget_realize(window)
        guard let clock = gtk_widget_get_frame_clock(window) else { return 1 }

        let recorder = FrameRecorder(frameClock: clock)
        self.recorder = recorder
        var viewSize = (width: 0, height: 0)
        recorder.onFirstPaintedFrame = { [unowned self] end in
            loadMilliseconds = Double(end - loadStart) / MonotonicClock.microsecondsPerMillisecond
            // Taken while the deck is in the window: at the end the reference may be there instead.
            viewSize = (Int(gtk_widget_get_width(deckView.widget)), Int(gtk_widget_get_height(deckView.widget)))
        }
        let driver = ScenarioDriver(
            window: window, deckView: deckView, reference: reference, floor: floor, recorder: recorder,
            repeats: options.effectiveRepeats, warmUp: !options.quick,
            floorFrames: options.quick ? Self.quickFloorFrames : Self.fullFloorFrames
        )
        self.driver = driver
        // The end of the deck's own tick: added first on the deck widget, so it runs after any tick the deck adds
        // later (GTK runs a widget's newest tick callback first).
        for view in [deckView] + (reference.map { [$0] } ?? []) {
            TickCallback.add(to: view.widget) { [unowned recorder] _, _ in
                recorder.markTickEnd()
                return true
            }
        }
        TickCallback.add(to: window) { [unowned driver] frameTime, _ in
            driver.tick(frameTime: frameTime)
        }
        gtk_window_present(window.cast())
        while !driver.isFinished {
            g_main_context_iteration(nil, 1)
        }
        recorder.stop()

        let result = summarise(window: window, viewSize: viewSize, recorder: recorder, driver: driver, cards: deck.cards.count,
                               referenceCards: reference?.session.deck.cards.count)
        gtk_window_destroy(window.cast())
        return ChildRun.finish(result, failures: result.failures, to: resultPath)
    }

    private func summarise(window: UnsafeMutablePointer<GtkWidget>, viewSize: (width: Int, height: Int), recorder: FrameRecorder,
                           driver: ScenarioDriver, cards: Int, referenceCards: Int?) -> DeckRunResult {
        let frames = recorder.frames
        var skipped: Set<Int> = []
        for index in frames.indices.dropFirst() where frames[index].frameTime - frames[index - 1].frameTime > Self.skippedFrameInterval {
            skipped.insert(index)
        }
        func tagged(_ label: String) -> [(offset: Int, element: FrameRecorder.Frame)] {
            frames.enumerated().filter { $0.element.label == label }
        }
        let floorFrames = tagged(Self.floorLabel).map(\.element).filter(\.painted)
        var failures = driver.failures
        func result(_ scenario: Scenario, label: String, cards: Int) -> ScenarioResult {
            let scenarioFrames = tagged(label)
            let painted = scenarioFrames.map(\.element).filter(\.painted)
            let ran = driver.scriptedOutcomes[label] ?? false
            if !ran, !failures.contains(where: { $0.hasPrefix(label) }) {
                failures.append("\(label): did not run")
            }
            return ScenarioResult(
                name: scenario.name,
                repeats: options.effectiveRepeats,
                frame: Statistics(painted.map(\.total)),
                tick: Statistics(painted.map(\.tick)),
                snapshot: Statistics(painted.map(\.snapshot)),
                skippedFrames: scenarioFrames.filter { skipped.contains($0.offset) }.count,
                unpaintedFrames: scenarioFrames.count - painted.count,
                ranAsScripted: ran,
                note: cards < Scenario.burstLength + DeckLayout.visibleDepth && scenario.name != Scenario.slowDrag.name && scenario.name != Scenario.fling.name
                    ? "deck of \(cards): the burst runs out of cards" : nil
            )
        }
        let scenarios = Scenario.all.map { result($0, label: $0.name, cards: cards) }
        let referenceScenarios = referenceCards.map { referenceCards in
            Scenario.all.filter { Targets.scaleScenarios.contains($0.name) }
                .map { result($0, label: ScenarioDriver.referenceLabel($0.name), cards: referenceCards) }
        }
        var rendererClass = "unknown"
        if let renderer = gtk_native_get_renderer(OpaquePointer(window)) {
            rendererClass = String(cString: g_type_name_from_instance(renderer.cast(to: GTypeInstance.self)))
        }
        return DeckRunResult(
            renderer: ProcessInfo.processInfo.environment["GSK_RENDERER"] ?? "default",
            rendererClass: rendererClass,
            softwareGL: rendererClass == "GskGLRenderer" ? SoftwareGL.softwareRasterizer() : nil,
            cards: cards,
            viewWidth: viewSize.width,
            viewHeight: viewSize.height,
            loadMilliseconds: loadMilliseconds,
            peakRSSKiB: MemoryUsage.peakResidentKiB,
            floor: Statistics(floorFrames.map(\.total)),
            scenarios: scenarios,
            referenceCards: referenceCards,
            reference: referenceScenarios,
            failures: failures
        )
    }
}
