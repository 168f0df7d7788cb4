/// An animator for presentation transitions that runs on one `PropertyAnimator`, so every transition it
/// drives is interruptible and can be driven interactively, and alongside animations join its timeline.
///
/// Subclasses say where the moving view starts (`prepare`) and where it goes (`animate`); when presenting,
/// the view is first put in the container at its final frame. The transition completes when the animator
/// ends at its end, and is cancelled when it ends back at its start (a reversed or cancelled run).
@MainActor open class PropertyTransitionAnimator: AnimatedTransitioning {
    /// True for the presentation, false for the dismissal.
    public let isPresenting: Bool
    /// How long the transition takes (a physical spring takes its settling time instead).
    public let duration: Double
    /// The curve or spring its `PropertyAnimator` runs on: how the transition's progress follows time.
    public let timingParameters: TimingCurveProvider

    private weak var runningContext: TransitionContext?
    private var runningAnimator: PropertyAnimator?

    /// An animator for one direction of a transition.
    public init(isPresenting: Bool, duration: Double, timingParameters: TimingCurveProvider) {
        self.isPresenting = isPresenting
        self.duration = duration
        self.timingParameters = timingParameters
    }

    // MARK: - What subclasses say

    /// Sets the moving view's state at the start of the transition (called without animation). The
    /// default leaves it as it is.
    open func prepare(_ view: View, in context: TransitionContext) {}

    /// Sets the moving view's state at the end of the transition; these changes animate.
    open func animate(_ view: View, in context: TransitionContext) {}

    /// Called without animation when a dismissal completes, just before the view leaves the window: undoes
    /// what `animate` did to it, so a later presentation with any animator finds it as it was. The
    /// default makes it opaque and untransformed again.
    open func cleanUp(_ view: View, in context: TransitionContext) {
        view.alpha = 1
        view.transform = .identity
    }

    // MARK: - AnimatedTransitioning

    public func transitionDuration(using context: TransitionContext) -> Double { duration }

    public func animateTransition(using context: TransitionContext) {
        interruptibleAnimator(using: context)?.startAnimation()
    }

    public func interruptibleAnimator(using context: TransitionContext) -> ViewImplicitlyAnimating? {
        if let runningAnimator, runningContext === context { return runningAnimator }
        guard let view = context.view(forKey: isPresenting ? .to : .from) else { return nil }
        if isPresenting, let presented = context.viewController(forKey: .to) {
            // By centre and bounds: a view that still wears a transform (a dismissal's end state, when it is
            // presented again from that dismissal's completion) must not get it folded into its bounds.
            View.performWithoutAnimation {
                view.untransformedFrame = context.finalFrame(for: presented)
                context.containerView.addSubview(view)
            }
        }
        View.performWithoutAnimation { prepare(view, in: context) }
        let animator = PropertyAnimator(duration: duration, timingParameters: timingParameters)
        animator.isUserInteractionEnabled = false
        animator.addAnimations { [unowned self] in animate(view, in: context) }
        let isPresenting = isPresenting
        animator.addCompletion { [weak self, weak context] position in
            guard let context else { return }
            // Cleaned up before the dismissal completes: its completion may present the view again at once,
            // and that presentation must find the view as it was. No frame is drawn in between, so the view
            // never shows untransformed in the container it is leaving.
            if !isPresenting, position == .end, let self {
                View.performWithoutAnimation { self.cleanUp(view, in: context) }
            }
            context.completeTransition(position == .end)
        }
        runningContext = context
        runningAnimator = animator
        return animator
    }

    public func animationEnded(_ transitionCompleted: Bool) {
        runningAnimator = nil
        runningContext = nil
    }
}

/// Which edge of the container a view slides in from or out to.
public enum RectEdge: Sendable, Hashable {
    /// From above the container: the view slides down into place and back up.
    case top
    /// From past the container's left side: the view slides in rightwards and back out to the left.
    case left
    /// From below the container, as UIKit's cover vertical (the default): the view slides up and back down.
    case bottom
    /// From past the container's right side, as a pushed screen: the view slides in leftwards and back out.
    case right
}

/// Slides the presented view in from an edge of the container and back out to it, as UIKit's cover
/// vertical transition (from the bottom).
@MainActor public final class SlideTransitionAnimator: PropertyTransitionAnimator {
    /// The edge the view comes from and goes back to.
    public let edge: RectEdge

    /// A slide from `edge`: 0.4 s easing out when presenting, 0.3 s easing in when dismissing, unless given.
    public init(isPresenting: Bool, edge: RectEdge = .bottom, duration: Double? = nil,
                timingParameters: TimingCurveProvider? = nil) {
        self.edge = edge
        super.init(isPresenting: isPresenting, duration: duration ?? (isPresenting ? 0.4 : 0.3),
                   timingParameters: timingParameters ?? CubicTimingParameters(animationCurve: isPresenting ? .easeOut : .easeIn))
    }

    public override func prepare(_ view: View, in context: TransitionContext) {
        if isPresenting { view.frame = offscreenFrame(for: view.frame, in: context.containerView.bounds) }
    }

    public override func animate(_ view: View, in context: TransitionContext) {
        if isPresenting, let presented = context.viewController(forKey: .to) {
            view.frame = context.finalFrame(for: presented)
        } else {
            view.frame = offscreenFrame(for: view.frame, in: context.containerView.bounds)
        }
    }

    /// `frame` moved just past `edge` of `bounds`.
    private func offscreenFrame(for frame: Rect, in bounds: Rect) -> Rect {
        var moved = frame
        switch edge {
        case .top: moved.origin.y = bounds.minY - frame.height
        case .bottom: moved.origin.y = bounds.maxY
        case .left: moved.origin.x = bounds.minX - frame.width
        case .right: moved.origin.x = bounds.maxX
        }
        return moved
    }
}

/// Fades the presented view in while it scales to its size, and fades it out: alerts and popovers.
@MainActor public final class FadeScaleTransitionAnimator: PropertyTransitionAnimator {
    /// The scale the view starts at when presenting (1.2 for an alert: it settles inward).
    public let startScale: Double

    /// A fade with a scale from `startScale`; by default 0.3 s easing out in, 0.2 s linear out.
    public init(isPresenting: Bool, startScale: Double = 1.2, duration: Double? = nil,
                timingParameters: TimingCurveProvider? = nil) {
        self.startScale = startScale
        super.init(isPresenting: isPresenting, duration: duration ?? (isPresenting ? 0.3 : 0.2),
                   timingParameters: timingParameters ?? CubicTimingParameters(animationCurve: isPresenting ? .easeOut : .linear))
    }

    public override func prepare(_ view: View, in context: TransitionContext) {
        guard isPresenting else { return }
        view.alpha = 0
        view.transform = AffineTransform(scaleX: startScale, y: startScale)
    }

    public override func animate(_ view: View, in context: TransitionContext) {
        if isPresenting {
            view.alpha = 1
            view.transform = .identity
        } else {
            view.alpha = 0
        }
    }
}

/// Cross-fades the presented view in place: what every transition becomes under reduced motion
/// (`AnimationSettings.reduceMotion`), whatever animator the style or delegate would use.
@MainActor public final class CrossFadeTransitionAnimator: PropertyTransitionAnimator {
    /// How long the cross-fade lasts.
    public static let duration = 0.2

    /// A 0.2 s ease-in-out fade in (presenting) or out (dismissing).
    public init(isPresenting: Bool) {
        super.init(isPresenting: isPresenting, duration: Self.duration,
                   timingParameters: CubicTimingParameters(animationCurve: .easeInOut))
    }

    public override func prepare(_ view: View, in context: TransitionContext) {
        if isPresenting { view.alpha = 0 }
    }

    public override func animate(_ view: View, in context: TransitionContext) {
        view.alpha = isPresenting ? 1 : 0
    }
}
