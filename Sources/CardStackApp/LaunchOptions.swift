// SPDX-License-Identifier: GPL-3.0-or-later

/// What the command line asks for: open decks in the window, export decisions, or the benchmark's bare window.
struct LaunchOptions: Equatable {
    enum ExportFormat: String { case csv, json }

    enum Mode: Equatable {
        /// Open the window, with these decks (files or folders) if any.
        case window(paths: [String])
        /// Print the decisions of the deck at `path` to stdout and exit, without a window.
        case export(path: String, format: ExportFormat)
        /// An empty `AdwApplicationWindow`, for the startup benchmark's baseline (not in `--help`).
        case bare
        case help
    }

    let mode: Mode

    static let usage = """
    Usage: cardstack [DECK]
           cardstack --export DECK [--format csv|json]

    Triage a deck of cards by swiping them. DECK is a .json or .csv file or a folder of images;
    without one, CardStack reopens the last deck.

      --export DECK      print the decisions made on DECK and exit (columns: id, title,
                         direction, decided_at in ISO 8601)
      --format FORMAT    csv (the default) or json
      -h, --help         show this help
    """

    /// Parses `arguments` (without the program name); throws a message for stderr on bad usage.
    init(arguments: [String]) throws(LaunchError) {
        var paths: [String] = []
        var exportPath: String?
        var format: ExportFormat?
        var bare = false
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "-h", "--help":
                mode = .help
                return
            case "--bare":
                bare = true
            case "--export":
                guard let path = remaining.popFirst() else { throw LaunchError("--export needs the path of a deck") }
                exportPath = path
            case "--format":
                guard let value = remaining.popFirst() else { throw LaunchError("--format needs csv or json") }
                guard let parsed = ExportFormat(rawValue: value.lowercased()) else {
                    throw LaunchError("unknown format “\(value)”: use csv or json")
                }
                format = parsed
            case "--":
                paths.append(contentsOf: remaining)
                remaining = []
            default:
                guard !argument.hasPrefix("-") || argument == "-" else { throw LaunchError("unknown option “\(argument)”") }
                paths.append(argument)
            }
        }
        if let exportPath {
            guard paths.isEmpty else { throw LaunchError("--export takes one deck; remove “\(paths[0])”") }
            mode = .export(path: exportPath, format: format ?? .csv)
        } else if format != nil {
            throw LaunchError("--format only applies to --export")
        } else if bare {
            mode = .bare
        } else {
            mode = .window(paths: paths)
        }
    }
}

/// A command-line mistake, worded for stderr.
struct LaunchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
