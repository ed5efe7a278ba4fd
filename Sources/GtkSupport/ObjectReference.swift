// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk

/// A pointer to a GObject instance: Swift imports some GObject types as structs, opaque ones as `OpaquePointer`.
public protocol GObjectPointer {
    /// The instance as an untyped `gpointer`.
    var raw: UnsafeMutableRawPointer { get }
}

extension UnsafeMutablePointer: GObjectPointer {
    /// The instance as an untyped `gpointer`.
    public var raw: UnsafeMutableRawPointer { UnsafeMutableRawPointer(self) }
}

extension OpaquePointer: GObjectPointer {
    /// The instance as an untyped `gpointer`.
    public var raw: UnsafeMutableRawPointer { UnsafeMutableRawPointer(self) }
}

/// A strong reference to a GObject, released when the Swift value goes away.
///
/// Widgets and other `GInitiallyUnowned` objects are created with a floating reference; `init(sinking:)` takes
/// it over so that a container added later does not steal the only reference.
public final class ObjectReference<Pointer: GObjectPointer> {
    /// The referenced instance, valid for as long as this reference lives.
    public let pointer: Pointer

    /// Takes ownership of a new object, sinking its floating reference if it has one.
    public init(sinking pointer: Pointer) {
        self.pointer = pointer
        g_object_ref_sink(pointer.raw)
    }

    /// Adopts a reference the caller already owns ("transfer full"), such as one from `*_new` of a non-floating type.
    public init(adopting pointer: Pointer) {
        self.pointer = pointer
    }

    /// Adds a reference to an object owned elsewhere ("transfer none").
    public init(retaining pointer: Pointer) {
        self.pointer = pointer
        g_object_ref(pointer.raw)
    }

    deinit {
        g_object_unref(pointer.raw)
    }
}

/// A strong reference to a render node, which is reference counted outside GObject.
public final class RenderNodeReference {
    /// The node, valid for as long as this reference lives.
    public let node: OpaquePointer

    /// Adopts a node the caller owns, such as the result of `gtk_snapshot_free_to_node`.
    public init(adopting node: OpaquePointer) {
        self.node = node
    }

    deinit {
        gsk_render_node_unref(node)
    }

    /// A container node drawing `children` in order, first at the back; nil if there are none.
    public static func container(_ children: [RenderNodeReference]) -> RenderNodeReference? {
        guard !children.isEmpty else { return nil }
        var nodes: [OpaquePointer?] = children.map(\.node)
        // The container takes its own reference to each child.
        guard let container = gsk_container_node_new(&nodes, guint(nodes.count)) else { return nil }
        return RenderNodeReference(adopting: container)
    }
}
