// SPDX-License-Identifier: GPL-3.0-or-later

/// Calls main-actor code from a C callback with arguments that are not `Sendable` (GObject pointers).
///
/// GTK invokes signal handlers, virtual functions and tick callbacks on the main thread only; this states that
/// to the compiler, and traps if it is ever not so.
@inline(__always)
func callOnMainActor<Argument, Result: Sendable>(
    _ argument: Argument,
    _ body: @MainActor (Argument) -> Result
) -> Result {
    nonisolated(unsafe) let argument = argument
    return MainActor.assumeIsolated { body(argument) }
}
