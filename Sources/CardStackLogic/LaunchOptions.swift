// SPDX-License-Identifier: GPL-3.0-or-later
import CardStackCore
import Foundation
import Translation

/// What the command line asks for: open decks in the window, export decisions, or the benchmark's bare window.
public struct LaunchOptions: Equatable {
    public enum ExportFormat: String { case csv, json }

    public enum Mode: Equatable {
        /// Open the window, with these decks (files or folders) if any.
        case window(paths: [String])
        /// Print the decisions of the deck at `path` to stdout and exit, without a window.
        case export(path: String, format: ExportFormat)
        /// An empty `AdwApplicationWindow`, for the startup benchmark's baseline (not in `--help`).
        case bare
        case help
    }

    public let mode: Mode
    /// Fields chosen for parts of the cards (`--field title=Name`), for the deck opened at launch.
    public var fields: [CardFieldMapping.Role: String] = [:]
    /// The directions whose cards are printed when the window closes (`--print right,up`), in the order given.
    public var printDirections: [SwipeDirection]?
    /// Whether a folder takes its subfolders' images too, for this run (`--recursive`), whatever the setting says.
    public var includesSubfolders = false
    /// How decisions on photos reach XMP sidecars in this run (`--sidecars STYLE`), whatever the setting says.
    public var sidecarStyle: SidecarStyle?
    /// Whether the bus started this run for the desktop (`--gapplication-service`, from the D-Bus service file):
    /// GApplication then waits to be told what to open, as Files' "Open With" does. Not in `--help`.
    public var isService = false

    /// The name that stands for standard input in place of a deck's path.
    public static let standardInput = "-"

    /// Whether the deck is read from standard input.
    public var readsStandardInput: Bool {
        if case .window(let paths) = mode { return paths == [Self.standardInput] }
        return false
    }

    /// Whether this run must be an instance of its own: it reads its own standard input, or answers on its own
    /// standard output and exit status when its window closes.
    public var runsAlone: Bool { mode == .bare || readsStandardInput || printDirections != nil }

    /// The help `--help` prints, in the user's language, its option descriptions wrapped beside the options.
    public static var usage: String {
        let options: [(option: String, description: String)] = [
            ("--field PART=FIELD", tr("take a part of each card from the field (or column) FIELD; PART is title, subtitle, body, link, image, id or color; may be given more than once")),
            ("-r, --recursive", tr("a folder takes the images (or files) of its subfolders too, as a camera card's DCIM/100CANON folders")),
            ("--sidecars STYLE", tr("write each decision on a photo to its XMP sidecar: darktable (IMG_0001.CR2.xmp, also digiKam's), lightroom (IMG_0001.xmp) or off")),
            ("--print DIRECTIONS", tr("when the window closes, print the cards decided those ways (a comma-separated list of left, right, up and down) in the input's own form, and exit with 0 when every card was decided, 1 when the window was closed before, 2 when the deck could not be read; Esc on the Deck page or Ctrl+C cancels: nothing printed, exit 130")),
            ("--export DECK", tr("print the decisions made on DECK and exit (columns: id, title, direction, decided_at in ISO 8601)")),
            ("--format FORMAT", tr("csv (the default) or json")),
            ("-h, --help", tr("show this help")),
        ]
        let about = tr("Triage a deck of cards by swiping them. DECK is a list in any of these forms, told by its content: a CardStack .json deck, a JSON array or JSON Lines of objects or strings, a CSV or TSV export, a Markdown file (each list item a card), a text file (each line a card), or a folder of images. \"-\" reads the deck from standard input. Without one, CardStack reopens the last deck.")
        var lines = [
            tr("Usage:") + " cardstack [OPTIONS] [DECK]",
            String(repeating: " ", count: tr("Usage:").count) + " cardstack --export DECK [--format csv|json]",
            "",
        ]
        lines += wrapped(about, width: helpWidth)
        lines.append("")
        for (option, description) in options {
            let column = "  " + option.padding(toLength: 20, withPad: " ", startingAt: 0)
            for (index, line) in wrapped(description, width: helpWidth - column.count).enumerated() {
                lines.append((index == 0 ? column : String(repeating: " ", count: column.count)) + line)
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The help's width in columns: a terminal's usual 80 and some.
    public static let helpWidth = 104

    /// `text` broken between words into lines of at most `width` characters (a longer word has a line of its own).
    public static func wrapped(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty, line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += line.isEmpty ? String(word) : " " + word
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }

    /// Parses `arguments` (without the program name); throws a message for stderr on bad usage.
    public init(arguments: [String]) throws(LaunchError) {
        var paths: [String] = []
        var exportPath: String?
        var format: ExportFormat?
        var bare = false
        var fields: [CardFieldMapping.Role: String] = [:]
        var printDirections: [SwipeDirection]?
        var includesSubfolders = false
        var sidecarStyle: SidecarStyle?
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "-h", "--help":
                mode = .help
                return
            case "--bare":
                bare = true
            case "--gapplication-service":
                isService = true
            case "--export":
                guard let path = remaining.popFirst() else { throw LaunchError(tr("--export needs the path of a deck")) }
                exportPath = path
            case "--format":
                guard let value = remaining.popFirst() else { throw LaunchError(tr("--format needs csv or json")) }
                guard let parsed = ExportFormat(rawValue: value.lowercased()) else {
                    throw LaunchError(String(format: tr("unknown format “%@”: use csv or json"), value))
                }
                format = parsed
            case "--field":
                guard let value = remaining.popFirst() else { throw LaunchError(tr("--field needs PART=FIELD, e.g. title=Name")) }
                switch CardFieldMapping.choice(value) {
                case .success(let (role, field)): fields[role] = field
                case .failure(let error): throw LaunchError(error.description)
                }
            case "-r", "--recursive":
                includesSubfolders = true
            case "--sidecars":
                guard let value = remaining.popFirst() else { throw LaunchError(tr("--sidecars needs a style: darktable, lightroom or off")) }
                sidecarStyle = try Self.sidecarStyle(value)
            case let option where option.hasPrefix("--sidecars="):
                sidecarStyle = try Self.sidecarStyle(String(option.dropFirst("--sidecars=".count)))
            case "--print":
                guard let value = remaining.popFirst() else { throw LaunchError(tr("--print needs directions, e.g. right,up")) }
                printDirections = try Self.directions(value)
            case "--":
                paths.append(contentsOf: remaining)
                remaining = []
            default:
                guard !argument.hasPrefix("-") || argument == "-" else { throw LaunchError(String(format: tr("unknown option “%@”"), argument)) }
                paths.append(argument)
            }
        }
        if paths.contains(Self.standardInput), paths.count > 1 {
            throw LaunchError(tr("“-” reads the deck from standard input: give no other deck"))
        }
        self.fields = fields
        self.printDirections = printDirections
        self.includesSubfolders = includesSubfolders
        self.sidecarStyle = sidecarStyle
        if let exportPath {
            guard paths.isEmpty else { throw LaunchError(String(format: tr("--export takes one deck; remove “%@”"), paths[0])) }
            guard fields.isEmpty, printDirections == nil else { throw LaunchError(tr("--field and --print apply to a deck opened in the window, not to --export")) }
            mode = .export(path: exportPath, format: format ?? .csv)
        } else if format != nil {
            throw LaunchError(tr("--format only applies to --export"))
        } else if bare {
            mode = .bare
        } else {
            mode = .window(paths: paths)
        }
    }
}

extension LaunchOptions {
    /// "right,up" as directions, in the order given; each named once.
    public static func directions(_ list: String) throws(LaunchError) -> [SwipeDirection] {
        var directions: [SwipeDirection] = []
        for name in list.split(separator: ",", omittingEmptySubsequences: false) {
            let trimmed = name.trimmingCharacters(in: .whitespaces).lowercased()
            guard let direction = SwipeDirection(rawValue: trimmed) else {
                throw LaunchError(String(format: tr("“%@” is not a direction: use left, right, up or down, separated by commas"), trimmed))
            }
            if !directions.contains(direction) { directions.append(direction) }
        }
        return directions
    }
}

extension LaunchOptions {
    /// The sidecar style named `name` (any case), or a message naming the ones there are.
    public static func sidecarStyle(_ name: String) throws(LaunchError) -> SidecarStyle {
        guard let style = SidecarStyle(rawValue: name.lowercased()) else {
            throw LaunchError(String(format: tr("unknown sidecar style “%@”: darktable, lightroom or off"), name))
        }
        return style
    }
}

/// A command-line mistake, worded for stderr.
public struct LaunchError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
