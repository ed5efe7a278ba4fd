// SPDX-License-Identifier: GPL-3.0-or-later

/// The command line of `cardstack-bench`.
///
/// The parent run takes `--quick`, `--output PATH`, `--repeats N`, `--renderers default,cairo`,
/// `--sizes 10,1000,100000`, `--startup-runs N`, `--app PATH`, `--skip-startup`, `--skip-micro`, `--skip-frames`,
/// `--skip-carousel`, `--skip-piles`, `--skip-sheets`, `--skip-open`, `--skip-culling`. The Browse comparison runs `--child carousel --implementation ours|adwaita --cards N`.
/// The benchmark re-executes itself for each deck size and renderer with `--child frames --cards N --result PATH`.
struct BenchOptions: Sendable {
    enum Child: String, Sendable {
        case frames
        case carousel
        case piles
        case sheets
    }

    /// Measured repeats of every scenario in a full run; one unmeasured warm-up repeat comes first.
    static let fullRepeats = 3
    /// Launches of the app and of each bare window per renderer: a launch's spread here is ±15 %, so fewer
    /// moved the median ratio by more than the 0.05 it is judged on.
    static let fullStartupRuns = 15
    static let fullSizes = [10, 1_000, 100_000]
    /// Quick mode only checks that every benchmark runs, so each child runs once, at the size that takes
    /// every path the small one takes and the paths only a large deck has (a burst that doesn't run out of
    /// cards, a pile that scrolls).
    static let quickSizes = [1_000]
    /// `default` leaves `GSK_RENDERER` unset (GTK 4.8 picks GL on X11); the others set it.
    static let fullRenderers = ["default", "cairo"]
    /// Startup also under GL by name: where GL is a software rasterizer the app's default is cairo, and the
    /// launch of a machine with a GPU should still be measured.
    static let fullStartupRenderers = ["default", "gl", "cairo"]

    var quick = false
    var output: String?
    var repeats: Int?
    var renderers: [String]?
    var sizes: [Int]?
    var startupRuns: Int?
    var appPath: String?
    var skipStartup = false
    var skipMicro = false
    var skipFrames = false
    var skipCarousel = false
    var skipPiles = false
    var skipSheets = false
    var skipOpen = false
    var skipCulling = false
    /// For `--child carousel`: which carousel to measure.
    var implementation: CarouselBenchmark.Implementation = .ours
    var child: Child?
    var cards = 10
    /// For `--child sheets`: whether the details body is Markdown.
    var markdown = false
    var resultPath: String?

    /// The repeats to measure (quick: 1).
    var effectiveRepeats: Int { repeats ?? (quick ? 1 : Self.fullRepeats) }
    var effectiveSizes: [Int] { sizes ?? (quick ? Self.quickSizes : Self.fullSizes) }
    var effectiveRenderers: [String] { renderers ?? (quick ? ["default"] : Self.fullRenderers) }
    var effectiveStartupRenderers: [String] { renderers ?? (quick ? ["default"] : Self.fullStartupRenderers) }
    var effectiveStartupRuns: Int { startupRuns ?? (quick ? 1 : Self.fullStartupRuns) }
    var effectiveOutput: String { output ?? (quick ? "bench-results/quick.json" : "bench-results/latest.json") }

    struct UsageError: Error, CustomStringConvertible {
        let description: String
    }

    init(arguments: [String]) throws(UsageError) {
        var remaining = arguments[...]
        func value(for flag: String) throws(UsageError) -> String {
            guard let next = remaining.popFirst() else { throw UsageError(description: "\(flag) needs a value") }
            return next
        }
        func integers(_ text: String, for flag: String) throws(UsageError) -> [Int] {
            let parsed = text.split(separator: ",").compactMap { Int($0) }
            guard !parsed.isEmpty, parsed.allSatisfy({ $0 > 0 }) else { throw UsageError(description: "\(flag) takes positive integers") }
            return parsed
        }
        while let argument = remaining.popFirst() {
            switch argument {
            case "--quick": quick = true
            case "--output": output = try value(for: argument)
            case "--repeats": repeats = try integers(value(for: argument), for: argument).first
            case "--renderers": renderers = try value(for: argument).split(separator: ",").map(String.init)
            case "--sizes": sizes = try integers(value(for: argument), for: argument)
            case "--startup-runs": startupRuns = try integers(value(for: argument), for: argument).first
            case "--app": appPath = try value(for: argument)
            case "--skip-startup": skipStartup = true
            case "--skip-micro": skipMicro = true
            case "--skip-frames": skipFrames = true
            case "--skip-carousel": skipCarousel = true
            case "--skip-culling": skipCulling = true
            case "--skip-piles": skipPiles = true
            case "--skip-sheets": skipSheets = true
            case "--skip-open": skipOpen = true
            case "--implementation":
                let name = try value(for: argument)
                guard let kind = CarouselBenchmark.Implementation(rawValue: name) else { throw UsageError(description: "unknown carousel \(name)") }
                implementation = kind
            case "--cards": cards = try integers(value(for: argument), for: argument).first ?? cards
            case "--result": resultPath = try value(for: argument)
            case "--markdown": markdown = true
            case "--child":
                let name = try value(for: argument)
                guard let kind = Child(rawValue: name) else { throw UsageError(description: "unknown child \(name)") }
                child = kind
            case "--help", "-h":
                throw UsageError(description: "usage: cardstack-bench [--quick] [--output PATH] [--repeats N] [--renderers default,cairo] [--sizes 10,1000,100000] [--startup-runs N] [--app PATH] [--skip-startup] [--skip-micro] [--skip-frames] [--skip-carousel] [--skip-piles] [--skip-sheets] [--skip-open] [--skip-culling]")
            default:
                throw UsageError(description: "unknown argument \(argument)")
            }
        }
    }
}
