// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk

/// The signal handlers one Swift object connected, disconnected together when that object is disposed.
///
/// Each closure is retained in a box that GLib releases through a `GClosureNotify` when the handler is
/// disconnected or its instance is finalized, so a closure never outlives the object that calls it. The group
/// holds only weak references to the instances, so connecting to an object never keeps it alive.
@MainActor
public final class SignalGroup {
    private struct Connection {
        let instance: UnsafeMutablePointer<GWeakRef>
        let id: gulong
    }

    private var connections: [Connection] = []

    public init() {}

    /// Connects `handler` to `signal` on `instance` (any GObject) and returns the handler id.
    @discardableResult
    public func connect<Handler>(
        _ instance: UnsafeMutableRawPointer,
        _ signal: Signal<Handler>,
        _ handler: Handler
    ) -> gulong {
        Self.checkShape(of: signal, on: instance)
        let box = Unmanaged.passRetained(TypedSignalClosureBox(handler) as SignalClosureBox).toOpaque()
        let release: GClosureNotify = { data, _ in
            guard let data else { return }
            Unmanaged<SignalClosureBox>.fromOpaque(data).release()
        }
        let id = g_signal_connect_data(instance, signal.name, signal.trampoline, box, release, GConnectFlags(rawValue: 0))
        precondition(id != 0, "no signal “\(signal.name)” on \(String(cString: g_type_name_from_instance(instance.cast())))")
        let weak = UnsafeMutablePointer<GWeakRef>.allocate(capacity: 1)
        weak.initialize(to: GWeakRef())
        g_weak_ref_init(weak, instance)
        connections.append(Connection(instance: weak, id: id))
        return id
    }

    /// Disconnects every handler whose instance is still alive; handlers of finalized instances are already gone.
    public func disconnectAll() {
        for connection in connections {
            if let instance = g_weak_ref_get(connection.instance) {
                if g_signal_handler_is_connected(instance, connection.id) != 0 {
                    g_signal_handler_disconnect(instance, connection.id)
                }
                g_object_unref(instance)
            }
            g_weak_ref_clear(connection.instance)
            connection.instance.deallocate()
        }
        connections.removeAll()
    }

    /// How many handlers the group holds, for tests.
    public var count: Int { connections.count }

    isolated deinit {
        disconnectAll()
    }

    /// Traps when the handler's shape takes another number of arguments than the signal passes: a trampoline
    /// for `notify` or `cancel` that forgot their argument would read it as its `user_data` and crash on the
    /// first emission, which may come only from a touchscreen or a style switch. Checking when connecting makes
    /// every test that builds the widget catch it.
    private static func checkShape<Handler>(of signal: Signal<Handler>, on instance: UnsafeMutableRawPointer) {
        let type = instance.assumingMemoryBound(to: GTypeInstance.self).pointee.g_class.pointee.g_type
        var signalID: guint = 0
        var detail: GQuark = 0
        guard g_signal_parse_name(signal.name, type, &signalID, &detail, 0) != 0 else { return }
        var query = GSignalQuery()
        g_signal_query(signalID, &query)
        precondition(
            query.n_params == signal.parameterCount,
            "“\(signal.name)” passes \(query.n_params) arguments; the handler's shape takes \(signal.parameterCount)"
        )
    }
}
