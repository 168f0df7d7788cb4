/// The basic building block of the interface: a rectangle in a tree of views that draws itself, lays out
/// its subviews and takes part in hit-testing, as UIKit's `UIView`.
@MainActor open class View: Responder {
    // MARK: - Identity

    /// A name for tests, logs and tree dumps, like an accessibility identifier.
    public var identifier: String?

    // MARK: - Model and presentation

    // `@exclusivity(unchecked)`: read for every view in every frame (`FrameBuilder`); see there why.
    /// The model values: what the properties were last set to.
    @exclusivity(unchecked) public private(set) var model = LayerProperties()

    /// Values the animation engine computed for the current frame; nil when nothing on this view animates.
    @exclusivity(unchecked) var animatedPresentation: LayerProperties?

    /// What is on screen this frame: the model, or the in-flight values while an animation runs.
    public var presentation: LayerProperties { animatedPresentation ?? model }

    // MARK: - Geometry

    /// The view's own coordinate space; changing its size asks for layout.
    public var bounds: Rect {
        get { model.bounds }
        set {
            let sizeChanged = newValue.size != model.bounds.size
            if sizeChanged {
                setModel(\.bounds, newValue, .bounds)
                setNeedsLayout()
            } else {
                // The origin alone scrolls the content: a frame may move its pixels rather than redraw them.
                scrolling { setModel(\.bounds, newValue, .bounds) }
            }
        }
    }

    /// Where the middle of the bounds sits in the superview.
    public var center: Point {
        get { model.center }
        set { setModel(\.center, newValue, .center) }
    }

    /// Scale, rotation or translation applied about the centre.
    public var transform: AffineTransform {
        get { model.transform }
        set { setModel(\.transform, newValue, .transform) }
    }

    // MARK: - Appearance

    /// Opacity of the view and its subviews; below 0.01 the view is not hit-tested.
    public var alpha: Double {
        get { model.alpha }
        set { setModel(\.alpha, newValue.isNaN ? 1 : min(max(newValue, 0), 1), .alpha) }
    }

    /// Fills the (rounded) bounds behind the view's content; nil draws nothing.
    public var backgroundColor: Color? {
        get { model.backgroundColor }
        set { setModel(\.backgroundColor, newValue, .backgroundColor) }
    }

    /// Radius of the rounded corners of the background, border, shadow and (with `clipsToBounds`) clip.
    public var cornerRadius: Double {
        get { model.cornerRadius }
        set { setModel(\.cornerRadius, newValue.isFinite ? max(0, newValue) : 0, .cornerRadius) }
    }

    /// Which corners `cornerRadius` rounds (all by default), for the background, border and clip, as
    /// `CALayer.maskedCorners`. The shadow keeps the shape with every corner rounded.
    @exclusivity(unchecked) public var maskedCorners: CornerMask = .all { didSet { if maskedCorners != oldValue { setNeedsDisplay() } } }

    /// Opacity of the shadow, 0 (none, the default) to 1, as `CALayer.shadowOpacity`.
    public var shadowOpacity: Double {
        get { model.shadowOpacity }
        set { setModel(\.shadowOpacity, newValue.isNaN ? 0 : min(max(newValue, 0), 1), .shadowOpacity) }
    }

    /// A hidden view and its subviews are neither drawn nor hit-tested; a stack view lays out as if a
    /// hidden arranged view were not there.
    @exclusivity(unchecked) public var isHidden = false {
        didSet {
            guard isHidden != oldValue else { return }
            setNeedsDisplay()
            visibilityDidChange()
        }
    }
    /// Width of the border drawn inside the bounds' edge, above the subviews, as `CALayer.borderWidth`;
    /// negative or non-finite values become 0.
    @exclusivity(unchecked) public var borderWidth: Double = 0 {
        didSet {
            if !borderWidth.isFinite || borderWidth < 0 { borderWidth = 0 }
            if borderWidth != oldValue { setNeedsDisplay() }
        }
    }
    /// Colour of the border.
    @exclusivity(unchecked) public var borderColor: Color = .black { didSet { if borderColor != oldValue { setNeedsDisplay() } } }
    /// Colour of the shadow; its alpha multiplies `shadowOpacity`.
    @exclusivity(unchecked) public var shadowColor: Color = .black { didSet { if shadowColor != oldValue { setNeedsDisplay() } } }
    /// Blur radius of the shadow, in points (3 by default, as in Core Animation); negative or non-finite
    /// values become 0.
    @exclusivity(unchecked) public var shadowRadius: Double = 3 {
        didSet {
            if !shadowRadius.isFinite || shadowRadius < 0 { shadowRadius = 0 }
            if shadowRadius != oldValue { setNeedsDisplay() }
        }
    }
    /// How far the shadow is moved from the view; (0, -3) by default, as in Core Animation.
    @exclusivity(unchecked) public var shadowOffset = Point(x: 0, y: -3) { didSet { if shadowOffset != oldValue { setNeedsDisplay() } } }
    /// Whether subviews are clipped to the (rounded) bounds when drawn. Hit-testing ignores it: a subview
    /// outside its superview's bounds is never hit either way.
    @exclusivity(unchecked) public var clipsToBounds = false { didSet { if clipsToBounds != oldValue { setNeedsDisplay() } } }
    /// Asks the renderer to keep the view and its subviews as one cached layer and composite it while
    /// their drawing stays the same, as `CALayer.shouldRasterize` does: worth it for a view that holds
    /// still under something that animates, wasted on one that changes every frame. Pixels are the same.
    @exclusivity(unchecked) public var shouldRasterize = false
    /// Parts of the toolkit (a presentation animating over this view) asking for rasterization besides
    /// `shouldRasterize`; counted so that each can withdraw its request alone.
    @exclusivity(unchecked) var rasterizationRequests = 0
    /// Whether frames mark this view's subtree as a layer the renderer may cache.
    var rasterizes: Bool { shouldRasterize || rasterizationRequests > 0 }

    /// When false, the view and its subviews are skipped by hit-testing.
    public var isUserInteractionEnabled = true

    /// Whether Tab can move keyboard focus to this view; controls say yes while enabled. As UIKit's
    /// `canBecomeFocused`, it says nothing about hidden ancestors: the window skips hidden subtrees.
    open var canBecomeFocused: Bool { false }

    /// The pointer shape shown while the pointer is over this view; nil inherits from the superview.
    public var cursor: Cursor?

    // MARK: - Hierarchy

    /// The view this one is a subview of; nil for a root.
    @exclusivity(unchecked) public private(set) weak var superview: View?
    /// The window the superviews lead to (nil for a window itself), kept as the view is linked or unlinked:
    /// every frame asks each label for it (its text measurer), too often to walk up the superviews.
    weak var knownWindow: Window?
    /// Subviews from back to front: later ones draw above and are hit-tested first.
    @exclusivity(unchecked) public private(set) var subviews: [View] = [] { didSet { markSubtreeChanged() } }

    // The only changes to `subviews` and `superview`, which stay read-only outside this file; what they
    // mean (callbacks, damage, leaving a window) is in View+Subviews.swift.

    /// Puts `view`, which has no superview, into `subviews` at `index` (clamped), this view its superview.
    func link(_ view: View, at index: Int) {
        subviews.insert(view, at: min(max(index, 0), subviews.count))
        view.superview = self
        view.setKnownWindow(window)
    }

    /// Moves the subview at `current` to `index` (clamped) among its siblings.
    func moveSubview(at current: Int, to index: Int) {
        let view = subviews.remove(at: current)
        subviews.insert(view, at: min(max(index, 0), subviews.count))
    }

    /// Takes this view out of its superview's `subviews`; it has no superview after.
    func unlinkFromSuperview() {
        superview?.willRemoveSubview(self)
        superview?.subviews.removeAll { $0 === self }
        superview = nil
        setKnownWindow(nil)
    }

    /// The view controller whose root view this is, if any; it follows the view in the responder chain.
    public internal(set) weak var owningViewController: ViewController?
    /// The appearance override and the traits last announced (View+Traits.swift).
    @exclusivity(unchecked) var traitState = ViewTraitState()

    /// A view occupying `frame` in its future superview's coordinates.
    public init(frame: Rect = .zero) {
        super.init()
        LiveObjects.created(.view)
        model.bounds = Rect(origin: .zero, size: frame.standardized.size)
        model.center = frame.standardized.center
    }

    deinit { LiveObjects.freed(.view) }

    // MARK: - Observing moves

    /// Called after a subview was added; override point.
    open func didAddSubview(_ subview: View) {}
    /// Called just before a subview is removed (or moved to another superview); override point.
    open func willRemoveSubview(_ subview: View) {}
    /// Called just before the view gets a new superview (nil: it is being removed); override point.
    open func willMove(toSuperview newSuperview: View?) {}
    /// Called just after the view got a new superview or was removed from its old one; override point.
    open func didMoveToSuperview() {}
    /// Called just before the view enters another window or leaves its window (nil); not called for a move
    /// within one window. Override point.
    open func willMove(toWindow newWindow: Window?) {}
    /// Called after the view moved into or out of a window; not called for a move within one window.
    /// Override point.
    open func didMoveToWindow() {}
    /// Called before a layout pass when the view's traits changed (appearance, scale, size classes), and
    /// when it first has traits in a window; a view whose drawing is not only dynamic colours redoes it here.
    open func traitCollectionDidChange(_ previousTraitCollection: TraitCollection?) {}

    /// The view is its window's first responder and the window gained or lost the keyboard
    /// (`Window.isKeyWindow`); a text field hides or shows its caret here.
    open func keyWindowStateDidChange() {}

    // MARK: - Model changes

    /// Sets one animatable model value, lets the animation engine capture the change, and marks damage.
    func setModel<Value: Equatable>(_ keyPath: WritableKeyPath<LayerProperties, Value>, _ value: Value,
                                    _ property: AnimatableProperty) {
        guard model[keyPath: keyPath] != value else { return }
        let old = model
        model[keyPath: keyPath] = value
        animatablePropertyDidChange(property, from: old)
        setNeedsDisplay()
    }

    // MARK: - Display

    /// Set when the view's pixels (or position) changed since the last frame; the window redraws its area.
    @exclusivity(unchecked) public internal(set) var needsDisplay = true {
        didSet {
            if needsDisplay {
                markSubtreeChanged()
                if !scrollState.isScrolling { scrollState.onlyScrolled = false }
            }
        }
    }

    /// What the frame builder needs to move this view's scrolled pixels (see `View+ScrollCopies.swift`).
    @exclusivity(unchecked) var scrollState = ScrollState()

    /// Whether a scroll of this view (a change of its bounds' origin) may be drawn by moving the pixels of
    /// the last frame: scroll views, whose content is drawn over their own opaque background.
    var copiesScrolledContent: Bool { false }

    /// Set when anything in this view's subtree, itself included, was marked for display or gained, lost or
    /// reordered subviews since the frame builder last kept the subtree's commands (see `keptCommands`).
    @exclusivity(unchecked) var subtreeChanged = true
    /// The display commands a rasterizing view's subtree made in the last frame that built them, and what
    /// they were built for: while nothing in the subtree changes, later frames reuse them instead of walking
    /// it again (a presenting view holds still under a transition for dozens of frames).
    @exclusivity(unchecked) var keptCommands: FrameBuilder.KeptCommands?

    /// Where this view's own drawing landed in window coordinates in the last frame; the old half of its damage.
    @exclusivity(unchecked) var lastRenderedRect: Rect = .zero

    /// Marks the view as changed, so the next frame redraws its old and new areas.
    public func setNeedsDisplay() {
        needsDisplay = true
        window?.setNeedsFrame()
    }

    /// Adds drawing of the view's own content, on top of its background and below its subviews, in bounds
    /// coordinates. Override to draw text or images; the default draws nothing.
    open func draw(in context: inout DrawingContext) {}

    /// The area `draw(in:)` covers beyond the bounds, in bounds coordinates; nil (the default) when it
    /// stays inside them. A redraw damages it too, so what the view drew there leaves no trail.
    open var drawingOverflow: Rect? { nil }

    /// The part of the bounds `draw(in:)` covers, in bounds coordinates, when it is smaller than them; nil
    /// (the default) for all of them. A view with no background, border or shadow damages only this
    /// when it moves, fades or changes: a centred title sliding across a wide label redraws the text's
    /// way, not the label's whole width.
    open var drawnContentRect: Rect? { nil }

    // MARK: - Layout

    /// Set when `layoutSubviews()` must run in the next layout pass.
    public internal(set) var needsLayout = true
    /// Whether this view or one below it needs layout; its superviews then say so too. A layout pass walks
    /// only such subtrees: every frame of an animation runs one, usually with nothing to lay out.
    var subtreeNeedsLayout = true

    /// Asks for `layoutSubviews()` in the next frame's layout pass.
    public func setNeedsLayout() {
        needsLayout = true
        markSubtreeNeedsLayout()
        window?.layoutWasRequested(by: self)
    }

    /// Override to position subviews; called once per frame when layout was asked for (again in the same
    /// frame only if something asked for it again during that frame's layout).
    open func layoutSubviews() {}

    /// The size that best fits the view's content within `size`; the default keeps the current size.
    open func sizeThatFits(_ size: Size) -> Size { bounds.size }

    // MARK: - Intrinsic size and margins

    /// The size the view's content needs, as `UIView.intrinsicContentSize`: a stack view sizes the view by
    /// it. `View.noIntrinsicMetric` in a dimension the content does not decide; a plain view has none. Override in a view that draws content, and call
    /// `invalidateIntrinsicContentSize()` when it changes.
    open var intrinsicContentSize: Size { Size(width: View.noIntrinsicMetric, height: View.noIntrinsicMetric) }

    /// The value of a dimension of `intrinsicContentSize` the content does not decide, as UIKit's.
    nonisolated public static let noIntrinsicMetric = -1.0

    /// Says that `intrinsicContentSize` changed: the superview lays out again (a stack view gives the view
    /// its new size).
    open func invalidateIntrinsicContentSize() {
        superview?.subviewIntrinsicContentSizeDidChange(self)
    }

    /// A subview's intrinsic size changed; a stack view also changes its own.
    func subviewIntrinsicContentSizeDidChange(_ subview: View) { setNeedsLayout() }
    /// A subview was hidden or shown; a stack view lays out again without it or with it.
    func subviewVisibilityDidChange(_ subview: View) {}

    /// The height the content needs at `width`, for content that wraps (a label of several lines, a
    /// vertical stack holding one); nil for content whose height does not depend on its width.
    func intrinsicHeight(forWidth width: Double) -> Double? { nil }

    /// The view whose first line of text a row aligned `.firstBaseline` lines up with its neighbours', as
    /// UIKit's; the view itself by default. A custom view overrides it to name the label inside it.
    open var forFirstBaselineLayout: View { self }
    /// The view whose last line of text a row aligned `.lastBaseline` lines up; the view itself by default.
    open var forLastBaselineLayout: View { self }
    /// How far below the top of this view, laid out `size` big, its first or last baseline lies (see
    /// `View+Baselines.swift`).
    func baselineOffset(_ baseline: Baseline, in size: Size) -> Double { baselineOffsetThroughLayout(baseline, in: size) }

    /// The space a layout of the subviews leaves free inside the bounds, as `UIView.layoutMargins`: 8
    /// points on each edge by default. A stack view arranges its views inside it when
    /// `isLayoutMarginsRelativeArrangement` is set.
    public var layoutMargins = EdgeInsets(all: 8) {
        didSet {
            guard layoutMargins != oldValue else { return }
            setNeedsLayout()
            invalidateIntrinsicContentSize()
        }
    }

    /// How much the view resists growing past its intrinsic size (`.defaultLow` by default, 251 for labels
    /// and image views, as UIKit's) and shrinking below it (`.defaultHigh`), per axis: in a filling stack
    /// view the least hugging view takes the extra space, the least resisting one gives up space first.
    var layoutPriorities = LayoutPriorities()

    // MARK: - Hit-testing

    /// The deepest view containing `point` (in this view's coordinates), front-most subviews first; nil when
    /// this view is hidden, non-interactive, nearly transparent, or the point is outside it. Subviews beyond
    /// the bounds are never hit, whatever `clipsToBounds` says.
    open func hitTest(_ point: Point, with event: Event?) -> View? { hitTestSubviews(point, with: event) }

    /// Whether `point` (in bounds coordinates) is inside the view; override to change the hit area.
    open func point(inside point: Point, with event: Event?) -> Bool {
        bounds.contains(point)
    }

    // MARK: - Accessibility (see View+Accessibility.swift)

    var accessibility = AccessibilityProperties() { didSet { window?.accessibilityDidChange() } }
    /// Whether assistive technology sees this view as one element, whose subviews it does not reach; false
    /// by default, true for labels, buttons, fields and controls.
    open var isAccessibilityElement: Bool { get { accessibility.isElement ?? false } set { accessibility.isElement = newValue } }
    /// What a screen reader calls the element: a button's title, a label's text unless set.
    open var accessibilityLabel: String? { get { accessibility.label } set { accessibility.label = newValue } }
    /// What activating the element does, read after a pause.
    open var accessibilityHint: String? { get { accessibility.hint } set { accessibility.hint = newValue } }
    /// The element's value: a field's text, a slider's percentage, a switch's "1" or "0".
    open var accessibilityValue: String? { get { accessibility.value } set { accessibility.value = newValue } }
    /// What the element is and its state (button, header, selected, not enabled…).
    open var accessibilityTraits: AccessibilityTraits { get { accessibility.traits ?? .none } set { accessibility.traits = newValue } }
    /// Does the element's action (a button's tap); returns whether there was one. False by default.
    open func accessibilityActivate() -> Bool { false }
    /// Raises an adjustable element's value a step.
    open func accessibilityIncrement() {}
    /// Lowers an adjustable element's value a step.
    open func accessibilityDecrement() {}

    // MARK: - Responder chain

    /// Next responder: the owning view controller for a controller's root view, else the superview.
    open override var next: Responder? {
        if let owningViewController { return owningViewController }
        return superview
    }

    /// The interactions attached to this view (a context menu's), in the order added, as UIKit's.
    public internal(set) var interactions: [Interaction] = []

    /// Gesture recognizers attached to this view, in the order added.
    public internal(set) var gestureRecognizers: [GestureRecognizer] = []

    /// Whether a gesture recognizer attached to another view may begin when this view is touched; controls
    /// say no to taps so a button's own tap wins over its container's, as in UIKit.
    open func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool { true }
}
