// SPDX-License-Identifier: GPL-3.0-or-later

/// Zooming into a photo to check its focus: fitted to the view, 100 % (one image pixel on one screen pixel) at
/// the place the user points at, pinched anywhere between fitted and ``ZoomTuning/maximumZoom``, and panned while
/// enlarged; with explicit time, so the widget that draws it and the tests drive it alike.
///
/// The view is a scale (points per image pixel) and an origin (where the image's top-left pixel is, in the
/// view's points). Zooming around a point keeps the image pixel under it in place; the image never leaves a gap
/// at an edge it covers, and a smaller side is centred. The zoom key and double click move by one spring that
/// carries scale and origin together from one view to the other (the origin is then the same affine function
/// of the scale all the way, so the place under the pointer stays exactly put); grabbing or pinching
/// mid-motion continues from where the photo is.
public struct PhotoZoom: Sendable {
    /// Where the photo is: its scale and its top-left pixel's place.
    public struct View: Sendable, Equatable {
        /// Points per image pixel.
        public var scale: Double
        /// Where the image's top-left corner is, in the view's points.
        public var origin: Point

        public init(scale: Double, origin: Point) {
            self.scale = scale
            self.origin = origin
        }

        /// The image pixel shown at `point` of the view.
        public func imagePoint(at point: Point) -> Point {
            Point(x: (point.x - origin.x) / scale, y: (point.y - origin.y) / scale)
        }
    }

    /// The view's size, in points.
    public private(set) var viewSize: Size
    /// The photo's full size, upright, in pixels.
    public let imageSize: Size
    /// Screen pixels per point (the display's scale factor): 100 % shows an image pixel on each.
    public let pixelsPerPoint: Double
    /// Whether the zoom key's change moves (false under reduced motion: it jumps).
    public var animationsEnabled = true
    /// Where the photo was before it was zoomed (its place on a card, in the view's points), which it grows from
    /// and returns to; the fitted view when it came from nowhere.
    public let homeView: View?

    /// The view the current motion started from, and the one it goes to.
    private var from: View
    private var to: View
    /// How far from `from` to `to`, 0 to 1, on the spring.
    private var progress: SpringAnimation
    /// The view and the pinch's centre when a pinch began.
    private var pinchStart: (view: View, centre: Point)?
    /// The view when a pan began.
    private var panStart: View?

    /// A photo of `imageSize` pixels (upright) in a view of `viewSize` points at `time`: where `home` puts it (its
    /// place on a card), or fitted.
    public init(viewSize: Size, imageSize: Size, pixelsPerPoint: Double = 1, home: View? = nil, time: Microseconds = 0) {
        self.viewSize = viewSize
        self.imageSize = Size(width: max(1, imageSize.width), height: max(1, imageSize.height))
        self.pixelsPerPoint = max(1, pixelsPerPoint)
        homeView = home.flatMap { $0.scale > 0 && $0.scale.isFinite ? $0 : nil }
        let placeholder = View(scale: 1, origin: .zero)
        (from, to) = (placeholder, placeholder)
        progress = SpringAnimation(from: 1, to: 1, parameters: ZoomTuning.spring, startTime: time)
        set(homeView ?? fittedView, time: time)
    }

    // MARK: Scales

    /// Points per image pixel when the whole photo fits the view.
    public var fittedScale: Double {
        max(.leastNonzeroMagnitude, min(viewSize.width / imageSize.width, viewSize.height / imageSize.height))
    }

    /// Points per image pixel at 100 %.
    public var actualScale: Double { 1 / pixelsPerPoint }

    /// The largest scale: ``ZoomTuning/maximumZoom`` times 100 %, or the fitted one for a photo smaller than that.
    public var maximumScale: Double { max(fittedScale, actualScale * ZoomTuning.maximumZoom) }

    /// The scale the zoom key goes to from fitted: 100 %, or for a photo that 100 % would not enlarge,
    /// ``ZoomTuning/smallPhotoZoom`` times the fitted size (within the maximum).
    public var toggledScale: Double {
        actualScale > fittedScale * ZoomTuning.fittedTolerance ? actualScale : min(maximumScale, fittedScale * ZoomTuning.smallPhotoZoom)
    }

    /// The photo fitted and centred.
    public var fittedView: View { clamped(View(scale: fittedScale, origin: .zero)) }

    // MARK: Reading

    /// Where the photo is at `time`.
    public func view(at time: Microseconds) -> View {
        let part = progress.value(at: time)
        if part == 1 { return to }
        func mix(_ a: Double, _ b: Double) -> Double { a + (b - a) * part }
        return View(scale: mix(from.scale, to.scale), origin: Point(x: mix(from.origin.x, to.origin.x), y: mix(from.origin.y, to.origin.y)))
    }

    /// Whether the photo is (or is on its way to being) enlarged past fitted: a drag then pans, arrows reset it.
    public var isZoomedIn: Bool { to.scale > fittedScale * ZoomTuning.fittedTolerance }

    /// Whether the photo is still moving at `time`.
    public func isAnimating(at time: Microseconds) -> Bool {
        !progress.isSettled(at: time)
    }

    // MARK: Zoom key, double click, scroll

    /// The zoom key or a double click: from fitted to ``toggledScale`` with the image pixel at `point` (the view's
    /// centre when nil, as for the key) kept in place; from enlarged back to fitted.
    public mutating func toggle(around point: Point?, at time: Microseconds) {
        endGestures()
        let current = view(at: time)
        if isZoomedIn {
            move(to: fittedView, time: time)
        } else {
            let anchor = point ?? Point(x: viewSize.width / 2, y: viewSize.height / 2)
            move(to: zoomed(current, to: toggledScale, around: anchor), time: time)
        }
    }

    /// Back to where the photo came from (``homeView``, or fitted), moving there.
    public mutating func returnHome(at time: Microseconds) {
        endGestures()
        move(to: homeView ?? fittedView, time: time)
    }

    /// Whether the photo is back home (or on its way there): nothing is enlarged any more.
    public var isReturningHome: Bool { to == (homeView ?? fittedView) }

    /// Ctrl+scroll: the scale times `factor` (within fitted and the maximum) around `point`, at once, as a wheel
    /// step is a step.
    public mutating func zoom(by factor: Double, around point: Point, at time: Microseconds) {
        let current = view(at: time)
        let target = min(maximumScale, max(fittedScale, to.scale * factor))
        set(zoomed(current, to: target, around: point), time: time)
    }

    // MARK: Pinch

    /// Two fingers (on the screen or the touchpad) come down with their centre at `centre`.
    public mutating func beginPinch(centre: Point, at time: Microseconds) {
        let current = view(at: time)
        set(current, time: time)
        pinchStart = (current, centre)
        panStart = nil
    }

    /// The fingers are `gestureScale` times as far apart as when they came down, their centre at `centre`: the
    /// image pixel that was under the first centre follows the fingers, enlarged between fitted (or the photo's
    /// home, when smaller) and the maximum.
    public mutating func pinch(scale gestureScale: Double, centre: Point, at time: Microseconds) {
        guard let (start, startCentre) = pinchStart, gestureScale.isFinite, gestureScale > 0 else { return }
        let smallest = min(fittedScale, homeView?.scale ?? fittedScale)
        let target = min(maximumScale, max(smallest, start.scale * gestureScale))
        let held = start.imagePoint(at: startCentre)
        set(clamped(View(scale: target, origin: Point(x: centre.x - held.x * target, y: centre.y - held.y * target))), time: time)
    }

    /// The fingers lift; a pinch that ended at about the fitted size or below goes home (fitted, when the photo
    /// came from nowhere).
    public mutating func endPinch(at time: Microseconds) {
        guard pinchStart != nil else { return }
        pinchStart = nil
        if !isZoomedIn { move(to: homeView ?? fittedView, time: time) }
    }

    // MARK: Pan

    /// A drag begins on the enlarged photo (it never swipes while enlarged); false when the photo is fitted.
    @discardableResult
    public mutating func beginPan(at time: Microseconds) -> Bool {
        guard isZoomedIn, pinchStart == nil else { return false }
        let current = view(at: time)
        set(current, time: time)
        panStart = current
        return true
    }

    /// The drag has moved `translation` points from where it began: the photo follows, up to its edges.
    public mutating func pan(translation: Point, at time: Microseconds) {
        guard let start = panStart else { return }
        set(clamped(View(scale: start.scale, origin: start.origin + translation)), time: time)
    }

    /// The drag ends where it is.
    public mutating func endPan() {
        panStart = nil
    }

    // MARK: Size

    /// The view takes a new size: a fitted photo stays fitted; an enlarged one keeps the pixel at the centre.
    public mutating func resize(to size: Size, at time: Microseconds) {
        guard size != viewSize, size.width > 0, size.height > 0 else { return }
        let current = view(at: time)
        let wasZoomed = isZoomedIn
        let centre = current.imagePoint(at: Point(x: viewSize.width / 2, y: viewSize.height / 2))
        viewSize = size
        endGestures()
        guard wasZoomed else { return set(fittedView, time: time) }
        let target = max(fittedScale, current.scale)
        set(clamped(View(scale: target, origin: Point(x: size.width / 2 - centre.x * target, y: size.height / 2 - centre.y * target))), time: time)
    }

    // MARK: Geometry

    /// `view` scaled to `target` with the image pixel under `anchor` kept there, then held to the edges.
    private func zoomed(_ view: View, to target: Double, around anchor: Point) -> View {
        let held = view.imagePoint(at: anchor)
        return clamped(View(scale: target, origin: Point(x: anchor.x - held.x * target, y: anchor.y - held.y * target)))
    }

    /// `view` with no gap at an edge the photo covers, and a side smaller than the view centred on it.
    private func clamped(_ view: View) -> View {
        func axis(_ origin: Double, image: Double, view length: Double) -> Double {
            let shown = image * view.scale
            return shown <= length ? (length - shown) / 2 : min(0, max(length - shown, origin))
        }
        return View(scale: view.scale, origin: Point(x: axis(view.origin.x, image: imageSize.width, view: viewSize.width),
                                                     y: axis(view.origin.y, image: imageSize.height, view: viewSize.height)))
    }

    private mutating func endGestures() {
        pinchStart = nil
        panStart = nil
    }

    /// Springs towards `target` from where and how fast the photo moves now (at once under reduced motion).
    private mutating func move(to target: View, time: Microseconds) {
        guard animationsEnabled else { return set(target, time: time) }
        let current = view(at: time)
        // The scale's present speed, carried into the new motion as the same speed of the new progress.
        let scaleSpeed = (to.scale - from.scale) * progress.velocity(at: time)
        let distance = target.scale - current.scale
        let speed = abs(distance) > .ulpOfOne ? scaleSpeed / distance : 0
        (from, to) = (current, target)
        progress = SpringAnimation(from: 0, to: 1, initialVelocity: speed, parameters: ZoomTuning.spring, startTime: time)
    }

    /// Puts the photo at `target` at once, at rest.
    private mutating func set(_ target: View, time: Microseconds) {
        (from, to) = (target, target)
        progress = SpringAnimation(from: 1, to: 1, parameters: ZoomTuning.spring, startTime: time)
    }
}
