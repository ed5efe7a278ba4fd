// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// mutter as the X display's window manager, for the runs that need one: a full screen is the window manager's
/// to give. Started for those runs only, last, since its compositing would weigh on every other measurement
/// (and it takes the place of ``StandInWindowManager``'s announcement).
struct MutterWindowManager {
    private let process: Process

    /// The window manager's program (Debian's mutter, which `make bench` installs).
    static let executable = URL(fileURLWithPath: "/usr/bin/mutter")

    /// Starts mutter on the display, replacing none (Xvfb has no window manager), and waits until it manages.
    static func start() -> Result<MutterWindowManager, Orchestrator.ChildFailure> {
        guard FileManager.default.isExecutableFile(atPath: executable.path) else {
            return .failure(.init(description: "mutter is not installed (\(executable.path)); make bench installs it"))
        }
        let process = Process()
        process.executableURL = executable
        process.arguments = ["--x11", "--replace", "--sm-disable"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return .failure(.init(description: "mutter did not start")) }
        // It takes the display within a second or two; a window mapped before that is managed all the same.
        usleep(2_000_000)
        guard process.isRunning else { return .failure(.init(description: "mutter stopped at once (status \(process.terminationStatus))")) }
        return .success(MutterWindowManager(process: process))
    }

    /// Ends the window manager, and waits until it has let go of the display.
    func stop() {
        process.terminate()
        process.waitUntilExit()
        usleep(500_000)
    }
}
