// SPDX-License-Identifier: GPL-3.0-or-later
import CardStackCore
import CardStackFiles
import CardStackLogic
import CardStackWidgets
import Foundation
import GtkSupport
import Translation

// The app run as a video's poster process (``VideoPosterProcess``): nothing of the app starts.
if CommandLine.argc == 3, let flag = CommandLine.unsafeArgv[1], String(cString: flag) == VideoPosterProcess.argument,
   let path = CommandLine.unsafeArgv[2] {
    exit(VideoPosterProcess.serve(path: path))
}

// Before anything opens a file, which would take a closed standard input's place.
_ = StandardInput.wasClosedAtLaunch

MainActor.assumeIsolated {
    // Found once: the translations, the settings' schema, and the app's files (looked for in the file system).
    let data = DataFiles.locate()
    // Before anything is said to the user, on the command line or in a window.
    Translation.setUp(localeDirectory: data.localeDirectory.path)
    CoreText.install { message, plural, count, context in Translation.translate(message, plural: plural, count: count, context: context) }
    let options: LaunchOptions
    do {
        // Read as paths are (`CommandLine.arguments` would turn bytes that aren't UTF-8 into U+FFFD).
        let arguments = (1..<Int(max(1, CommandLine.argc))).compactMap { index in
            CommandLine.unsafeArgv[index].map { FileNameEncoding.text(fromCString: $0) }
        }
        options = try LaunchOptions(arguments: arguments)
    } catch {
        StandardError.report("\(error)\n" + tr("Try “cardstack --help”."))
        exit(2)
    }
    switch options.mode {
    case .help:
        print(LaunchOptions.usage)
        exit(0)
    case .export(let path, let format):
        // A folder is exported with the cards it is opened with: its subfolders' too when the setting says so.
        let settings = AppSettings(schemaDirectory: data.schemaDirectory)
        let includesSubfolders = options.includesSubfolders || settings.boolean(MainWindow.includeSubfoldersKey)
        exit(DecisionExporter.run(deckPath: path, format: format, includesSubfolders: includesSubfolders))
    case .bare, .window:
        // Before GTK starts: without a session bus GTK's accessibility is left off, as GTK 4.8 would crash.
        if !SessionBus.connectOrLeaveAccessibilityOff() { StandardError.report(tr("No D-Bus session bus: screen readers can't see this window")) }
        // The cards' shadow is blurred while GTK starts (scale 1; another scale is blurred when first drawn).
        if case .window = options.mode { CardShadow.blurAhead(scale: 1) }
        // Videos' first frames are read by the app run again (``VideoPosterProcess``): the running program's file.
        VideoPoster.posterProgram = "/proc/self/exe"
        let application = CardStackApplication(options: options, data: data)
        exit(application.run(programName: CommandLine.arguments.first ?? "cardstack"))
    }
}
