/// Runs a transition by turning the interrupted transition's animator around: a presentation dismissed
/// while it comes in goes back the way it came, from where it is and (for springs) with the speed it
/// has, and a dismissal interrupted by `present` comes back. Nothing queues behind the interrupted run.
@MainActor final class ReversedTransitionAnimator: AnimatedTransitioning {
    /// The animator turned around; interrupted again, it is turned around once more.
    let driver: ViewImplicitlyAnimating
    /// The whole duration of the driver's run, whichever way it goes.
    let drivenDuration: Double
    private let remainingDuration: Double
    private weak var movingView: View?

    /// Turns `driver` around; `duration` is the interrupted transition's, `movingView` the view it moves.
    init(reversing driver: ViewImplicitlyAnimating, interruptedDuration duration: Double, movingView: View?) {
        self.driver = driver
        drivenDuration = duration
        let fraction = min(max(driver.fractionComplete, 0), 1)
        // After the turn the driver heads for the other end; what is left is the way already come.
        remainingDuration = duration * (driver.isReversed ? 1 - fraction : fraction)
        self.movingView = movingView
    }

    func transitionDuration(using context: TransitionContext) -> Double { remainingDuration }

    /// The driver, turned around: alongside animations of the new transition (the presenting view going
    /// back, a dimming fading out) join it, so they move with it from where they are, at its speed.
    func interruptibleAnimator(using context: TransitionContext) -> ViewImplicitlyAnimating? {
        turnAroundOnce()
        return driver
    }

    private var isTurned = false

    private func turnAroundOnce() {
        guard !isTurned else { return }
        isTurned = true
        driver.isReversed.toggle()
    }

    func animateTransition(using context: TransitionContext) {
        turnAroundOnce()
        let target: AnimatingPosition = driver.isReversed ? .start : .end
        let isPresenting = context.isPresenting
        driver.addCompletion { [weak context, weak movingView] position in
            let completed = position == target
            context?.completeTransition(completed)
            if completed, !isPresenting, let movingView {
                // Back where the interrupted presentation began: undo its fade or scale for the next time.
                View.performWithoutAnimation {
                    movingView.alpha = 1
                    movingView.transform = .identity
                }
            }
        }
        if !driver.isRunning { driver.startAnimation() }
    }
}
