// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk

MainActor.assumeIsolated {
    let application = CardStackApplication()
    exit(application.run(arguments: CommandLine.arguments))
}
