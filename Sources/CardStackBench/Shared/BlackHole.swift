// SPDX-License-Identifier: GPL-3.0-or-later

/// Keeps the optimizer from deleting or hoisting benchmarked work whose result is otherwise unused.
///
/// The functions are compiled without optimisation, so a call to them is opaque: the value passed must really be
/// computed, and a value returned by ``opaque(_:)`` cannot be constant-folded into the loop that uses it.
enum BlackHole {
    /// Where consumed values are folded, so they are observable.
    nonisolated(unsafe) private static var sink: Double = 0

    /// Consumes `value`.
    @_optimize(none) @inline(never)
    static func consume(_ value: Double) {
        sink += value
    }

    /// Returns `value` unchanged, unknown to the optimizer.
    @_optimize(none) @inline(never)
    static func opaque<Value>(_ value: Value) -> Value {
        value
    }

    /// The folded sum, printed once so the sink is live.
    static var total: Double { sink }
}
