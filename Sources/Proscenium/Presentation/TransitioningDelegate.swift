/// Vends what a presentation needs: the presentation controller (for `.custom`), the animators for
/// presenting and dismissing, and interaction controllers, as UIKit's
/// `UIViewControllerTransitioningDelegate`. Every method may return nil for the default. `source` is the
/// controller whose `present` was called; `presenting` is the one that presents for it (the top of its
/// parent chain), the same controller unless `present` was called on a child.
@MainActor public protocol TransitioningDelegate: AnyObject {
    /// The presentation controller for a `.custom` presentation; nil uses a plain one that covers the
    /// container with no chrome.
    func presentationController(forPresented presented: ViewController, presenting: ViewController?,
                                source: ViewController) -> PresentationController?
    /// The animator that presents `presented`; nil uses the presentation controller's default.
    func animationController(forPresented presented: ViewController, presenting: ViewController,
                             source: ViewController) -> AnimatedTransitioning?
    /// The animator that dismisses `dismissed`; nil uses the presentation controller's default.
    func animationController(forDismissed dismissed: ViewController) -> AnimatedTransitioning?
    /// An interaction controller that drives the presentation by hand; nil runs it by itself.
    func interactionControllerForPresentation(using animator: AnimatedTransitioning) -> InteractiveTransitioning?
    /// An interaction controller that drives the dismissal by hand (drag-to-dismiss); nil runs it by itself.
    func interactionControllerForDismissal(using animator: AnimatedTransitioning) -> InteractiveTransitioning?
}

extension TransitioningDelegate {
    public func presentationController(forPresented presented: ViewController, presenting: ViewController?,
                                       source: ViewController) -> PresentationController? { nil }
    public func animationController(forPresented presented: ViewController, presenting: ViewController,
                                    source: ViewController) -> AnimatedTransitioning? { nil }
    public func animationController(forDismissed dismissed: ViewController) -> AnimatedTransitioning? { nil }
    public func interactionControllerForPresentation(using animator: AnimatedTransitioning) -> InteractiveTransitioning? { nil }
    public func interactionControllerForDismissal(using animator: AnimatedTransitioning) -> InteractiveTransitioning? { nil }
}

/// Animates the views of one transition, as UIKit's `UIViewControllerAnimatedTransitioning`: it adds the
/// "to" view to the container, animates, and calls `context.completeTransition(_:)` when done.
@MainActor public protocol AnimatedTransitioning: AnyObject {
    /// How long the transition takes; alongside animations use it when the animator vends no animator.
    func transitionDuration(using context: TransitionContext) -> Double
    /// Runs the transition's animations; must end with `context.completeTransition(_:)`.
    func animateTransition(using context: TransitionContext)
    /// The one animator that runs the whole transition, so it can be scrubbed, reversed and joined by
    /// alongside animations; nil when the animator uses `View.animate`. Must return the same object for
    /// the same context. Interactive transitions need it. By default, the animator's answer in UIKit's
    /// form below, if it has one.
    func interruptibleAnimator(using context: TransitionContext) -> ViewImplicitlyAnimating?
    /// The same in UIKit's form, which returns the animator itself: an animator ported from UIKit keeps
    /// its method as it is, and it is used. Implement one of the two.
    func interruptibleAnimator(using context: TransitionContext) -> ViewImplicitlyAnimating
    /// Called after the transition completed or was cancelled.
    func animationEnded(_ transitionCompleted: Bool)
}

extension AnimatedTransitioning {
    /// By default, the animator vended in UIKit's form, or nil when the animator vends none.
    public func interruptibleAnimator(using context: TransitionContext) -> ViewImplicitlyAnimating? {
        let vended: ViewImplicitlyAnimating = interruptibleAnimator(using: context)
        return vended === NoInterruptibleAnimator.marker ? nil : vended
    }
    /// By default, a marker that says this animator vends no interruptible animator in UIKit's form.
    public func interruptibleAnimator(using context: TransitionContext) -> ViewImplicitlyAnimating {
        NoInterruptibleAnimator.marker
    }
    /// By default, does nothing once the transition has ended.
    public func animationEnded(_ transitionCompleted: Bool) {}
}

/// What the default UIKit-form `interruptibleAnimator(using:)` answers: "this animator vends none". Only
/// compared by identity, never run; its members answer as an animator that has not started.
@MainActor final class NoInterruptibleAnimator: ViewImplicitlyAnimating {
    static let marker = NoInterruptibleAnimator()
    private init() {}
    var state: AnimatingState { .inactive }
    var isRunning: Bool { false }
    var isReversed: Bool { get { false } set {} }
    var fractionComplete: Double { get { 0 } set {} }
    func startAnimation() {}
    func startAnimation(afterDelay delay: Double) {}
    func pauseAnimation() {}
    func stopAnimation(_ withoutFinishing: Bool) {}
    func finishAnimation(at position: AnimatingPosition) {}
    func addAnimations(_ animations: @escaping @MainActor () -> Void) {}
    func addAnimations(_ animations: @escaping @MainActor () -> Void, delayFactor: Double) {}
    func addCompletion(_ completion: @escaping @MainActor (AnimatingPosition) -> Void) {}
    func continueAnimation(withTimingParameters parameters: TimingCurveProvider?, durationFactor: Double) {}
}

/// Drives a transition by hand instead of letting it run by itself, as UIKit's
/// `UIViewControllerInteractiveTransitioning`.
@MainActor public protocol InteractiveTransitioning: AnyObject {
    /// Whether the transition starts under the interaction controller (true) or runs by itself.
    var wantsInteractiveStart: Bool { get }
    /// Takes control of the transition as it begins.
    func startInteractiveTransition(_ context: TransitionContext)
    /// The transition started by itself (`wantsInteractiveStart` was false); the controller may still
    /// take it over later. Does nothing by default.
    func transitionDidStartNonInteractively(_ context: TransitionContext)
}

extension InteractiveTransitioning {
    public func transitionDidStartNonInteractively(_ context: TransitionContext) {}
}
