/// Drives a transition by hand from a gesture, as UIKit's `UIPercentDrivenInteractiveTransition`: the
/// transition's interruptible animator is paused and scrubbed with `update(_:)`, then `finish` or `cancel`
/// lets it run to the end or back to the start, starting with the release velocity.
///
/// The animator must vend `interruptibleAnimator(using:)` (the built-in ones do). UIKit also scrubs an
/// animator that only calls `View.animate`, by pausing layer time; Proscenium cannot: such a transition
/// runs by itself as if it were not interactive, and the controller says so through `Warnings` once per
/// transition rather than ignoring `update(_:)` in silence.
@MainActor open class PercentDrivenInteractiveTransition: InteractiveTransitioning {
    /// Whether the transition starts under this controller's control; true by default.
    open var wantsInteractiveStart = true
    /// Speed of the run after `finish`/`cancel`, relative to the transition's own; 1 by default.
    public var completionSpeed = 1.0
    /// Timing of the run after release when no velocity is given; nil keeps the animator's timing.
    public var timingCurve: TimingCurveProvider?
    /// Damping ratio of the spring that takes over when a release velocity is given.
    public var releaseDampingRatio = 1.0

    /// How far the transition is, 0 to 1, as last set.
    public private(set) var percentComplete = 0.0
    /// The transition being driven, while it runs.
    public private(set) weak var context: TransitionContext?
    private var driver: ViewImplicitlyAnimating?
    /// The transition last warned about, so that each is warned about once.
    private weak var warnedContext: TransitionContext?

    /// An interaction controller that waits for a transition to drive.
    public init() {}

    // MARK: - InteractiveTransitioning

    open func startInteractiveTransition(_ context: TransitionContext) {
        self.context = context
        // Each transition driven starts from its beginning, whatever the last one reached.
        percentComplete = 0
        guard let driver = context.animator.interruptibleAnimator(using: context) else {
            warnCannotScrub(context)
            Presentation.runNonInteractive(context)
            return
        }
        self.driver = driver
        context.coordinator.attach(driver)
        driver.pauseAnimation()
        driver.fractionComplete = percentComplete
    }

    open func transitionDidStartNonInteractively(_ context: TransitionContext) {
        self.context = context
        percentComplete = 0
        driver = nil
    }

    // MARK: - Driving

    /// Moves the transition to `percentComplete` (0 to 1), pausing it if it was running — taking over a
    /// transition that started by itself.
    public func update(_ percentComplete: Double) {
        guard !percentComplete.isNaN else {
            // A drag's translation over a height of 0: the transition stays where it is.
            return Warnings.warn("PercentDrivenInteractiveTransition.update: NaN is not a fraction; the transition stays where it is")
        }
        takeOverIfRunningByItself()
        self.percentComplete = min(max(percentComplete, 0), 1)
        guard let driver, let context, context.isInteractive else { return }
        if driver.isRunning { driver.pauseAnimation() }
        driver.fractionComplete = self.percentComplete
        context.updateInteractiveTransition(self.percentComplete)
    }

    /// Holds the transition where it is; one that started by itself (`wantsInteractiveStart` false)
    /// becomes interactive from where it is, as in UIKit.
    public func pause() {
        if takeOverIfRunningByItself() { return }
        guard let context, context.isInteractive else { return }
        context.pauseInteractiveTransition()
    }

    /// Makes a transition that runs by itself interactive, paused where it is. Returns whether it did.
    @discardableResult
    private func takeOverIfRunningByItself() -> Bool {
        guard let context, !context.isInteractive, !context.isFinished, driver == nil else { return false }
        guard let running = context.interruptibleDriver else {
            warnCannotScrub(context)
            return false
        }
        driver = running
        running.pauseAnimation()
        percentComplete = running.fractionComplete
        context.isInteractive = true
        context.updateInteractiveTransition(percentComplete)
        context.coordinator.interactionDidChange()
        return true
    }

    /// Says, once per transition, that `context`'s animator cannot be driven by hand.
    private func warnCannotScrub(_ context: TransitionContext) {
        guard warnedContext !== context else { return }
        warnedContext = context
        Warnings.warn("\(type(of: self)) cannot drive \(type(of: context.animator)): it vends no "
            + "interruptibleAnimator(using:), so the transition runs by itself and update, pause, finish and cancel "
            + "do nothing. Return a PropertyAnimator from interruptibleAnimator(using:) that runs the animations.")
    }

    /// Lets the transition run to its end. `velocity` is the gesture's speed in fractions of the whole
    /// transition per second, toward the end; non-zero, a spring takes over that starts exactly with it.
    public func finish(velocity: Double = 0) {
        guard let context, let driver, context.isInteractive else { return }
        context.finishInteractiveTransition()
        driver.isReversed = false
        driver.continueAnimation(withTimingParameters: releaseTiming(velocity: velocity, remaining: 1 - driver.fractionComplete),
                                 durationFactor: 1 / max(completionSpeed, 0.01))
    }

    /// Lets the transition run back to its start and be cancelled. `velocity` is in fractions per second,
    /// toward the end (a downward flick that is still cancelled has a negative one).
    public func cancel(velocity: Double = 0) {
        guard let context, let driver, context.isInteractive else { return }
        context.cancelInteractiveTransition()
        driver.isReversed = true
        driver.continueAnimation(withTimingParameters: releaseTiming(velocity: -velocity, remaining: driver.fractionComplete),
                                 durationFactor: 1 / max(completionSpeed, 0.01))
    }

    /// Ends the transition in this frame, at its end (completed) or back at its start (cancelled): for a
    /// transition that follows another one and ends with it.
    func endAtOnce(completed: Bool) {
        guard let context, let driver, context.isInteractive else { return }
        if completed { context.finishInteractiveTransition() } else { context.cancelInteractiveTransition() }
        driver.stopAnimation(false)
        driver.finishAnimation(at: completed ? .end : .start)
    }

    /// A spring starting with `velocity` (fractions per second toward the target) over `remaining` of the
    /// whole, in units of the remaining distance as springs count velocity; the curve when there is none.
    private func releaseTiming(velocity: Double, remaining: Double) -> TimingCurveProvider? {
        guard velocity != 0, remaining > 1e-3 else { return timingCurve }
        return SpringTimingParameters(dampingRatio: releaseDampingRatio, initialVelocity: velocity / remaining)
    }
}
