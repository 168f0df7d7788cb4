/// Something that animates views over time and can be started, paused, scrubbed, reversed and ended, as
/// UIKit's `UIViewAnimating`. Transitions are driven through this protocol, so any animator can drive one.
@MainActor public protocol ViewAnimating: AnyObject {
    /// Inactive, active or stopped.
    var state: AnimatingState { get }
    /// True while active and not paused.
    var isRunning: Bool { get }
    /// Whether the animation runs from its end values back to its start values.
    var isReversed: Bool { get set }
    /// How far the animation is, 0 to 1; setting it while paused scrubs.
    var fractionComplete: Double { get set }

    /// Starts, or resumes when paused.
    func startAnimation()
    /// Starts after `delay` seconds.
    func startAnimation(afterDelay delay: Double)
    /// Pauses where it is.
    func pauseAnimation()
    /// Stops where it is; see `PropertyAnimator.stopAnimation(_:)`.
    func stopAnimation(_ withoutFinishing: Bool)
    /// Ends a stopped animation at `position`, running its completions.
    func finishAnimation(at position: AnimatingPosition)
}

/// An animator that takes more animations and completions while it runs and can continue with new timing,
/// as UIKit's `UIViewImplicitlyAnimating`. Alongside animations of a transition join one of these.
@MainActor public protocol ViewImplicitlyAnimating: ViewAnimating {
    /// Adds property changes; while running they join over the remaining time without re-timing the rest.
    func addAnimations(_ animations: @escaping @MainActor () -> Void)
    /// Adds property changes that start after `delayFactor` (0...1) of the remaining time.
    func addAnimations(_ animations: @escaping @MainActor () -> Void, delayFactor: Double)
    /// Adds a block called once when the animation ends, with the position it ended at.
    func addCompletion(_ completion: @escaping @MainActor (AnimatingPosition) -> Void)
    /// Resumes a paused animation with new timing (nil keeps it); springs carry the current velocity.
    func continueAnimation(withTimingParameters parameters: TimingCurveProvider?, durationFactor: Double)
}
