// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

MainActor.assumeIsolated {
    let options: LaunchOptions
    do {
        options = try LaunchOptions(arguments: Array(CommandLine.arguments.dropFirst()))
    } catch {
        StandardError.report("\(error)\nTry “cardstack --help”.")
        exit(2)
    }
    switch options.mode {
    case .help:
        print(LaunchOptions.usage)
        exit(0)
    case .export(let path, let format):
        exit(DecisionExporter.run(deckPath: path, format: format))
    case .bare, .window:
        let application = CardStackApplication(options: options)
        exit(application.run(programName: CommandLine.arguments.first ?? "cardstack"))
    }
}
