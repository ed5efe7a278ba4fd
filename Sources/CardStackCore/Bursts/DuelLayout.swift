// SPDX-License-Identifier: GPL-3.0-or-later

/// Where a duel's two frames go in its view: side by side in a landscape view, one above the other in a portrait
/// or narrow one, so each frame gets the larger share of the window a landscape photo can fill.
///
/// Narrow is under ``narrowWidth``: side by side there, a 3:2 photo would be drawn under 280 pt wide.
public struct DuelLayout: Sendable, Equatable {
    /// The view's size, in points.
    public var viewSize: Size

    /// The gap between the two frames, in points: enough for the dark backdrop to part them.
    public static let gap = 6.0

    public init(viewSize: Size) {
        self.viewSize = viewSize
    }

    /// The width under which a view is narrow, in points: libadwaita's breakpoint for a narrow window's layout.
    public static let narrowWidth = 600.0

    /// Whether the frames are one above the other: the view is taller than it is wide, or narrow.
    public var isStacked: Bool { viewSize.height > viewSize.width || viewSize.width < Self.narrowWidth }

    /// The left frame's pane (the upper one when stacked).
    public var first: Rect {
        isStacked
            ? Rect(x: 0, y: 0, width: viewSize.width, height: max(0, (viewSize.height - Self.gap) / 2))
            : Rect(x: 0, y: 0, width: max(0, (viewSize.width - Self.gap) / 2), height: viewSize.height)
    }

    /// The right frame's pane (the lower one when stacked).
    public var second: Rect {
        let pane = first
        return isStacked
            ? Rect(x: 0, y: pane.height + Self.gap, width: viewSize.width, height: pane.height)
            : Rect(x: pane.width + Self.gap, y: 0, width: pane.width, height: viewSize.height)
    }

    /// The side whose pane holds `point`; nil for the gap between them or outside.
    public func side(at point: Point) -> BurstDuel.Side? {
        if first.contains(point) { return .left }
        if second.contains(point) { return .right }
        return nil
    }
}
