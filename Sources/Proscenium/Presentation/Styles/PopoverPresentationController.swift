/// Directions a popover's arrow may point, as UIKit's `UIPopoverArrowDirection`.
public struct PopoverArrowDirection: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// The arrow points up: the popover sits below its source.
    public static let up = PopoverArrowDirection(rawValue: 1)
    /// The arrow points down: the popover sits above its source.
    public static let down = PopoverArrowDirection(rawValue: 2)
    /// The arrow points left: the popover sits right of its source.
    public static let left = PopoverArrowDirection(rawValue: 4)
    /// The arrow points right: the popover sits left of its source.
    public static let right = PopoverArrowDirection(rawValue: 8)
    /// Every direction: the popover takes the first side with room for it (below, above, right, left).
    public static let any: PopoverArrowDirection = [.up, .down, .left, .right]
}

/// The `.popover` style: a bubble of the presented controller's `preferredContentSize` (320x400 when it
/// has none) next to `sourceView`, with an arrow pointing at it. A click outside dismisses it, except on
/// `passthroughViews`, which keep working while it is up.
@MainActor open class PopoverPresentationController: PresentationController {
    /// The size used when the presented controller prefers none.
    public static let defaultSize = Size(width: 320, height: 400)
    /// How far the arrow reaches out of the bubble.
    public static let arrowLength = 12.0
    /// The gap kept between the bubble and the container's edges.
    public static let margin = 10.0

    /// The view the arrow points at.
    public weak var sourceView: View?
    /// The rectangle in `sourceView`'s coordinates the arrow points at; nil means its bounds.
    public var sourceRect: Rect?
    /// Where the arrow may point; any direction by default, tried in the order up, down, left, right.
    public var permittedArrowDirections: PopoverArrowDirection = .any
    /// Views that keep receiving clicks while the popover is up; a click anywhere else outside dismisses.
    /// Live, as in UIKit: setting it while the popover is up (in the `present` completion) takes effect.
    public var passthroughViews: [View] = [] { didSet { outsideClickView.passthroughViews = passthroughViews } }
    /// The colour of the arrow; match it to the presented view's background.
    public var arrowColor: Color = .elevatedBackground { didSet { arrowView.backgroundColor = arrowColor } }

    /// The view behind the popover that catches clicks outside it (and forwards those on passthrough views).
    public let outsideClickView = TouchForwardingView()
    /// The arrow: a square turned 45° behind the bubble's edge.
    public let arrowView = View()

    public override init(presentedViewController presented: ViewController, presenting: ViewController?) {
        super.init(presentedViewController: presented, presenting: presenting)
        outsideClickView.identifier = "passthrough"
        arrowView.identifier = "popover-arrow"
        arrowView.backgroundColor = arrowColor
        arrowView.transform = AffineTransform(rotationAngle: .pi / 4)
        arrowView.isUserInteractionEnabled = false
        outsideClickView.addGestureRecognizer(TapGestureRecognizer { [weak self] _ in
            guard let self, !isDismissing, !isPresenting else { return }
            dismissAsUserRequested()
        })
    }

    // MARK: - Placement

    /// The direction the arrow points with the current geometry; nil when there is no source view.
    public var arrowDirection: PopoverArrowDirection? { placement?.direction }

    open override var frameOfPresentedViewInContainerView: Rect {
        placement?.frame ?? centredFrame
    }

    override var anchorInContainer: Rect? {
        guard let containerView, let sourceView, sourceView.window === containerView.window else { return nil }
        return containerView.convert(sourceRect ?? sourceView.bounds, from: sourceView)
    }

    private var centredFrame: Rect {
        guard let bounds = containerView?.bounds else { return .zero }
        let size = bubbleSize(in: bounds)
        return Rect(x: ((bounds.width - size.width) / 2).rounded(), y: ((bounds.height - size.height) / 2).rounded(),
                    width: size.width, height: size.height)
    }

    private func bubbleSize(in bounds: Rect) -> Size {
        let preferred = presentedViewController.preferredContentSize
        let wanted = preferred.width > 0 && preferred.height > 0 ? preferred : Self.defaultSize
        return Size(width: min(wanted.width, max(0, bounds.width - 2 * Self.margin)),
                    height: min(wanted.height, max(0, bounds.height - 2 * Self.margin)))
    }

    /// The bubble's frame and arrow direction: the first permitted side with room; else the side short of
    /// the least (in proportion), the bubble shrunk along it to the room there (down to 100 points). It
    /// never reaches past the container's margins, even for a source out of view; `reachesSource` is
    /// false when keeping it inside took it away from the source (the arrow is hidden then).
    private var placement: (frame: Rect, direction: PopoverArrowDirection, reachesSource: Bool)? {
        guard let containerView, let source = anchorInContainer else { return nil }
        let bounds = containerView.bounds
        let size = bubbleSize(in: bounds)
        let gap = Self.arrowLength, margin = Self.margin
        func clampX(_ x: Double) -> Double { min(max(x, margin), bounds.width - margin - size.width) }
        func clampY(_ y: Double) -> Double { min(max(y, margin), bounds.height - margin - size.height) }
        let candidates: [(PopoverArrowDirection, Double, Rect)] = [
            (.up, bounds.maxY - margin - source.maxY - gap,
             Rect(x: clampX(source.midX - size.width / 2), y: source.maxY + gap, width: size.width, height: size.height)),
            (.down, source.minY - gap - margin,
             Rect(x: clampX(source.midX - size.width / 2), y: source.minY - gap - size.height, width: size.width, height: size.height)),
            (.left, bounds.maxX - margin - source.maxX - gap,
             Rect(x: source.maxX + gap, y: clampY(source.midY - size.height / 2), width: size.width, height: size.height)),
            (.right, source.minX - gap - margin,
             Rect(x: source.minX - gap - size.width, y: clampY(source.midY - size.height / 2), width: size.width, height: size.height)),
        ].filter { permittedArrowDirections.contains($0.0) }
        let needed: (PopoverArrowDirection) -> Double = { $0 == .up || $0 == .down ? size.height : size.width }
        let fitting = candidates.first { $0.1 >= needed($0.0) }
        guard let (direction, room, placed) = fitting ?? candidates.max(by: { $0.1 / needed($0.0) < $1.1 / needed($1.0) }) else {
            return nil
        }
        var frame = placed
        if fitting == nil {
            let length = min(needed(direction), max(room, 100))
            switch direction {
            case .up: frame.size.height = length
            case .down: frame = Rect(x: frame.minX, y: source.minY - gap - length, width: frame.width, height: length)
            case .left: frame.size.width = length
            default: frame = Rect(x: source.minX - gap - length, y: frame.minY, width: length, height: frame.height)
            }
        }
        let inner = bounds.insetBy(dx: margin, dy: margin)
        let kept = Rect(x: min(max(frame.minX, inner.minX), max(inner.minX, inner.maxX - frame.width)),
                        y: min(max(frame.minY, inner.minY), max(inner.minY, inner.maxY - frame.height)),
                        width: frame.width, height: frame.height)
        // Moved along the arrow's axis, the bubble no longer starts an arrow's length from the source.
        let reaches = direction == .up || direction == .down ? abs(kept.minY - frame.minY) < 0.5 : abs(kept.minX - frame.minX) < 0.5
        return (kept.integral, direction, reaches)
    }

    // MARK: - Chrome

    open override func presentationTransitionWillBegin() {
        guard let containerView else { return }
        outsideClickView.frame = containerView.bounds
        outsideClickView.passthroughViews = passthroughViews
        let reinstalled = arrowView.superview === containerView
        containerView.insertSubview(outsideClickView, at: 0)
        containerView.insertSubview(arrowView, aboveSubview: outsideClickView)
        roundPresentedViewCorners(13, shadowOpacity: 0.18)
        if !reinstalled { arrowView.alpha = 0 }
        layOutArrow()
        animateAlongsideTransition { [arrowView] in arrowView.alpha = 1 }
    }

    open override func presentationTransitionDidEnd(_ completed: Bool) {
        if !completed, !isDismissing { removeChrome() }
    }

    open override func dismissalTransitionWillBegin() {
        animateAlongsideTransition { [arrowView] in arrowView.alpha = 0 }
    }

    open override func dismissalTransitionDidEnd(_ completed: Bool) {
        if completed { removeChrome() } else if !isPresenting { arrowView.alpha = 1 }
    }

    open override func containerViewWillLayoutSubviews() {
        if let containerView { outsideClickView.frame = containerView.bounds }
        layOutArrow()
    }

    open override func defaultPresentationAnimator() -> AnimatedTransitioning {
        FadeScaleTransitionAnimator(isPresenting: true, startScale: 0.9, duration: 0.25)
    }

    open override func defaultDismissalAnimator() -> AnimatedTransitioning {
        FadeScaleTransitionAnimator(isPresenting: false)
    }

    /// Puts the arrow's square on the bubble's edge facing the source, at the source's middle.
    private func layOutArrow() {
        guard let placement, placement.reachesSource, let source = anchorInContainer else {
            arrowView.isHidden = true
            return
        }
        arrowView.isHidden = false
        let side = Self.arrowLength * 2.0.squareRoot()
        let frame = placement.frame
        let inset = 13 + Self.arrowLength
        let x = min(max(source.midX, frame.minX + inset), frame.maxX - inset)
        let y = min(max(source.midY, frame.minY + inset), frame.maxY - inset)
        let center: Point
        switch placement.direction {
        case .up: center = Point(x: x, y: frame.minY)
        case .down: center = Point(x: x, y: frame.maxY)
        case .left: center = Point(x: frame.minX, y: y)
        default: center = Point(x: frame.maxX, y: y)
        }
        arrowView.bounds = Rect(x: 0, y: 0, width: side, height: side)
        arrowView.center = center
    }

    private func removeChrome() {
        outsideClickView.removeFromSuperview()
        arrowView.removeFromSuperview()
        restorePresentedViewCorners()
    }
}
