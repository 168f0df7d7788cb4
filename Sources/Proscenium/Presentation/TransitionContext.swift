/// Which side of a transition a controller or view is on.
public enum TransitionKey: Sendable, Hashable {
    /// The controller (and view) visible when the transition starts.
    case from
    /// The controller (and view) visible when the transition ends.
    case to
}

/// Everything an animator needs to run one transition, as UIKit's `UIViewControllerContextTransitioning`:
/// the container, the controllers and views on each side, their frames, and `completeTransition(_:)` to
/// call when the animation is over. Presentations and dismissals make their own; a container controller
/// (a navigation controller's push and pop, an app's own container) makes one between two children with
/// `init(containerView:from:to:in:isAnimated:animator:interactionController:completion:)` and `start()`.
@MainActor public final class TransitionContext {
    // MARK: - What the transition is

    /// The view the transition happens in; the animator adds the "to" view to it when presenting.
    public let containerView: View
    /// Whether the transition animates (false for `present(_:animated: false)`).
    public let isAnimated: Bool
    /// True while an interaction controller drives the transition by hand.
    public internal(set) var isInteractive = false
    /// True once the transition was cancelled (by an interaction controller, or `completeTransition(false)`).
    public internal(set) var transitionWasCancelled = false
    /// True for a presentation, false for a dismissal.
    public let isPresenting: Bool
    /// The style the presentation is in (the presented controller's, or the one it adapted to), the same
    /// for its presentation and its dismissal, so one animator can move each style its own way; `.none`
    /// between a container's children, as in UIKit.
    public let presentationStyle: ModalPresentationStyle
    /// How far an interactive transition is, as last reported with `updateInteractiveTransition(_:)`.
    public private(set) var percentComplete = 0.0

    /// The coordinator through which other objects join the transition.
    public private(set) lazy var coordinator = TransitionCoordinator(context: self)

    // MARK: - Internals

    let animator: AnimatedTransitioning
    let interactionController: InteractiveTransitioning?
    /// The presentation controller of the transition; adaptation in the middle of it replaces it. Nil
    /// between a container's children.
    var presentationController: PresentationController?
    /// The container controller running a transition between its children, which the children's
    /// `transitionCoordinator` finds it through.
    weak var containerController: ViewController?
    /// Where the "to" view ends in a container's transition.
    var containerFinalFrame: Rect = .zero
    /// Set by a container transition's `start()`.
    var hasStarted = false
    private let fromController: ViewController
    private let toController: ViewController
    /// Called once with the result when `completeTransition(_:)` is first called.
    private var onComplete: ((Bool) -> Void)?
    /// Set once the transition completed or was cancelled; later calls change nothing.
    public private(set) var isFinished = false
    /// The animator that drives the transition, once known: the animator's interruptible animator, or
    /// the coordinator's own for alongside animations.
    var driver: ViewImplicitlyAnimating?
    /// The animator's own interruptible animator, when it vends one: what an interruption turns around.
    var interruptibleDriver: ViewImplicitlyAnimating?

    /// Ends the transition without its completion: an interruption turns it into the opposite one.
    func abandon() {
        guard !isFinished else { return }
        isFinished = true
        onComplete = nil
        transitionWasCancelled = true
        isInteractive = false
    }

    init(presentationController: PresentationController, containerView: View, isPresenting: Bool, isAnimated: Bool,
         style: ModalPresentationStyle, animator: AnimatedTransitioning, interactionController: InteractiveTransitioning?,
         onComplete: @escaping (Bool) -> Void) {
        self.presentationController = presentationController
        self.containerView = containerView
        self.isPresenting = isPresenting
        self.isAnimated = isAnimated
        self.presentationStyle = style
        self.animator = animator
        self.interactionController = interactionController
        self.onComplete = onComplete
        LiveObjects.created(.transitionContext)
        let presented = presentationController.presentedViewController
        let presenting = presentationController.presentingViewController ?? presented
        fromController = isPresenting ? presenting : presented
        toController = isPresenting ? presented : presenting
        dismissedViewFrame = isPresenting ? .zero
            : presentationController.presentedView?.frame ?? presentationController.frameOfPresentedViewInContainerView
    }

    /// A transition between two children of `containerController`; see the public initializer.
    init(containerController: ViewController?, containerView: View, from: ViewController, to: ViewController,
         finalFrame: Rect, isAnimated: Bool, animator: AnimatedTransitioning, interactionController: InteractiveTransitioning?,
         onComplete: @escaping (Bool) -> Void) {
        presentationController = nil
        self.containerController = containerController
        self.containerView = containerView
        isPresenting = false
        self.isAnimated = isAnimated
        presentationStyle = .none
        self.animator = animator
        self.interactionController = interactionController
        self.onComplete = onComplete
        fromController = from
        toController = to
        containerFinalFrame = finalFrame
        dismissedViewFrame = .zero
        LiveObjects.created(.transitionContext)
    }

    deinit { LiveObjects.freed(.transitionContext) }

    // MARK: - Controllers, views and frames

    /// The controller on `key`'s side.
    public func viewController(forKey key: TransitionKey) -> ViewController? {
        key == .from ? fromController : toController
    }

    /// The view the animator animates on `key`'s side: the presented view, and the presenting view only
    /// when the presentation removes it (`shouldRemovePresentersView`); nil otherwise, as in UIKit.
    public func view(forKey key: TransitionKey) -> View? {
        let controller = key == .from ? fromController : toController
        guard let presentationController else { return controller.view }
        if controller === presentationController.presentedViewController { return presentationController.presentedView }
        return presentationController.shouldRemovePresentersView ? controller.view : nil
    }

    /// Where `controller`'s view is when the transition starts: for the controller being dismissed, the
    /// frame its view has as the dismissal starts; the container for a presenting view; zero when unknown
    /// (a view about to appear).
    public func initialFrame(for controller: ViewController) -> Rect {
        guard let presentationController else { return controller === fromController ? controller.view.frame : .zero }
        if controller === presentationController.presentedViewController {
            return isPresenting ? .zero : dismissedViewFrame
        }
        return isPresenting || presentationController.shouldRemovePresentersView ? containerView.bounds : .zero
    }

    /// Where `controller`'s view must be when the transition ends: the presentation controller's frame
    /// for the controller being presented. For the controller being dismissed, as in UIKit's custom
    /// presentations, the frame its view has as the dismissal starts: the system leaves it there, and
    /// animators (Apple's LookInside sample among them) work out where it goes from it.
    public func finalFrame(for controller: ViewController) -> Rect {
        guard let presentationController else { return controller === toController ? containerFinalFrame : .zero }
        if controller === presentationController.presentedViewController {
            return isPresenting ? presentationController.frameOfPresentedViewInContainerView : dismissedViewFrame
        }
        return containerView.bounds
    }

    /// The presented view's frame as a dismissal starts (zero for a presentation).
    private let dismissedViewFrame: Rect

    // MARK: - Ending

    /// Tells the system the transition's animations are over: `true` if it completed, `false` if it was
    /// cancelled (the views must then be back where they started). Only the first call counts.
    public func completeTransition(_ didComplete: Bool) {
        guard !isFinished, let onComplete else { return }
        isFinished = true
        self.onComplete = nil
        if !didComplete { transitionWasCancelled = true }
        isInteractive = false
        if presentationController == nil {
            // A container's transition: alongside animations land and the coordinator's completions run
            // (as UIKit runs them, before the container's own ending and the appearance callbacks' ends).
            coordinator.transitionDidEnd(completed: didComplete)
            animator.animationEnded(didComplete)
            if let containerController, containerController.runningTransition === self { containerController.runningTransition = nil }
        }
        onComplete(didComplete)
    }

    // MARK: - Interactive progress

    /// Reports the progress of an interactive transition, 0 to 1.
    public func updateInteractiveTransition(_ percentComplete: Double) {
        guard !percentComplete.isNaN else { return }
        self.percentComplete = min(max(percentComplete, 0), 1)
    }

    /// The interaction is over and the transition will complete; the animator runs it to the end.
    public func finishInteractiveTransition() {
        guard isInteractive else { return }
        isInteractive = false
        coordinator.interactionDidChange()
    }

    /// The interaction is over and the transition will be cancelled; the animator runs it back.
    public func cancelInteractiveTransition() {
        guard isInteractive else { return }
        transitionWasCancelled = true
        isInteractive = false
        coordinator.interactionDidChange()
    }

    /// The interaction paused the transition (the finger stopped); it stays interactive.
    public func pauseInteractiveTransition() {
        driver?.pauseAnimation()
    }
}
