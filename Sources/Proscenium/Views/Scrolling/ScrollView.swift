/// A view whose subviews are content larger than itself, moved by dragging, the wheel, a touchpad and
/// the keyboard, as UIKit's `UIScrollView`: the content offset is the bounds' origin, so the subviews
/// are laid out once in content coordinates and scrolling only moves the window onto them.
///
/// A drag pans the content one to one, rubber-bands past the edges and, on release, decelerates at UIKit's
/// rates and springs back from an edge. A wheel notch glides a fixed distance; touchpad deltas move
/// content one to one. Input goes to the innermost scroll view under the pointer that can still move that
/// way, and what it cannot use goes on to the scroll views around it.
@MainActor open class ScrollView: View {
    /// A scroll's pixels are moved, not redrawn, where the frame allows it (see `FrameBuilder`).
    override var copiesScrolledContent: Bool { true }

    /// How quickly content slows after a drag: the factor its speed keeps per millisecond.
    public struct DecelerationRate: Hashable, Sendable, RawRepresentable {
        public let rawValue: Double
        /// A rate between 0 and 1; values out of range become `.normal`'s.
        public init(rawValue: Double) {
            self.rawValue = rawValue.isFinite && rawValue > 0 && rawValue < 1 ? rawValue : 0.998
        }
        /// UIKit's default: content glides far (0.998 per millisecond).
        public static let normal = DecelerationRate(rawValue: 0.998)
        /// Content stops quickly (0.99 per millisecond), as for a picker.
        public static let fast = DecelerationRate(rawValue: 0.99)
    }

    /// What moves the content at the moment, as reported to the window's `scrollObserver`.
    public enum Phase: String, Sendable {
        /// A drag moves the content.
        case dragging
        /// The content glides on (or bounces back) after a drag.
        case decelerating
        /// An animation moves the content: `setContentOffset(_:animated:)`, the wheel or the keyboard.
        case animating
        /// The content came to rest.
        case ended
    }

    /// Hears scrolling; held weakly.
    public weak var delegate: ScrollViewDelegate?

    /// The size of the content in points; what can be scrolled is this plus `contentInset`.
    public var contentSize: Size = .zero {
        didSet {
            guard contentSize != oldValue else { return }
            guard contentSize.width.isFinite, contentSize.height.isFinite, contentSize.width >= 0, contentSize.height >= 0 else {
                Warnings.warn("ScrollView.contentSize \(contentSize) ignored: sizes must be finite and not negative")
                contentSize = oldValue
                return
            }
            contentGeometryDidChange()
        }
    }

    /// Extra room around the content, scrollable as if part of it (room for a bar over the list).
    public var contentInset: EdgeInsets = .zero {
        didSet {
            guard contentInset != oldValue else { return }
            let i = contentInset
            guard [i.top, i.left, i.bottom, i.right].allSatisfy({ $0.isFinite && $0 >= 0 }) else {
                Warnings.warn("ScrollView.contentInset \(contentInset) ignored: insets must be finite and not negative")
                contentInset = oldValue
                return
            }
            contentGeometryDidChange()
        }
    }

    /// The insets the content is scrolled within: `contentInset` with the room a refreshing
    /// `refreshControl` holds above the content, as UIKit's `adjustedContentInset`.
    public var adjustedContentInset: EdgeInsets {
        var insets = contentInset
        insets.top += refreshInset
        return insets
    }

    /// The room a refreshing `refreshControl` holds above the content (see `adjustedContentInset`).
    var refreshInset = 0.0 {
        didSet { if refreshInset != oldValue { contentGeometryDidChange() } }
    }

    /// The point of the content at the view's top-left corner: the bounds' origin. Setting it stops any
    /// motion and moves the content at once.
    public var contentOffset: Point {
        get { bounds.origin }
        set { setContentOffset(newValue, animated: false) }
    }

    /// Whether the content rubber-bands past its edges while dragged and bounces back; true by default.
    public var bounces = true
    /// Whether a vertical drag bounces even when the content is no taller than the view.
    public var alwaysBounceVertical = false
    /// Whether a horizontal drag bounces even when the content is no wider than the view.
    public var alwaysBounceHorizontal = false
    /// When false, no drag, wheel or key moves the content (code still can); the wheel goes on outward.
    public var isScrollEnabled = true { didSet { panGestureRecognizer.isEnabled = isScrollEnabled } }
    /// Whether a press on the content reaches the view under it only after `contentTouchDelay` without a
    /// scroll beginning, or at its release if sooner, as UIKit's: a press that turns into a scroll (or
    /// stops a fling) never presses the button, steps the stepper or moves the slider under it. True by
    /// default; it applies while the view can scroll.
    public var delaysContentTouches = true
    /// How long `delaysContentTouches` holds a press back: UIKit's 150 ms.
    nonisolated public static let contentTouchDelay = 0.15
    /// Whether the content comes to rest on a multiple of the view's size: after a released drag, a wheel
    /// notch or a key (which turn a whole page), and touchpad deltas once they stop.
    public var isPagingEnabled = false
    /// How quickly a released drag slows down.
    public var decelerationRate: DecelerationRate = .normal
    /// Whether the vertical indicator shows while the content moves.
    public var showsVerticalScrollIndicator = true
    /// Whether the horizontal indicator shows while the content moves.
    public var showsHorizontalScrollIndicator = true

    /// True from the moment a drag begins moving the content until the button is released.
    public internal(set) var isDragging = false
    /// Set while a release's delegate calls run, before its motion starts (see `endDragging`).
    var isReleasing = false
    /// Pull to refresh, as UIKit's `refreshControl`: the control waits above the content (see
    /// `RefreshControl`); nil for none.
    public var refreshControl: RefreshControl? {
        didSet {
            guard refreshControl !== oldValue else { return }
            if let oldValue {
                oldValue.endRefreshing()
                oldValue.scrollView = nil
                oldValue.removeFromSuperview()
            }
            if let refreshControl {
                refreshControl.removeFromSuperview()
                refreshControl.scrollView = self
                insertSubview(refreshControl, at: 0)
                refreshControl.layOut(in: self)
            }
        }
    }
    /// True while the content glides on by itself after a drag.
    public internal(set) var isDecelerating = false
    /// True while the pointer's button is down on the content, before or during a drag.
    public var isTracking: Bool { panGestureRecognizer.isTrackingTouch }

    /// The recognizer that turns a drag into scrolling, as UIKit's `panGestureRecognizer`.
    public let panGestureRecognizer = ScrollPanGestureRecognizer()

    /// The motion in progress, axis by axis, and what began it.
    var motion: ScrollMotion?
    /// Counts `setContentOffset` calls: the release of a drag sees whether a delegate set the offset.
    var contentOffsetRequests = 0
    /// Brings a paging view's content to rest on a page once precise (touchpad) deltas stop coming.
    var pageSettle: FrameTimer?
    var displayLink: DisplayLink?
    /// Where the drag has taken the content offset, before the rubber band.
    var dragRawOffset: Point = .zero
    /// The drag's translation at its last move, so each move adds only its own step.
    var lastDragTranslation: Point = .zero
    /// Where the drag last put the content, and the range it banded it against: an offset set by code or
    /// a range changed since makes the drag go on from where the content is (see `drag(by:)`).
    var dragPlacement: (offset: Point, low: Point, high: Point)?
    /// The presentation sharing the drag in progress (a bottom sheet around the list), if any.
    var dragHandOff: ScrollDragHandOff?
    let verticalIndicator = ScrollIndicatorView()
    let horizontalIndicator = ScrollIndicatorView()
    var indicatorFade: FrameTimer?

    /// A scroll view occupying `frame`, clipping its content, with no content yet.
    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        clipsToBounds = true
        panGestureRecognizer.scrollView = self
        panGestureRecognizer.addAction { [weak self] recognizer in
            self?.handlePan(recognizer as! ScrollPanGestureRecognizer)
        }
        addGestureRecognizer(panGestureRecognizer)
        addSubview(verticalIndicator)
        addSubview(horizontalIndicator)
    }

    // MARK: - Geometry

    /// The smallest content offset: the top-left inset, outside the content.
    public var minimumContentOffset: Point {
        let insets = adjustedContentInset
        return Point(x: -insets.left, y: -insets.top)
    }

    /// The largest content offset at rest: the content's far edges (plus insets) at the view's far edges,
    /// or the minimum when the content is smaller than the view.
    public var maximumContentOffset: Point {
        let low = minimumContentOffset, insets = adjustedContentInset
        return Point(x: max(low.x, contentSize.width + insets.right - bounds.width),
                     y: max(low.y, contentSize.height + insets.bottom - bounds.height))
    }

    /// `offset` moved into the range the content rests in.
    public func clampedContentOffset(_ offset: Point) -> Point {
        let low = minimumContentOffset, high = maximumContentOffset
        return Point(x: min(max(offset.x, low.x), high.x), y: min(max(offset.y, low.y), high.y))
    }

    /// Whether the content is wider (taller) than the view, so there is somewhere to scroll.
    var hasHorizontalRange: Bool { maximumContentOffset.x > minimumContentOffset.x + 1e-9 }
    var hasVerticalRange: Bool { maximumContentOffset.y > minimumContentOffset.y + 1e-9 }
    /// Whether a drag moves the content along each axis.
    var dragsHorizontally: Bool { hasHorizontalRange || alwaysBounceHorizontal }
    var dragsVertically: Bool { hasVerticalRange || alwaysBounceVertical }

    private func contentGeometryDidChange() {
        // Content that shrank under the offset comes back within range, unless a drag or a motion owns it.
        if !isDragging, !isReleasing, motion == nil {
            let clamped = clampedContentOffset(contentOffset)
            if clamped != contentOffset { applyContentOffset(clamped) }
        }
        setNeedsLayout()
        layOutIndicators()
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        refreshControl?.layOut(in: self)
        if !isDragging, !isReleasing, motion == nil {
            let clamped = clampedContentOffset(contentOffset)
            if clamped != contentOffset { applyContentOffset(clamped) }
        }
        layOutIndicators()
    }

    // MARK: - Moving the content

    /// Moves the content to `offset`: at once, or in a short animation that ends with
    /// `scrollViewDidEndScrollingAnimation`, at the nearest offset within the range (content rests within
    /// it). An offset set at once is kept until the next layout, so one restored before the content size
    /// is known survives it. Non-finite offsets are ignored with a warning.
    public func setContentOffset(_ offset: Point, animated: Bool) {
        guard offset.x.isFinite, offset.y.isFinite else {
            Warnings.warn("ScrollView.contentOffset \(offset) ignored: offsets must be finite")
            return
        }
        contentOffsetRequests += 1
        if animated, window != nil {
            glide(to: clampedContentOffset(offset), duration: ScrollMotion.animationDuration)
        } else {
            interruptMotion(at: offset)
        }
    }

    /// Scrolls just enough to show `rect` (in content coordinates), as much of it as fits. A rect already
    /// in view (where a running motion is headed, if it has a target) changes nothing, as in UIKit: a
    /// gliding list keeps gliding.
    public func scrollRectToVisible(_ rect: Rect, animated: Bool) {
        guard rect.minX.isFinite, rect.minY.isFinite, rect.width.isFinite, rect.height.isFinite else { return }
        let base = motion?.target(from: contentOffset) ?? contentOffset
        var offset = base
        // The area the insets leave clear (a bar over the list covers the top inset), `inset` from the
        // bounds' leading edge and `viewport` long.
        func axis(_ current: Double, _ low: Double, _ length: Double, _ inset: Double, _ viewport: Double) -> Double {
            let viewport = max(viewport, 0)
            if low < current + inset || length > viewport { return low - inset }
            if low + length > current + inset + viewport { return low + length - inset - viewport }
            return current
        }
        let insets = adjustedContentInset
        offset.x = axis(offset.x, rect.minX, rect.width, insets.left, bounds.width - insets.left - insets.right)
        offset.y = axis(offset.y, rect.minY, rect.height, insets.top, bounds.height - insets.top - insets.bottom)
        guard offset != base else { return }
        setContentOffset(clampedContentOffset(offset), animated: animated)
    }

    /// Shows the indicators for a moment, as after scrolling; called before the view is in a window, it
    /// shows them for a moment once it is.
    public func flashScrollIndicators() {
        showIndicators()
        scheduleIndicatorFade()
    }

    open override func didMoveToWindow() {
        super.didMoveToWindow()
        // Indicators shown while out of a window (flashed before it appeared) fade once it is in one.
        if window != nil, !isDragging, motion == nil, verticalIndicator.alpha > 0 || horizontalIndicator.alpha > 0 {
            scheduleIndicatorFade()
        }
    }

    /// Sets the bounds' origin and tells the delegate; every motion goes through here.
    func applyContentOffset(_ offset: Point) {
        guard offset != contentOffset else { return }
        bounds = Rect(origin: offset, size: bounds.size)
        setNeedsLayout()
        layOutIndicators()
        contentOffsetDidChange()
        refreshControl?.scrollViewDidScroll(self)
        delegate?.scrollViewDidScroll(self)
    }

    /// Called on every change of the offset before the delegate hears it; subclasses (the table view)
    /// bring what came into view.
    func contentOffsetDidChange() {}

    /// Tells the window's scroll observer (the event log) what moves the content now.
    func report(_ phase: Phase) {
        window?.scrollObserver?(self, phase)
    }

    /// A focused scroll view's scroll keys are its own: the arrows, Page Up and Down, Home, End and Space,
    /// with no modifier but Shift. A key command takes them only with priority over them.
    override func usesKeyItself(_ press: Press) -> Bool {
        keyScrollDelta(for: press) != nil
    }

    /// Keys that reach a scroll view (focus is inside it) scroll it if they can; the rest travel on.
    open override func pressesBegan(_ presses: Set<Press>, with event: Event?) {
        let unhandled = presses.filter { !scroll(for: $0) }
        if !unhandled.isEmpty { super.pressesBegan(unhandled, with: event) }
    }

    open override func willMove(toWindow newWindow: Window?) {
        super.willMove(toWindow: newWindow)
        // A motion is paced by the window's frames: leaving it ends the drag (as the window would cancel
        // its touch, but while the window is still there for what the drag's end starts), then the motion,
        // where the content is.
        if newWindow == nil, window != nil {
            if isDragging { panGestureRecognizer.cancel() }
            finishMotionForRemoval()
        }
    }
}
