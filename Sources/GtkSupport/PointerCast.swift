// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk

/// GObject's C casts (`GTK_WIDGET (x)`, `G_OBJECT (x)`) are macros; these are their Swift spelling.
///
/// They reinterpret the pointer without a runtime type check, exactly as the unchecked C casts do.
extension UnsafeMutablePointer {
    /// The same instance seen as another GObject type in its hierarchy.
    @inlinable
    public func cast<Other>(to _: Other.Type = Other.self) -> UnsafeMutablePointer<Other> {
        UnsafeMutableRawPointer(self).assumingMemoryBound(to: Other.self)
    }
}

extension OpaquePointer {
    /// An opaque GObject pointer (e.g. `GtkSnapshot *`) seen as a concrete struct type.
    @inlinable
    public func cast<Other>(to _: Other.Type = Other.self) -> UnsafeMutablePointer<Other> {
        UnsafeMutablePointer<Other>(self)
    }
}

extension UnsafeMutableRawPointer {
    /// An untyped `gpointer` seen as a GObject struct type.
    @inlinable
    public func cast<Other>(to _: Other.Type = Other.self) -> UnsafeMutablePointer<Other> {
        assumingMemoryBound(to: Other.self)
    }
}
