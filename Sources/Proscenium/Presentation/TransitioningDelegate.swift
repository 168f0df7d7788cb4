/// Vends what a presentation needs: the presentation controller (for `.custom`), the animators for
/// presenting and dismissing, and interaction controllers, as UIKit's
/// `UIViewControllerTransitioningDelegate`. Every method may return nil for the default.
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
    /// the same context. Interactive transitions need it.
    func interruptibleAnimator(using context: TransitionContext) -> ViewImplicitlyAnimating?
    /// Called after the transition completed or was cancelled.
    func animationEnded(_ transitionCompleted: Bool)
}

extension AnimatedTransitioning {
    public func interruptibleAnimator(using context: TransitionContext) -> ViewImplicitlyAnimating? { nil }
    public func animationEnded(_ transitionCompleted: Bool) {}
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
