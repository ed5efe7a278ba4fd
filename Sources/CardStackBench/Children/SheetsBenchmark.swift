// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import CGtk
import CardStackCore
import CardStackWidgets
import Foundation
import GtkSupport

/// The child process that measures the stacked sheets over a page, with a Card details body of N lines:
/// opening three sheets one after another and closing them again, and dragging the details sheet down and back
/// up, each against the floor widget in the same window.
///
/// The first opening in the process is measured on its own (``coldLabel``), under the same target: as in the app,
/// the three sheets were built ahead in idle time after the first frames (``SheetHost/prepare(_:)``), and it still
/// meets what each frame after it finds ready, such as llvmpipe compiling a shader for each new way of drawing and
/// GL's glyph and shadow caches filling, as the floor's first frames do before it is measured.
@MainActor
final class SheetsBenchmark {
    /// Frames between opening one sheet and the next, and between closing them (133 ms at 60 Hz).
    static let staggerFrames = 8
    /// Frames the open-and-close scenario gives each half: the design's spring settles in well under a second.
    static let settleFrames = 60
    /// The drag: 20 frames of 12 pt down (720 pt/s), 20 back up, then the release.
    static let dragFrames = 20
    static let dragStep = 12.0
    static let frameLimit = 4_000

    nonisolated static let openLabel = "sheets: open + close three"
    nonisolated static let coldLabel = "sheets: open + close three, first"
    nonisolated static let dragLabel = "sheets: drag details"
    /// The scenarios the targets are for: the sheets as they open and close again and again.
    nonisolated static let scenarios = [openLabel, dragLabel]

    private let options: BenchOptions

    init(options: BenchOptions) {
        self.options = options
    }

    /// A deck whose first card has a body of `lines` lines: prose, or with `markdown` an issue's Markdown (a
    /// heading every 20 lines, list items with emphasis, code and links, 1 MB at 10,000 lines).
    static func deck(bodyLines lines: Int, markdown: Bool = false) -> Deck {
        let body = (1...max(1, lines)).map { (line: Int) -> String in
            guard markdown else { return "Line \(line) of the body: a sentence long enough to wrap once at the sheet's width, as prose does." }
            return line % 20 == 1
                ? "\n## Part \(line / 20 + 1)\n"
                : "- [ ] Line \(line): **a step** to check, with `code` and [a link](https://example.org/\(line)), as issues have."
        }.joined(separator: "\n")
        let cards = [Card(id: "long", title: "A long card", subtitle: "\(lines) lines", body: body)]
            + SyntheticDeck.deck(count: 9).cards
        var deck = Deck(title: "Sheets", cards: cards)
        deck.bodiesAreMarkdown = markdown
        return deck
    }

    /// The app's style sheet from the source tree the benchmark was built from, so the sheets have their
    /// background, rounded corners and shadow as in the app; without it they are measured bare.
    static func loadStyleSheet() {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../data/style.css").standardizedFileURL.path
        guard FileManager.default.fileExists(atPath: path), let display = gdk_display_get_default() else {
            FileHandle.standardError.write(Data("cardstack-bench: no style sheet at \(path); sheets are measured without it\n".utf8))
            return
        }
        let provider = ObjectReference(adopting: created(gtk_css_provider_new()))
        gtk_css_provider_load_from_path(provider.pointer, path)
        gtk_style_context_add_provider_for_display(display, OpaquePointer(provider.pointer), UInt32(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
    }

    func run() -> Int32 {
        guard let resultPath = ChildRun.start(options, child: "sheets") else { return 2 }
        adw_init()
        Self.loadStyleSheet()
        let deck = Self.deck(bodyLines: options.cards, markdown: options.markdown)
        let session = DeckSession(deck: deck)
        let floor = FloorWidget()
        let page = DeckPage(session: session)
        let pages = OpaquePointer(created(gtk_stack_new()))
        gtk_stack_add_named(pages, floor.widget, "floor")
        gtk_stack_add_named(pages, page.widget, "deck")
        let sheets = SheetHost(content: UnsafeMutablePointer(pages))
        SnapshotProbe.install(typeName: "CardStackSheetHost")
        guard let window = ChildRun.pageWindow(content: sheets.widget) else { return 1 }
        gtk_widget_realize(window)
        guard let clock = gtk_widget_get_frame_clock(window) else { return 1 }
        let recorder = FrameRecorder(frameClock: clock)
        var failures: [String] = []
        // Each sheet is made once and shown again after it closes, as the app keeps them (``SheetHost/present(_:)``).
        var kept: (details: CardDetailsSheet?, info: DeckInfoSheet?, history: HistorySheet?)

        func details() -> SheetContent {
            let sheet = kept.details ?? CardDetailsSheet(card: 0, session: session) { _ in nil }
            kept.details = sheet
            return sheet.content
        }
        func info() -> SheetContent {
            let sheet = kept.info ?? DeckInfoSheet(session: session)
            kept.info = sheet
            return sheet.content
        }
        let historyLines = (0..<200).map { HistoryLine(what: "Keep", card: "Card \($0)", date: Date(timeIntervalSince1970: 1_795_000_000 + Double($0))) }
        func history() -> SheetContent {
            let sheet = kept.history ?? HistorySheet(session: session, filling: sheets.tallestSheet) { historyLines }
            kept.history = sheet
            return sheet.content
        }

        let repeats = options.quick ? 1 : 3
        let floorFrames = options.quick ? FrameBenchmark.quickFloorFrames : FrameBenchmark.fullFloorFrames
        let script = ScenarioScript(recorder: recorder)
        func floorAgain() { script.floorAgain(floor, in: pages, page: "deck", frames: floorFrames / 3) }
        func openAndClose(as label: String) {
            for (offset, content) in [details, info, history].enumerated() {
                script.step { _ in
                    recorder.label = label
                    sheets.present(content())
                }
                script.measured(label, offset < 2 ? Self.staggerFrames - 1 : Self.settleFrames)
            }
            script.step { _ in
                if sheets.openSheets.count != 3 { failures.append("open: \(sheets.openSheets.count) sheets open, not 3") }
            }
            for _ in 0..<3 {
                script.step { _ in
                    recorder.label = label
                    sheets.closeTop()
                }
                script.measured(label, Self.staggerFrames - 1)
            }
            script.measured(label, Self.settleFrames)
            script.step { _ in
                if !sheets.openSheets.isEmpty { failures.append("close: \(sheets.openSheets) still open") }
            }
        }
        script.wait(10)
        // As the app does in idle time after its first frame: the three sheets built and laid out ahead.
        script.step { _ in
            for content in [details(), info(), history()] { sheets.prepare(content) }
        }
        script.wait(10)
        floorAgain()
        openAndClose(as: Self.coldLabel)
        for _ in 0..<repeats {
            floorAgain()
            openAndClose(as: Self.openLabel)
        }
        for _ in 0..<repeats {
            floorAgain()
            script.step { _ in sheets.present(details()) }
            script.wait(Self.settleFrames)
            script.step { time in
                recorder.label = Self.dragLabel
                if !sheets.beginDrag(at: time) { failures.append("drag: no sheet to hold") }
            }
            for frame in 1...(2 * Self.dragFrames) {
                let travel = Double(frame <= Self.dragFrames ? frame : 2 * Self.dragFrames - frame) * Self.dragStep
                script.step { time in
                    recorder.label = Self.dragLabel
                    sheets.updateDrag(travel, at: time)
                }
            }
            script.step { time in
                recorder.label = Self.dragLabel
                sheets.endDrag(0, at: time)
            }
            script.measured(Self.dragLabel, 30)
            script.step { _ in
                if sheets.openSheets != [CardDetailsSheet.id] { failures.append("drag: a drag back up closed the sheet") }
                sheets.closeTop()
            }
            script.wait(Self.settleFrames)
        }

        ChildRun.play(script.steps, in: window, limit: Self.frameLimit)
        recorder.stop()

        let result = SheetsRunResult(
            bodyLines: options.cards,
            markdown: options.markdown,
            floor: recorder.statistics("floor"),
            scenarios: ([Self.coldLabel] + Self.scenarios).map(recorder.scenario),
            failures: failures
        )
        kept = (nil, nil, nil)
        gtk_window_destroy(window.cast())
        return ChildRun.finish(result, failures: result.failures, to: resultPath)
    }
}

/// One sheets child's figures.
struct SheetsRunResult: Codable, Sendable, ChildResult {
    /// Lines in the details sheet's body.
    var bodyLines: Int
    /// Whether the body is Markdown, drawn with its styles.
    var markdown: Bool?
    /// "10000", or "10000 MD" for a Markdown body.
    var name: String { "\(bodyLines)\(markdown == true ? " MD" : "")" }
    var floor: Statistics
    var scenarios: [CarouselScenarioResult]
    var failures: [String]
}
