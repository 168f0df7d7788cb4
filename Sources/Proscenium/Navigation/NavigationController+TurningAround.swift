// MARK: - Turning a push or pop around

/// The stacks a running push or pop moves between, and which way it heads now.
struct RunningStackChange {
    /// The stack before the transition: where it ends when it is turned around.
    let old: [ViewController]
    /// The stack the transition was asked for.
    let new: [ViewController]
    /// Whether it heads back to `old`.
    var isTurned = false
}

extension NavigationController {
    /// Turns the running push or pop around when `requested` is the stack it started from — the screen a
    /// pop takes away pushed again, Back pressed during a push — or, once turned, the stack it was asked
    /// for. The screens, the bar and what leaves alongside go back from where they are, at the speed
    /// they have (the spring's one animator runs the other way), and the transition ends as cancelled
    /// (or, turned twice, as completed). Only an animated request turns it (its callers check). Returns
    /// false, leaving the request to wait, when the transition cannot turn: it is not animated, is driven
    /// by an interaction, has requests waiting behind it, or runs a delegate's animator rather than the
    /// standard slide.
    func turnAroundRunningTransition(toward requested: [ViewController]) -> Bool {
        // Only the standard slide: a delegate's animator may end its run however it likes, where the stack
        // must follow which end it reached.
        guard var change = runningChange, let context = runningTransition, pendingOperations.isEmpty,
              context.animator is NavigationTransitionAnimator,
              context.turnAround(ifHeadingAwayFrom: change.isTurned ? change.new : change.old, requested: requested) else {
            return false
        }
        change.isTurned.toggle()
        runningChange = change
        stack = change.isTurned ? change.old : change.new
        return true
    }
}

extension TransitionContext {
    /// A container's running, animated, non-interactive transition headed away from `origin` turns back
    /// when `requested` is `origin` (by identity): its animator's interruptible animator is reversed and
    /// `transitionWasCancelled` flips, so an animator that completes with `!transitionWasCancelled` or
    /// with the position it stops at reports how it ended.
    func turnAround(ifHeadingAwayFrom origin: [ViewController], requested: [ViewController]) -> Bool {
        guard presentationController == nil, hasStarted, !isFinished, isAnimated, !isInteractive,
              interactionController == nil, let driver = interruptibleDriver, driver.state == .active,
              requested.count == origin.count, zip(requested, origin).allSatisfy({ $0 === $1 }) else {
            return false
        }
        driver.isReversed.toggle()
        if !driver.isRunning { driver.startAnimation() }
        transitionWasCancelled.toggle()
        return true
    }
}
