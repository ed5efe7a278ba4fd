// SPDX-License-Identifier: GPL-3.0-or-later

/// One micro-benchmark: the median time per call over its timed rounds.
struct MicroResult: Codable, Sendable {
    var name: String
    var iterations: Int
    /// Nanoseconds per call of each timed round.
    var rounds: [Double]
    var nanosecondsPerCall: Double
}

/// One scenario's frames at one deck size and renderer, pooled over its repeats.
struct ScenarioResult: Codable, Sendable {
    var name: String
    var repeats: Int
    /// Frame-clock `update` to `after-paint`, wall time (ms).
    var frame: Statistics
    /// The `update` phase: the scenario's input calls and the deck's tick callback (ms).
    var tick: Statistics
    /// The deck widget's `snapshot` (ms).
    var snapshot: Statistics
    /// Frames whose frame time came more than 1.5 refresh intervals after the previous one (a missed refresh).
    var skippedFrames: Int
    /// Frames of the scenario in which nothing was drawn; the deck redraws every frame while it moves, so 0.
    var unpaintedFrames: Int
    /// Whether every repeat had the effect it should (a card decided, 20 undone, …).
    var ranAsScripted: Bool
    var note: String?
}

/// Everything one child process measured: one deck size under one renderer.
struct DeckRunResult: Codable, Sendable {
    /// `default` (GSK picks; GL here) or `cairo`, as requested through `GSK_RENDERER`.
    var renderer: String
    /// The GskRenderer class the window really used.
    var rendererClass: String
    /// Under GL, when that GL is a software rasterizer: what it is (as the app names it when it draws with cairo
    /// instead).
    var softwareGL: String?
    var cards: Int
    /// The deck widget's allocation, in points.
    var viewWidth: Int
    var viewHeight: Int
    /// Reading the deck file, building the widget and window, up to the first painted frame (ms).
    var loadMilliseconds: Double
    /// Peak resident set size of the child (`VmHWM`), KiB.
    var peakRSSKiB: Int
    var floor: Statistics
    var scenarios: [ScenarioResult]
    /// The reference deck's size, when this child measured one beside its own deck.
    var referenceCards: Int?
    /// The scale scenarios played on the reference deck in the same window, in turn with this deck's.
    var reference: [ScenarioResult]?
    var failures: [String]

    /// Scenario `name`'s frame cost p50 on this deck over the same on the reference deck beside it; nil without one.
    func referenceRatio(_ name: String) -> Double? {
        guard let big = scenarios.first(where: { $0.name == name }), let little = reference?.first(where: { $0.name == name }),
              little.frame.p50 > 0 else { return nil }
        return big.frame.p50 / little.frame.p50
    }
}

/// Process start to first painted frame of `cardstack` and of two bare windows, launched in turn (ms).
struct StartupResult: Codable, Sendable {
    /// The renderer asked for (`default`: GTK's choice, or the app's where GL is a software rasterizer).
    var renderer: String
    /// The renderer the app drew with, which the bare windows were given too.
    var drawnWith: String
    var app: [Double]
    /// `cardstack --bare`: the bare window started by the app's binary.
    var bare: [Double]
    /// `cardstack-bare-window`: the bare window written in C.
    var cBare: [Double]
    /// The C window with GDK's GL left unloaded as the app leaves it (only where the app did).
    var cBareWithoutGL: [Double]
    var appMedian: Double
    var bareMedian: Double
    var cBareMedian: Double
    var cBareWithoutGLMedian: Double
    /// App : C bare window, the figure the target judges.
    var ratio: Double
    /// App : in-binary bare window: what the deck page adds.
    var inBinaryRatio: Double
    /// App : the C window with GL left unloaded too; 0 where it was not launched.
    var withoutGLRatio: Double
    var failures: [String]

    init(renderer: String, drawnWith: String? = nil, app: [Double] = [], bare: [Double] = [], cBare: [Double] = [],
         cBareWithoutGL: [Double] = [], failures: [String]) {
        self.renderer = renderer
        self.drawnWith = drawnWith ?? renderer
        self.app = app
        self.bare = bare
        self.cBare = cBare
        self.cBareWithoutGL = cBareWithoutGL
        appMedian = Statistics.median(app)
        bareMedian = Statistics.median(bare)
        cBareMedian = Statistics.median(cBare)
        cBareWithoutGLMedian = Statistics.median(cBareWithoutGL)
        ratio = cBareMedian > 0 ? appMedian / cBareMedian : 0
        inBinaryRatio = bareMedian > 0 ? appMedian / bareMedian : 0
        withoutGLRatio = cBareWithoutGLMedian > 0 ? appMedian / cBareWithoutGLMedian : 0
        self.failures = failures
    }
}

/// Opening one deck file at launch, over several runs.
struct DeckOpenResult: Codable, Sendable {
    var cards: Int
    var format: String
    var fileBytes: Int
    /// Spawn → first frame with the deck, ms, each run.
    var drawn: [Double]
    var drawnMedian: Double?
    var firstFrameMedian: Double?
    /// Spawn → the loading page shown; nil when the deck was ready before it was due.
    var loadingPageMedian: Double?
    var peakRSSKiB: Int
    /// For a folder of photos, spawn → the first frame with the front photo's picture (not its placeholder).
    var photoDrawnMedian: Double? = nil
}

/// One issue target, judged.
struct TargetResult: Codable, Sendable {
    var name: String
    var measured: String
    var target: String
    /// Nil when it could not be measured.
    var met: Bool?
}

/// The machine the numbers come from.
struct MachineInfo: Codable, Sendable {
    var processors: Int
    var cpuModel: String
    var kernel: String
}

/// The whole run, as written to `bench-results/latest.json`.
struct BenchResults: Codable, Sendable {
    var date: String
    var command: String
    var quick: Bool
    var machine: MachineInfo
    /// Whose window manager the children ran under (``StandInWindowManager``).
    var windowManager: String
    var micro: [MicroResult]
    var decks: [DeckRunResult]
    var startup: [StartupResult]
    /// The Browse strip and AdwCarousel side by side.
    var carousels: [CarouselRunResult]
    /// The Piles page with 10 and 100,000 decided cards.
    var piles: [PilesRunResult]
    var sheets: [SheetsRunResult]
    /// Decks of 10 to 1,000,000 cards opened at launch.
    var opens: [DeckOpenResult]
    /// Culling photos beside Geeqie and Eye of GNOME.
    var culling: CullingResult?
    var targets: [TargetResult]
    var failures: [String]
}
