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
}
