// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import CGtk
import Foundation
import GtkSupport

/// A stand-in for `cardstack --bare`: an empty `AdwApplicationWindow` that prints the same line at its first
/// painted frame. Used only while the app lacks the flag, and reported as a stand-in (it is a different binary).
@MainActor
final class BareWindow {
    nonisolated static let applicationID = "io.github.cardstack.CardStackBench"
    nonisolated static let marker = "cardstack: first frame; bare"

    private let application: ObjectReference<UnsafeMutablePointer<AdwApplication>>
    private let signals = SignalGroup()
    private var reported = false

    init() {
        application = ObjectReference(adopting: adw_application_new(Self.applicationID, G_APPLICATION_NON_UNIQUE))
        signals.connect(application.pointer.raw, .void("activate")) { [unowned self] in activate() }
    }

    /// Runs until killed; returns the exit status.
    func run() -> Int32 {
        g_application_run(application.pointer.cast(), 0, nil)
    }

    private func activate() {
        guard let window = adw_application_window_new(application.pointer.cast()) else { return }
        gtk_window_set_default_size(window.cast(), FrameBenchmark.windowWidth, FrameBenchmark.windowHeight)
        gtk_window_present(window.cast())
        TickCallback.add(to: window) { [weak self] _, clock in
            self?.signals.connect(clock.raw, .void("after-paint")) { [weak self] in self?.reportFirstFrame() }
            return false
        }
    }

    private func reportFirstFrame() {
        guard !reported else { return }
        reported = true
        FileHandle.standardError.write(Data("\(Self.marker)\n".utf8))
    }
}
