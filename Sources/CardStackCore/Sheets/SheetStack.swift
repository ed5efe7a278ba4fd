// SPDX-License-Identifier: GPL-3.0-or-later

/// The stacked bottom sheets' state machine: which sheets are open, how much of each shows, and how a drag,
/// a tap or a key moves them. The widget forwards input with its times and draws `shown(at:)`.
///
/// Each sheet shows `visible` points of itself, 0 closed and its detent open. Opening and closing are
/// springs that start from where a sheet is and how fast it moves, so pressing keys faster than the springs
/// settle never leaves a sheet stuck; a sheet that reaches 0 while closing is gone.
public struct SheetStack<ID: Hashable & Sendable>: GestureInteraction, Sendable {
    /// One sheet of the stack.
    public struct Sheet: Sendable {
        public let id: ID
        /// Its height for the window.
        public var height: Double
        /// Whether it has a medium detent besides the full one.
        public var hasMedium: Bool
        /// Whether it is on its way out.
        public fileprivate(set) var isClosing = false
        fileprivate var motion: SpringAnimation
        fileprivate var drag: SheetDrag?
        /// Where it rested before it began to close.
        fileprivate var closedFrom = 0.0

        /// How much of it shows when it comes to rest at the detent it rests at or heads for (for a closing
        /// sheet, the one it left): the widget lays its content out for this height, so a slide moves the
        /// sheet without laying its content out again every frame.
        public var restingHeight: Double { isClosing ? closedFrom : motion.target }
    }

    /// A drag on a sheet: where it was and how fast it went.
    fileprivate struct SheetDrag: Sendable {
        var startVisible: Double
        var translation = 0.0
        var tracker = VelocityTracker()
    }

    /// The sheets, bottom first.
    public private(set) var sheets: [Sheet] = []
    /// The window's height, which the detents depend on.
    public var windowHeight: Double
    /// When false (reduced motion), a sheet goes where it is going at once: no spring travel.
    public var animationsEnabled = true

    /// An empty stack for a window `windowHeight` points tall.
    public init(windowHeight: Double) {
        self.windowHeight = windowHeight
    }

    private var parameters: SpringParameters {
        animationsEnabled ? SheetTuning.spring : SheetTuning.reducedMotionSpring
    }

    /// Closing never bounces back up past closed: the same spring, critically damped.
    private var closingParameters: SpringParameters {
        SpringParameters(dampingRatio: 1, mass: parameters.mass, stiffness: parameters.stiffness)
    }

    /// A spring from `from` to `to`; under reduced motion it starts where it ends, so nothing travels.
    private func motion(
        from: Double, to target: Double, initialVelocity: Double = 0, parameters: SpringParameters, startTime: Microseconds
    ) -> SpringAnimation {
        SpringAnimation(from: animationsEnabled ? from : target, to: target, initialVelocity: animationsEnabled ? initialVelocity : 0,
                        parameters: parameters, startTime: startTime)
    }

    /// The sheets that are open or opening, bottom first: the ones a tap, a key or focus deals with.
    public var openSheets: [Sheet] { sheets.filter { !$0.isClosing } }

    /// The top sheet that is not closing.
    public var top: Sheet? { sheets.last { !$0.isClosing } }

    // MARK: Opening and closing

    /// Opens sheet `id`, `height` tall, on top of the others, at its medium detent when it has one; the sheets
    /// beneath rise to their full height. A sheet already in the stack closes everything above it instead (it
    /// comes back to the top).
    public mutating func push(_ id: ID, height: Double, hasMedium: Bool = false, at time: Microseconds) {
        if let index = sheets.firstIndex(where: { $0.id == id && !$0.isClosing }) {
            closeAbove(index, at: time)
            return
        }
        // Every sheet beneath grows to its full height, so its top edge shows above the new one to be tapped.
        for index in sheets.indices where !sheets[index].isClosing && sheets[index].motion.target < sheets[index].height {
            settle(index, to: sheets[index].height, at: time)
        }
        let detents = SheetLayout.detents(height: height, windowHeight: windowHeight, hasMedium: hasMedium)
        let target = detents?.positions.first ?? height
        // A sheet still on its way out turns round where it is, with its speed.
        var from = 0.0
        var velocity = 0.0
        if let leaving = sheets.firstIndex(where: { $0.id == id }) {
            from = sheets[leaving].motion.value(at: time)
            velocity = sheets[leaving].motion.velocity(at: time)
            sheets.remove(at: leaving)
        }
        sheets.append(Sheet(
            id: id, height: height, hasMedium: hasMedium,
            motion: motion(from: from, to: target, initialVelocity: velocity, parameters: parameters, startTime: time)
        ))
    }

    /// Closes the top open sheet; false when none is open.
    @discardableResult
    public mutating func closeTop(at time: Microseconds) -> Bool {
        guard let index = sheets.lastIndex(where: { !$0.isClosing }) else { return false }
        close(index, at: time)
        return true
    }

    /// Closes every sheet above sheet `index` together; the tapped one stays.
    public mutating func closeAbove(_ index: Int, at time: Microseconds) {
        guard sheets.indices.contains(index) else { return }
        for above in sheets.indices where above > index && !sheets[above].isClosing {
            close(above, at: time)
        }
    }

    /// The index of sheet `id` among those still open.
    public func index(of id: ID) -> Int? {
        sheets.firstIndex { $0.id == id && !$0.isClosing }
    }

    private mutating func close(_ index: Int, at time: Microseconds) {
        let current = sheets[index].motion
        sheets[index].closedFrom = current.target
        sheets[index].isClosing = true
        sheets[index].drag = nil
        sheets[index].motion = motion(
            from: current.value(at: time), to: 0, initialVelocity: current.velocity(at: time),
            parameters: closingParameters, startTime: time
        )
    }

    /// Moves sheet `index` to its next detent up (`direction` −1) or down (+1), as the grab handle's Up and
    /// Down keys do; down from the lowest detent closes it.
    public mutating func step(_ index: Int, direction: Int, at time: Microseconds) {
        guard sheets.indices.contains(index), !sheets[index].isClosing,
              let detents = SheetLayout.detents(height: sheets[index].height, windowHeight: windowHeight, hasMedium: sheets[index].hasMedium)
        else { return }
        let visible = sheets[index].motion.value(at: time)
        let current = detents.index(nearest: visible) ?? 0
        let next = current - direction
        guard next >= 0 else {
            close(index, at: time)
            return
        }
        settle(index, to: detents.positions[min(next, detents.positions.count - 1)], at: time)
    }

    /// Gives the sheets new heights for a window `windowHeight` points tall, bottom first (extra heights are
    /// ignored): every sheet stays glued to the bottom at the detent it rests at or is heading for, a settled
    /// one at once, a moving one from where it is with its speed.
    public mutating func layOut(heights: [Double], windowHeight: Double, at time: Microseconds) {
        let oldWindowHeight = self.windowHeight
        self.windowHeight = windowHeight
        for index in sheets.indices where index < heights.count {
            let sheet = sheets[index]
            let height = max(0, heights[index])
            guard height != sheet.height || windowHeight != oldWindowHeight else { continue }
            let old = SheetLayout.detents(height: sheet.height, windowHeight: oldWindowHeight, hasMedium: sheet.hasMedium)
            let detentIndex = old?.index(nearest: sheet.motion.target) ?? 0
            sheets[index].height = height
            guard !sheet.isClosing, sheet.drag == nil,
                  let new = SheetLayout.detents(height: height, windowHeight: windowHeight, hasMedium: sheet.hasMedium)
            else { continue }
            // A sheet that had a medium detent and lost it (too short now) rests at full.
            let target = new.positions[min(detentIndex, new.positions.count - 1)]
            if sheet.motion.isSettled(at: time) {
                sheets[index].motion = motion(from: target, to: target, parameters: parameters, startTime: time)
            } else {
                sheets[index].motion.retarget(to: target, at: time)
            }
        }
    }

    /// Whether sheet `index` shows less than its full height at `time` (at its medium detent, or on its way).
    public func isBelowFull(_ index: Int, at time: Microseconds) -> Bool {
        guard sheets.indices.contains(index) else { return false }
        return visibleHeight(of: index, at: time) < sheets[index].height - 0.5
    }

    /// Whether sheet `index` is held by a drag.
    public func isDragging(_ index: Int) -> Bool {
        sheets.indices.contains(index) && sheets[index].drag != nil
    }

    // MARK: Dragging

    /// The sheet a drag holds; one at a time.
    private var heldIndex: Int? {
        sheets.firstIndex { $0.drag != nil }
    }

    /// Grabs sheet `index` where it is drawn (a moving sheet is caught mid-flight); false for a closing sheet,
    /// or while a sheet is held.
    @discardableResult
    public mutating func beginDrag(_ index: Int, at time: Microseconds) -> Bool {
        guard sheets.indices.contains(index), !sheets[index].isClosing, heldIndex == nil else { return false }
        var drag = SheetDrag(startVisible: sheets[index].motion.value(at: time))
        drag.tracker.add(.zero, at: time)
        sheets[index].drag = drag
        return true
    }

    /// Moves the held sheet: `translation` is how far the pointer went down since the grab (negative: up,
    /// which rubber-bands past the sheet's full height).
    public mutating func updateDrag(_ translation: Double, at time: Microseconds) {
        guard let index = heldIndex, var drag = sheets[index].drag, translation.isFinite else { return }
        drag.translation = translation
        drag.tracker.add(Point(x: 0, y: translation), at: time)
        sheets[index].drag = drag
    }

    /// Lets go of the held sheet: it closes when dragged down past a quarter of its height or flung down
    /// faster than 400 pt/s, and otherwise springs to the detent the shared snap rule picks. Returns whether
    /// it closes.
    @discardableResult
    public mutating func endDrag(_ translation: Double, at time: Microseconds) -> Bool {
        guard let index = heldIndex, var drag = sheets[index].drag else { return false }
        if translation.isFinite { drag.translation = translation }
        let downward = drag.tracker.release(at: Point(x: 0, y: drag.translation), time: time).y
        let visible = shownHeight(of: sheets[index], drag: drag)
        sheets[index].drag = nil
        let height = sheets[index].height
        let draggedDown = drag.startVisible - visible
        if draggedDown > SheetTuning.closeFraction * height || downward > SheetTuning.closeSpeed {
            sheets[index].closedFrom = sheets[index].motion.target
            sheets[index].isClosing = true
            sheets[index].motion = motion(
                from: visible, to: 0, initialVelocity: -downward, parameters: closingParameters, startTime: time
            )
            return true
        }
        let detents = SheetLayout.detents(height: height, windowHeight: windowHeight, hasMedium: sheets[index].hasMedium)
        let origin = detents?.index(nearest: drag.startVisible)
        let rule = SnapPoints.Rule(deceleration: .touch, flickSpeed: SheetTuning.closeSpeed, maximumSteps: 1)
        let target = detents.flatMap { points in
            points.target(releasedAt: visible, velocity: -downward, origin: origin, rule: rule).map { points.positions[$0] }
        } ?? height
        sheets[index].motion = motion(from: visible, to: target, initialVelocity: -downward, parameters: parameters, startTime: time)
        return false
    }

    /// Lets go of the held sheet without a decision (the system took the touch away): it springs back to the
    /// detent nearest to where the drag began.
    public mutating func cancelDrag(at time: Microseconds) {
        guard let index = heldIndex, let drag = sheets[index].drag else { return }
        let visible = shownHeight(of: sheets[index], drag: drag)
        sheets[index].drag = nil
        let detents = SheetLayout.detents(height: sheets[index].height, windowHeight: windowHeight, hasMedium: sheets[index].hasMedium)
        let target = detents.flatMap { points in points.index(nearest: drag.startVisible).map { points.positions[$0] } } ?? sheets[index].height
        sheets[index].motion = motion(from: visible, to: target, parameters: parameters, startTime: time)
    }

    private mutating func settle(_ index: Int, to target: Double, at time: Microseconds) {
        let current = sheets[index].motion
        sheets[index].motion = motion(
            from: current.value(at: time), to: target, initialVelocity: current.velocity(at: time),
            parameters: parameters, startTime: time
        )
    }

    // MARK: Reading

    /// How much of sheet `index` shows at `time`, in points from the window's bottom edge.
    public func visibleHeight(of index: Int, at time: Microseconds) -> Double {
        guard sheets.indices.contains(index) else { return 0 }
        let sheet = sheets[index]
        if let drag = sheet.drag { return shownHeight(of: sheet, drag: drag) }
        return max(0, sheet.motion.value(at: time))
    }

    /// How far sheet `index` is open, 0…1 (past 1 while a spring overshoots).
    public func progress(of index: Int, at time: Microseconds) -> Double {
        guard sheets.indices.contains(index), sheets[index].height > 0 else { return 0 }
        let detent = SheetLayout.detents(height: sheets[index].height, windowHeight: windowHeight, hasMedium: sheets[index].hasMedium)?
            .positions.first ?? sheets[index].height
        return visibleHeight(of: index, at: time) / max(1, detent)
    }

    /// How much sheet `index` is covered by the sheets above it, 0…1: it scales back and dims by this much.
    public func coverage(of index: Int, at time: Microseconds) -> Double {
        guard index + 1 < sheets.count else { return 0 }
        return sheets.indices.dropFirst(index + 1).map { min(1, max(0, progress(of: $0, at: time))) }.max() ?? 0
    }

    /// The scrim's opacity at `time`: it follows the top sheet, so it leaves with the last one.
    public func scrimOpacity(at time: Microseconds, dark: Bool) -> Double {
        let strongest = sheets.indices.map { progress(of: $0, at: time) }.max() ?? 0
        return SheetLayout.scrimOpacity(progress: strongest, dark: dark)
    }

    /// Whether anything moves at `time`.
    public func isAnimating(at time: Microseconds) -> Bool {
        sheets.contains { $0.drag == nil && !$0.motion.isSettled(at: time) }
    }

    /// Forgets sheets that have finished closing by `time`. Call once per frame.
    public mutating func advance(to time: Microseconds) {
        sheets.removeAll { $0.isClosing && $0.motion.isSettled(at: time) }
    }

    private func shownHeight(of sheet: Sheet, drag: SheetDrag) -> Double {
        let raw = drag.startVisible - drag.translation
        guard raw > sheet.height else { return max(0, raw) }
        return sheet.height + RubberBand.offset(raw - sheet.height, dimension: sheet.height, coefficient: SheetTuning.rubberBandCoefficient)
    }
}
