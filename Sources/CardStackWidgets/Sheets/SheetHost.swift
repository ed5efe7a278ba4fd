// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import CGtk
import CardStackCore
import GtkSupport

/// The stacked bottom sheets over the window's pages: each new sheet shorter than the one beneath so every
/// lower sheet's top edge shows, a scrim, spring slides, a tap on a lower sheet closing every sheet above it.
///
/// A `GtkWidget` subclass (``SheetHost/type``) holding the pages (`content`) and one ``SheetFrame`` per sheet.
/// The sheets' state and motion are the core's ``SheetStack``; this object places the frames where it says,
/// draws the scrim and the dimming of covered sheets, and makes everything beneath the top sheet inert.
@MainActor
public final class SheetHost: CustomWidgetDelegate {
    /// The registered widget class, CSS name `sheets`.
    static let type = CustomWidgetType(name: "CardStackSheetHost", cssName: "sheets", accessibleRole: GTK_ACCESSIBLE_ROLE_GENERIC)

    /// The GTK widget; unowned, because the widget owns this object.
    public let widget: UnsafeMutablePointer<GtkWidget>
    /// Called after the open sheets changed, with their ids bottom first (empty: none open).
    public var onChange: (@MainActor (_ open: [String]) -> Void)?

    let content: UnsafeMutablePointer<GtkWidget>
    var stack = SheetStack<String>(windowHeight: 0)
    /// The frames, in the stack's order (bottom first), closing ones included.
    private(set) var frames: [SheetFrame] = []
    /// Frames of closed sheets, hidden, at most one for each id: presenting the same content again shows its frame
    /// again, built, styled and measured, rather than a new one (a sheet's first frame spends 10–30 ms on that).
    private(set) var kept: [SheetFrame] = []
    /// Frames built ahead of their first opening (``prepare(_:)``): styled, laid out and drawn unseen until what
    /// their content wants has settled, then kept.
    var preparing: [SheetFrame] = []
    /// Whether an idle callback will look whether the frames being prepared can be kept.
    var preparedCheckIsScheduled = false
    let signals = SignalGroup()
    /// The clock the sheets move by.
    private(set) lazy var clock = FrameDriver(widget: widget)
    private(set) var isDark: Bool
    private(set) var size = Size(width: 0, height: 0)
    private var reported: [String] = []
    /// What waits for the sheets to come to rest (``whenAtRest(_:)``).
    private(set) var restWaiters: [@MainActor () -> Void] = []
    /// Content coasting after a drag let go of it: its scrolled window and the frame tick that moves it.
    var contentFling: (scrolled: UnsafeMutablePointer<GtkWidget>, tick: UInt32)?

    /// Wraps `content` (the pages) so sheets can open over it.
    public init(content: UnsafeMutablePointer<GtkWidget>) {
        self.content = content
        widget = Self.type.instantiate()
        isDark = adw_style_manager_get_dark(adw_style_manager_get_default()) != 0
        CustomWidgetType.attach(self, to: widget)
        gtk_widget_set_parent(content, widget)
        // Sheets must not reach over the bottom view switcher bar.
        gtk_widget_set_overflow(widget, GTK_OVERFLOW_HIDDEN)
        gtk_widget_set_hexpand(widget, 1)
        gtk_widget_set_vexpand(widget, 1)
        signals.connect(created(adw_style_manager_get_default()).raw, .pointer("notify::dark")) { [weak self] _ in
            guard let self else { return }
            isDark = adw_style_manager_get_dark(adw_style_manager_get_default()) != 0
            gtk_widget_queue_draw(widget)
        }
        DisplaySettings.followAnimations(with: signals) { [weak self] enabled in self?.stack.animationsEnabled = enabled }
        installInputControllers()
    }

    /// The time input and animation share.
    var now: Microseconds { clock.now }

    /// The time the frame being laid out or drawn is for.
    var frameTime: Microseconds { clock.frameTime }

    /// Whether a sheet moves: sliding, or held by a drag.
    var isMoving: Bool {
        stack.isAnimating(at: now) || stack.sheets.indices.contains(where: stack.isDragging)
    }

    /// Runs `body` once, the next time the sheets come to rest: a motion or a drag ends, or a change leaves
    /// nothing moving. A sheet is covered or uncovered only through such a change.
    func whenAtRest(_ body: @escaping @MainActor () -> Void) {
        restWaiters.append(body)
    }

    /// Runs what waited for rest, if nothing moves now.
    private func wakeRestWaiters() {
        guard !restWaiters.isEmpty, !isMoving else { return }
        let waiting = restWaiters
        restWaiters = []
        for body in waiting { body() }
    }

    /// Whether `widget` lies in a sheet with another sheet above it, which shows no more of it than a strip
    /// along its top, or in a closed sheet kept hidden or one being prepared, which show none of it.
    func isCovered(_ widget: UnsafeMutablePointer<GtkWidget>) -> Bool {
        if (kept + preparing).contains(where: { gtk_widget_is_ancestor(widget, $0.widget) != 0 }) { return true }
        guard let index = frames.firstIndex(where: { gtk_widget_is_ancestor(widget, $0.widget) != 0 }) else { return false }
        return index < frames.count - 1
    }

    /// The sheets that `widget` lies in, if it lies in sheets.
    static func host(of widget: UnsafeMutablePointer<GtkWidget>) -> SheetHost? {
        var ancestor = gtk_widget_get_parent(widget)
        while let candidate = ancestor {
            if let host = CustomWidgetType.delegate(of: candidate) as? SheetHost { return host }
            ancestor = gtk_widget_get_parent(candidate)
        }
        return nil
    }

    /// The ids of the open sheets, bottom first; closing ones are not counted.
    public var openSheets: [String] { stack.openSheets.map(\.id) }

    // MARK: Opening and closing

    /// Opens `sheet` on top of the others and moves the keyboard into it; if a sheet with its id is open,
    /// the sheets above that one close instead. Content presented before, whose sheet has closed since, shows in
    /// the frame it had, scrolled to its top. Returns whether `sheet` is the one on show now: false when a sheet
    /// with its id was open with other content, which stays, and `sheet`'s content is let go.
    @discardableResult
    public func present(_ sheet: SheetContent) -> Bool {
        if stack.index(of: sheet.id) != nil {
            // The sheet already there stays; the new content, unless it is that sheet's own, is never shown.
            let isOpen = frames.contains { $0.body == sheet.body }
            if !isOpen {
                sheet.owner?.sheetRemoved()
                _ = ObjectReference(sinking: sheet.body)
            }
            stack.push(sheet.id, height: 0, at: now)
            changed()
            return isOpen
        }
        keepPrepared()
        let returnFocus = focusOutsideTop()
        // A sheet of the same id still on its way out gives its place (and its motion) to the new one.
        if let leaving = frames.firstIndex(where: { $0.id == sheet.id }) {
            keep(frames[leaving])
        }
        let frame: SheetFrame
        if let index = kept.firstIndex(where: { $0.body == sheet.body }) {
            frame = kept.remove(at: index)
            gtk_widget_set_visible(frame.widget, 1)
            frame.returned()
        } else {
            for old in kept where old.id == sheet.id { discard(old) }
            frame = SheetFrame(sheet)
            gtk_widget_set_parent(frame.widget, widget)
            installInput(on: frame)
        }
        frame.returnFocus = returnFocus
        frames.append(frame)
        let heights = SheetLayout.heights(natural: naturalHeights(width: sheetWidth), windowHeight: size.height)
        // The motion starts once the sheet is built and measured (its styles and text laid out: 2–12 ms), not
        // when it was asked for, so the first frame shows it at the start of its way rather than some way along.
        stack.push(sheet.id, height: heights.last ?? 0, hasMedium: sheet.hasMedium, at: now)
        changed()
        focusTop()
        return true
    }

    /// Closes the top sheet; false when none is open.
    @discardableResult
    public func closeTop() -> Bool {
        guard stack.closeTop(at: now) else { return false }
        changed()
        return true
    }

    /// Closes every sheet above the one at `index` (bottom first), which stays.
    func closeAbove(_ index: Int) {
        stack.closeAbove(index, at: now)
        changed()
    }

    /// Takes every sheet away at once, with no animation, and drops the closed ones kept (another deck opens).
    public func removeAll() {
        for frame in frames + kept + preparing { discard(frame) }
        let animationsEnabled = stack.animationsEnabled
        stack = SheetStack(windowHeight: size.height)
        stack.animationsEnabled = animationsEnabled
        changed()
    }

    /// After any change of the stack: frames follow it, inertness and focus follow the top sheet, and the frame
    /// clock runs while anything moves.
    func changed() {
        // A sheet closed with animations off has already finished closing: no frame will come to drop it.
        stack.advance(to: now)
        // Of the sheets that just closed, the lowest knows where the keyboard was before any of them opened.
        let closed = frames.filter { stack.index(of: $0.id) == nil && $0.returnFocus != nil }
        let target = closed.first?.returnFocus
        for frame in closed { frame.returnFocus = nil }
        syncFrames()
        updateInertness()
        if !closed.isEmpty { returnFocus(to: target) }
        relayout()
        clock.follow(\.stack, of: self) { host, isMoving in
            host.syncFrames()
            host.relayout()
            if !isMoving { host.wakeRestWaiters() }
        }
        let open = openSheets
        if open != reported {
            reported = open
            onChange?(open)
        }
        wakeRestWaiters()
    }

    /// The sheets moved: placed again (their transforms are their allocations) and the scrim drawn again.
    func relayout() {
        gtk_widget_queue_allocate(widget)
        gtk_widget_queue_draw(widget)
    }

    /// Drops the frames of sheets that have finished closing, and keeps the children in the stack's order so
    /// the top sheet is picked first.
    private func syncFrames() {
        let ids = stack.sheets.map(\.id)
        for frame in frames where !ids.contains(frame.id) { keep(frame) }
        frames = ids.compactMap { id in frames.first { $0.id == id } }
        // Only a sheet out of place is moved: moving a child reorders its CSS node, which restyles its whole
        // subtree and queues a resize, and this runs in every frame of a motion.
        var previous = content
        for frame in frames {
            if gtk_widget_get_prev_sibling(frame.widget) != previous {
                gtk_widget_insert_after(frame.widget, widget, previous)
            }
            previous = frame.widget
        }
    }

    /// Takes a sheet that has finished closing off the screen, and keeps it, hidden, to show again: in place of
    /// the one kept for its id before.
    func keep(_ frame: SheetFrame) {
        leave(frame)
        gtk_widget_set_visible(frame.widget, 0)
        for old in kept where old.id == frame.id { discard(old) }
        kept.append(frame)
    }

    /// Takes a sheet away for good.
    func discard(_ frame: SheetFrame) {
        if frames.contains(where: { $0 === frame }) { leave(frame) }
        kept.removeAll { $0 === frame }
        preparing.removeAll { $0 === frame }
        gtk_widget_unparent(frame.widget)
    }

    private func leave(_ frame: SheetFrame) {
        if contentFling?.scrolled == frame.scrolled { _ = stopFling() }
        frames.removeAll { $0 === frame }
        frame.removed()
    }

    // MARK: Focus

    /// The top open sheet's frame.
    var topFrame: SheetFrame? {
        guard let top = stack.top else { return nil }
        return frames.first { $0.id == top.id }
    }

    /// Only the top sheet takes focus and input; the pages and the sheets beneath are inert.
    private func updateInertness() {
        let top = topFrame
        for frame in frames {
            frame.setInert(frame !== top || stack.index(of: frame.id) == nil)
        }
        let covered = top != nil
        gtk_widget_set_can_focus(content, covered ? 0 : 1)
        gtk_widget_set_can_target(content, covered ? 0 : 1)
    }

    /// The widget with the keyboard now, when it is not in the top sheet: where to go back to. A sheet opened
    /// from a menu (its shortcut pressed while the menu was open) goes back to the menu's button: the menu
    /// closes as the sheet opens.
    private func focusOutsideTop() -> ObjectReference<UnsafeMutablePointer<GtkWidget>>? {
        guard let root = gtk_widget_get_root(widget), var focus = gtk_root_get_focus(root) else { return nil }
        if let popover = gtk_widget_get_ancestor(focus, gtk_popover_get_type()), let owner = gtk_widget_get_parent(popover) {
            focus = owner
        }
        return ObjectReference(retaining: focus)
    }

    /// Whether the keyboard can go back to `target`: it is still in this window, on screen, and not in a popover
    /// (a widget of a closed menu would take every key out of sight).
    private func canReturnFocus(to target: UnsafeMutablePointer<GtkWidget>) -> Bool {
        gtk_widget_get_root(target) != nil && gtk_widget_get_native(target) == gtk_widget_get_native(widget)
            && gtk_widget_get_mapped(target) != 0 && gtk_widget_is_sensitive(target) != 0
            && topFrame.map({ gtk_widget_is_ancestor(target, $0.widget) != 0 }) ?? true
    }

    /// Moves the keyboard into the top sheet, onto its handle: the first control of the dialog, which says what
    /// it closes, and where Up and Down resize it at once.
    private func focusTop() {
        guard let frame = topFrame else { return }
        gtk_widget_grab_focus(frame.handle)
    }

    /// Sheets closed: the keyboard goes back to `target`, where it was before they opened; into the sheet that
    /// is now on top when `target` has gone, or into the page when no sheet is left.
    private func returnFocus(to target: ObjectReference<UnsafeMutablePointer<GtkWidget>>?) {
        if let target, canReturnFocus(to: target.pointer) {
            gtk_widget_grab_focus(target.pointer)
        } else if topFrame != nil {
            focusTop()
        } else {
            gtk_widget_child_focus(content, GTK_DIR_TAB_FORWARD)
        }
    }

    /// Tab and Shift+Tab go round the top sheet (a modal dialog's focus trap).
    public func focus(direction: GtkDirectionType) -> Bool? {
        guard let frame = topFrame else { return nil }
        if gtk_widget_child_focus(frame.widget, direction) != 0 { return true }
        if let root = gtk_widget_get_root(widget) { gtk_root_set_focus(root, nil) }
        return gtk_widget_child_focus(frame.widget, direction) != 0
    }

    // MARK: Layout

    /// How wide the sheets are: the window, up to a readable column.
    var sheetWidth: Double { min(size.width, SheetTuning.maximumWidth) }

    /// Device pixels to a point (2 on a doubled display), at least 1.
    var pixelsPerPoint: Double { Double(max(1, gtk_widget_get_scale_factor(widget))) }

    /// The most of a sheet the host shows, in points: the tallest a sheet can be in the window.
    public var tallestSheet: Double { size.height * SheetTuning.tallestFraction }

    private func naturalHeights(width: Double) -> [Double] {
        frames.map { Double(naturalHeight(of: $0, width: width)) }
    }

    /// How tall `frame`'s content wants to be at `width`, in points.
    func naturalHeight(of frame: SheetFrame, width: Double) -> Int32 {
        var natural: Int32 = 0
        gtk_widget_measure(frame.widget, GTK_ORIENTATION_VERTICAL, Int32(width), nil, &natural, nil, nil)
        return natural
    }

    public func measure(orientation: GtkOrientation, forSize: Int32) -> (minimum: Int32, natural: Int32) {
        var minimum: Int32 = 0
        var natural: Int32 = 0
        gtk_widget_measure(content, orientation, forSize, &minimum, &natural, nil, nil)
        return (minimum, natural)
    }

    public func sizeAllocate(width: Int32, height: Int32, baseline: Int32) {
        gtk_widget_allocate(content, width, height, baseline, nil)
        size = Size(width: Double(width), height: Double(height))
        let time = frameTime
        let width = sheetWidth
        stack.layOut(heights: SheetLayout.heights(natural: naturalHeights(width: width), windowHeight: size.height), windowHeight: size.height, at: time)
        for (index, frame) in frames.enumerated() {
            let visible = stack.visibleHeight(of: index, at: time)
            var minimum: Int32 = 0
            gtk_widget_measure(frame.widget, GTK_ORIENTATION_VERTICAL, Int32(width), &minimum, nil, nil, nil)
            // As tall as it shows at rest, so everything in a sheet at its medium detent can be scrolled and
            // tabbed to, and an opening or closing slide only moves it; taller while a drag shows more. A
            // spring's overshoot does not grow it: the sheet's background is drawn down to the window's bottom
            // (``outline(of:at:)``), and a new height every frame laid its content out again in every frame of
            // an opening (2–10 ms each with three sheets here).
            let dragged = stack.isDragging(index) ? visible : 0
            let allocated = max(Double(minimum), dragged, stack.sheets[index].restingHeight)
            let scale = placementScale(of: index, at: time)
            var origin = graphene_point_t(
                x: Float((size.width - width) / 2 + width * (1 - scale) / 2),
                y: Float(size.height - visible)
            )
            var transform = gsk_transform_translate(nil, &origin)
            if scale != 1 { transform = gsk_transform_scale(transform, Float(scale), Float(scale)) }
            gtk_widget_allocate(frame.widget, Int32(width), Int32(allocated.rounded(.up)), -1, transform)
        }
        layOutPrepared(width: width)
    }

    /// A covered sheet scales back about its top edge, and comes forward as the one above leaves; its side edges
    /// stay on whole pixels (``SheetLayout/pixelAlignedScale(_:width:hostWidth:pixelsPerPoint:)``).
    func placementScale(of index: Int, at time: Microseconds) -> Double {
        SheetLayout.pixelAlignedScale(
            1 - (1 - SheetTuning.coveredScale) * stack.coverage(of: index, at: time),
            width: sheetWidth, hostWidth: size.width, pixelsPerPoint: pixelsPerPoint
        )
    }

    public func dispose() {
        clock.stop()
        for frame in frames + kept + preparing { discard(frame) }
        signals.disconnectAll()
        gtk_widget_unparent(content)
        onChange = nil
    }
}
