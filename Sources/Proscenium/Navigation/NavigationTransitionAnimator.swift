/// The navigation controller's own push and pop: the new screen slides in from the trailing edge over
/// the old one, which moves a third of its width the other way and darkens a little; a pop is the same
/// backwards. One `PropertyAnimator` on a critically damped spring runs it, so it is interruptible, can be
/// driven by hand, and alongside animations join it.
@MainActor public final class NavigationTransitionAnimator: AnimatedTransitioning {
    /// Push or pop.
    public let operation: NavigationOperation
    /// How long the spring takes to settle.
    public static let duration = 0.4
    /// How dark the screen underneath gets: the alpha of black over it when covered.
    public static let coveredDimming = 0.1
    /// The identifier of the shade over the covered screen while a push or pop runs.
    static let shadeIdentifier = "navigation-shade"

    private weak var runningContext: TransitionContext?
    private var runningAnimator: PropertyAnimator?

    /// An animator for `operation` (`.none` animates as a push).
    public init(operation: NavigationOperation) {
        self.operation = operation
    }

    public func transitionDuration(using context: TransitionContext) -> Double {
        AnimationSettings.reduceMotion ? CrossFadeTransitionAnimator.duration : Self.duration
    }

    public func animateTransition(using context: TransitionContext) {
        interruptibleAnimator(using: context)?.startAnimation()
    }

    public func interruptibleAnimator(using context: TransitionContext) -> ViewImplicitlyAnimating? {
        if let runningAnimator, runningContext === context { return runningAnimator }
        guard let toController = context.viewController(forKey: .to),
              let fromView = context.view(forKey: .from), let toView = context.view(forKey: .to) else { return nil }
        let container = context.containerView
        // Under reduced motion nothing slides: the screen on top fades in (push) or out (pop), in 0.2 s as
        // every transition then does.
        let fades = AnimationSettings.reduceMotion
        let width = fades ? 0 : container.bounds.width
        let isPop = operation == .pop
        // The screen underneath (the old one of a push, the new one of a pop) darkens under this, which
        // covers the container: the screen on top is opaque and hides the rest of it.
        let shade = View()
        shade.backgroundColor = .black
        shade.isUserInteractionEnabled = false
        shade.identifier = Self.shadeIdentifier
        View.performWithoutAnimation {
            toView.untransformedFrame = context.finalFrame(for: toController)
            if isPop {
                container.insertSubview(toView, belowSubview: fromView)
                toView.transform = AffineTransform(translationX: -width / 3, y: 0)
                shade.alpha = Self.coveredDimming
                shade.frame = container.bounds
                container.insertSubview(shade, aboveSubview: toView)
            } else {
                shade.alpha = 0
                shade.frame = container.bounds
                container.addSubview(shade)
                container.addSubview(toView)
                toView.transform = AffineTransform(translationX: width, y: 0)
                if fades { toView.alpha = 0 }
            }
        }
        let animator = fades ? PropertyAnimator(duration: CrossFadeTransitionAnimator.duration, timingParameters: CubicTimingParameters())
            : PropertyAnimator(duration: Self.duration, timingParameters: SpringTimingParameters(dampingRatio: 1))
        animator.isUserInteractionEnabled = false
        animator.addAnimations {
            if isPop {
                fromView.transform = AffineTransform(translationX: width, y: 0)
                toView.transform = .identity
                shade.alpha = 0
                if fades { fromView.alpha = 0 }
            } else {
                toView.transform = .identity
                fromView.transform = AffineTransform(translationX: -width / 3, y: 0)
                shade.alpha = Self.coveredDimming
                toView.alpha = 1
            }
        }
        animator.addCompletion { [weak context] position in
            View.performWithoutAnimation {
                shade.removeFromSuperview()
                fromView.transform = .identity
                toView.transform = .identity
                fromView.alpha = 1
                toView.alpha = 1
            }
            context?.completeTransition(position == .end)
        }
        runningContext = context
        runningAnimator = animator
        return animator
    }
}
