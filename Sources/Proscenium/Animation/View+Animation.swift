/// UIKit's block-based animation API, and the hooks through which the view setters reach the engine.
///
/// Setting an animatable property inside an animation block changes the model at once; when the
/// outermost call returns, each changed (view, property) gets one animation from what was on screen to
/// the new model value, on the engine of the view's window, starting at that window's `clock.now` plus
/// the delay. A delayed animation of a property that already animates lets the running animation go on
/// until the delay is over, then takes over from its value and velocity; the replaced animation's
/// completion reports false at that hand-off (at once when there is no delay). A view not in a window is
/// not animated: its model value applies at once, and if nothing in the block animates, the completion
/// runs with `true` before `animate` returns.
extension View {
    // MARK: - Curve animations

    /// Animates the changes made in `animations` along the curve in `options` (ease-in-out by default).
    public static func animate(withDuration duration: Double, delay: Double, options: AnimationOptions = [],
                               animations: () -> Void, completion: (@MainActor (Bool) -> Void)? = nil) {
        animate(withDuration: duration, timingParameters: CubicTimingParameters(animationCurve: options.curve),
                delay: delay, options: options, animations: animations, completion: completion)
    }

    /// Animates the changes made in `animations` with ease-in-out, no delay.
    public static func animate(withDuration duration: Double, animations: () -> Void) {
        animate(withDuration: duration, delay: 0, options: [], animations: animations, completion: nil)
    }

    /// Animates the changes made in `animations` with ease-in-out, no delay, then calls `completion`.
    public static func animate(withDuration duration: Double, animations: () -> Void,
                               completion: (@MainActor (Bool) -> Void)?) {
        animate(withDuration: duration, delay: 0, options: [], animations: animations, completion: completion)
    }

    // MARK: - Spring animations

    /// Animates with UIKit's spring: `dampingRatio` ζ (clamped to (0, 1]) settles within `duration`;
    /// `velocity` is in units of the total distance per second. Curve options are ignored.
    public static func animate(withDuration duration: Double, delay: Double, usingSpringWithDamping dampingRatio: Double,
                               initialSpringVelocity velocity: Double, options: AnimationOptions = [],
                               animations: () -> Void, completion: (@MainActor (Bool) -> Void)? = nil) {
        animate(withDuration: duration,
                timingParameters: SpringTimingParameters(dampingRatio: dampingRatio, initialVelocity: velocity),
                delay: delay, options: options, animations: animations, completion: completion)
    }

    /// Animates with a spring given by perceptual duration and bounce (SwiftUI and iOS 17's form); the
    /// animation lasts until the spring settles.
    public static func animate(springDuration: Double = 0.5, bounce: Double = 0, initialSpringVelocity: Double = 0,
                               delay: Double = 0, options: AnimationOptions = [], animations: () -> Void,
                               completion: (@MainActor (Bool) -> Void)? = nil) {
        animate(withDuration: springDuration,
                timingParameters: SpringTimingParameters(duration: springDuration, bounce: bounce,
                                                         initialVelocity: initialSpringVelocity),
                delay: delay, options: options, animations: animations, completion: completion)
    }

    // MARK: - Any timing

    /// Animates with any timing: cubic parameters, or spring parameters (ratio springs last `duration`,
    /// physical springs their settling duration). The general form the other methods call.
    public static func animate(withDuration duration: Double, timingParameters: TimingCurveProvider,
                               delay: Double = 0, options: AnimationOptions = [], animations: () -> Void,
                               completion: (@MainActor (Bool) -> Void)? = nil) {
        let spec = AnimationSpec(duration: max(0, duration), delay: max(0, delay), timing: timingParameters,
                                 options: options)
        AnimationSpecCapture.note(spec)
        let changes = AnimationTransaction.record(.animate(spec), animations)
        let group = AnimationGroup(completion: completion)
        AnimationCommit.commit(changes, spec: spec, group: group)
        group.seal()
        if AnimationTransaction.current == nil { CompletionQueue.drain() }
    }

    /// Applies the changes made in `actions` at once, even inside an animation block; an animation already
    /// running on a changed property stops (finished = false). (A plain set outside any block retargets
    /// the running animation instead.)
    public static func performWithoutAnimation(_ actions: () -> Void) {
        _ = AnimationTransaction.record(.disabled, actions)
        if AnimationTransaction.current == nil { CompletionQueue.drain() }
    }

    // MARK: - Inspecting and stopping

    /// The properties of this view that animate now.
    public var animatingProperties: [AnimatableProperty] {
        guard animatedPresentation != nil, let window else { return [] }
        return window.animationEngine.animatedProperties(of: self)
    }

    /// Whether any property of this view animates now.
    public var hasRunningAnimations: Bool { animatedPresentation != nil }

    /// Stops every animation of this view (completions get finished = false); the model shows at once.
    public func removeAllAnimations() {
        guard animatedPresentation != nil else { return }
        window?.animationEngine.removeAnimations(of: self)
        if AnimationTransaction.current == nil { CompletionQueue.drain() }
    }

    // MARK: - Hooks used by View

    /// Called after a model value changed; inside an animation block this records the change (with the
    /// value on screen before it); inside `performWithoutAnimation` it stops any animation of that
    /// property; outside any block it retargets that animation to the new value.
    func animatablePropertyDidChange(_ property: AnimatableProperty, from old: LayerProperties) {
        var jumps = false
        if let transaction = AnimationTransaction.current {
            if transaction.animates {
                if window != nil { transaction.noteChange(of: self, property, before: animatedPresentation ?? old) }
                return
            }
            AnimationTransaction.forgetChange(of: self, property)
            jumps = true
        }
        guard animatedPresentation != nil else { return }
        if let window {
            window.animationEngine.modelDidChange(of: self, property, jumps: jumps)
        } else {
            animatedPresentation = nil
        }
    }

    /// True while the view animates without `.allowUserInteraction`; such a view refuses hits.
    var refusesHitsWhileAnimating: Bool {
        guard animatedPresentation != nil, let window else { return false }
        return window.animationEngine.refusesHits(self)
    }
}
