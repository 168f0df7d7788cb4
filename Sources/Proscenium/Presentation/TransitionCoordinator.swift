/// What blocks run alongside a transition receive: the transition's state at the time they run.
public typealias TransitionCoordinatorContext = TransitionCoordinator

/// Lets objects other than the animator take part in a running transition, as UIKit's
/// `UIViewControllerTransitionCoordinator`: a presentation controller fades its dimming alongside, a
/// presenting controller moves its content, all on the transition's own timeline.
///
/// Alongside animations run in the same animation context as the transition: added to the animator's
/// interruptible animator when it vends one (so scrubbing and reversing move them too), otherwise with the
/// duration and timing of the first `View.animate` the animator made. Added after the transition began,
/// they run over its remaining time and end with it. A size change of the window (a resize) has a
/// coordinator too; it does not animate, so its alongside blocks run at once.
@MainActor public final class TransitionCoordinator {
    /// The presentation or dismissal, or nil for a size change.
    private weak var context: TransitionContext?
    private let isSizeChange: Bool
    private var queued: [@MainActor () -> Void] = []
    private var completions: [@MainActor (TransitionCoordinatorContext) -> Void] = []
    private var interactionHandlers: [@MainActor (TransitionCoordinatorContext) -> Void] = []
    /// The animator made for alongside animations when the transition's animator vends none.
    private var alongsideAnimator: PropertyAnimator?
    /// When the coordinator's own animator started, and its duration and timing.
    private struct AlongsideTiming {
        let start: Double
        let duration: Double
        let parameters: TimingCurveProvider
        let allowsUserInteraction: Bool
    }
    private var alongsideTiming: AlongsideTiming?
    private var isStarted = false
    private var isEnded = false

    init(context: TransitionContext) {
        self.context = context
        isSizeChange = false
    }

    /// A coordinator for a change of the window's size.
    init(sizeChange: Void) {
        isSizeChange = true
        isStarted = true
    }

    // MARK: - State

    /// Whether the transition animates.
    public var isAnimated: Bool { context?.isAnimated ?? false }
    /// Whether an interaction controller drives the transition now.
    public var isInteractive: Bool { context?.isInteractive ?? false }
    /// Whether the transition was cancelled.
    public var isCancelled: Bool { context?.transitionWasCancelled ?? false }
    /// Whether this coordinates a presentation (true) or a dismissal or size change (false).
    public var isPresenting: Bool { context?.isPresenting ?? false }
    /// The transition's container view; nil for a size change.
    public var containerView: View? { context?.containerView }
    /// How long the transition takes; zero for a size change.
    public var transitionDuration: Double {
        guard let context else { return 0 }
        return context.animator.transitionDuration(using: context)
    }
    /// How far an interactive transition is.
    public var percentComplete: Double { context?.percentComplete ?? 0 }
    /// The controller on `key`'s side of the transition.
    public func viewController(forKey key: TransitionKey) -> ViewController? { context?.viewController(forKey: key) }
    /// The view on `key`'s side of the transition; see `TransitionContext.view(forKey:)`.
    public func view(forKey key: TransitionKey) -> View? { context?.view(forKey: key) }

    // MARK: - Joining the transition

    /// Runs `animation` alongside the transition and `completion` after it ended (completed or cancelled;
    /// read `isCancelled`). Returns false, running nothing, when the transition is already over.
    @discardableResult
    public func animate(alongsideTransition animation: (@MainActor (TransitionCoordinatorContext) -> Void)?,
                        completion: (@MainActor (TransitionCoordinatorContext) -> Void)? = nil) -> Bool {
        guard !isEnded else { return false }
        if let completion { completions.append(completion) }
        guard let animation else { return true }
        let block: @MainActor () -> Void = { [unowned self] in animation(self) }
        if !isStarted {
            queued.append(block)
        } else if isSizeChange || context?.isAnimated == false {
            View.performWithoutAnimation(block)
        } else if let driver = context?.driver, driver.state == .active {
            driver.addAnimations(block)
        } else if context?.driver != nil, alongsideTiming != nil {
            runLate(block)
        } else if let driver = context?.driver, (driver as? PropertyAnimator)?.hasFinishedARun != true {
            driver.addAnimations(block)
        } else {
            // No driver, or its run is over and the transition ends with the completions queued now (a
            // callback of another transition's end asked): the block's changes apply at once.
            View.performWithoutAnimation(block)
        }
        return true
    }

    /// A block added after the coordinator's own animator ran out of tracks (it finishes at once when the
    /// transition had no alongside animations yet): a new animator with the same timing runs it over what
    /// is left of the transition's duration.
    private func runLate(_ block: @escaping @MainActor () -> Void) {
        guard let timing = alongsideTiming, let now = context?.containerView.window?.clock.now else {
            return View.performWithoutAnimation(block)
        }
        let remaining = timing.start + timing.duration - now
        guard remaining > 0 else { return View.performWithoutAnimation(block) }
        let animator = PropertyAnimator(duration: min(remaining, timing.duration), timingParameters: timing.parameters)
        animator.isUserInteractionEnabled = timing.allowsUserInteraction
        animator.addAnimations(block)
        context?.driver = animator
        alongsideAnimator = animator
        animator.startAnimation(afterDelay: max(0, timing.start - now))
    }

    /// The same as `animate(alongsideTransition:completion:)`: views outside the container (a presenting
    /// controller's content) animate on the same timeline. Kept for UIKit's vocabulary.
    @discardableResult
    public func animateAlongsideTransition(in view: View?,
                                           animation: (@MainActor (TransitionCoordinatorContext) -> Void)?,
                                           completion: (@MainActor (TransitionCoordinatorContext) -> Void)? = nil) -> Bool {
        animate(alongsideTransition: animation, completion: completion)
    }

    /// Calls `handler` when an interactive transition stops being interactive (finished or cancelled).
    public func notifyWhenInteractionChanges(_ handler: @escaping @MainActor (TransitionCoordinatorContext) -> Void) {
        interactionHandlers.append(handler)
    }

    // MARK: - Driven by the transition

    /// The transition's animator is known: queued alongside animations join it before it starts.
    func attach(_ driver: ViewImplicitlyAnimating) {
        context?.driver = driver
        context?.interruptibleDriver = driver
        isStarted = true
        for block in queued { driver.addAnimations(block) }
        queued = []
    }

    /// The animator ran `View.animate` with `spec` (or nothing: nil): queued alongside animations run
    /// in an animator of their own with that duration and timing, started now.
    func startAlongside(with spec: AnimationSpec?) {
        guard let context, !isStarted else { return }
        isStarted = true
        let duration = spec?.duration ?? context.animator.transitionDuration(using: context)
        let timing = AlongsideTiming(start: (context.containerView.window?.clock.now ?? 0) + (spec?.delay ?? 0),
                                     duration: duration, parameters: spec?.timing ?? CubicTimingParameters(),
                                     allowsUserInteraction: spec?.options.contains(.allowUserInteraction) ?? false)
        alongsideTiming = timing
        let animator = PropertyAnimator(duration: duration, timingParameters: timing.parameters)
        animator.isUserInteractionEnabled = timing.allowsUserInteraction
        context.driver = animator
        alongsideAnimator = animator
        for block in queued { animator.addAnimations(block) }
        queued = []
        animator.startAnimation(afterDelay: spec?.delay ?? 0)
    }

    /// Runs queued alongside animations at once, for a transition that does not animate.
    func runQueuedWithoutAnimation() {
        isStarted = true
        let blocks = queued
        queued = []
        View.performWithoutAnimation { for block in blocks { block() } }
    }

    /// The transition ended: alongside animations land where it did, then the completions run.
    func transitionDidEnd(completed: Bool) {
        end(alongsideAt: completed ? .end : .start)
    }

    /// The transition was turned around into the opposite one: alongside animations stop where they are
    /// on screen (not at either end, which would make the dimming jump) and the completions run, with
    /// `isCancelled` true.
    func transitionWasInterrupted() {
        end(alongsideAt: .current)
    }

    /// Stops the coordinator's own alongside animator at `position`, then runs the completions once.
    private func end(alongsideAt position: AnimatingPosition) {
        if !queued.isEmpty { runQueuedWithoutAnimation() }
        if let alongsideAnimator, alongsideAnimator.state == .active {
            alongsideAnimator.stopAnimation(false)
            alongsideAnimator.finishAnimation(at: position)
        }
        alongsideAnimator = nil
        isEnded = true
        let blocks = completions
        completions = []
        interactionHandlers = []
        for completion in blocks { completion(self) }
    }

    /// A size change was laid out: its completions run.
    func sizeChangeDidEnd() {
        isEnded = true
        let blocks = completions
        completions = []
        for completion in blocks { completion(self) }
    }

    func interactionDidChange() {
        for handler in interactionHandlers { handler(self) }
    }
}
