/// The state of a property animator, as UIKit's `UIViewAnimatingState`.
public enum AnimatingState: Sendable, Hashable {
    /// Not started, or finished: animations added now wait for the next start.
    case inactive
    /// Started or paused: views show the animator's values.
    case active
    /// Stopped with `stopAnimation(false)`: waits for `finishAnimation(at:)`.
    case stopped
}

/// Where a property animator ended, as UIKit's `UIViewAnimatingPosition`.
public enum AnimatingPosition: Sendable, Hashable {
    /// At the end values (fraction 1).
    case end
    /// Back at the start values (fraction 0).
    case start
    /// Wherever the animation was when it was stopped.
    case current
}

/// An interruptible, interactive animation in the shape of UIKit's `UIViewPropertyAnimator`: start,
/// pause, scrub `fractionComplete`, reverse, continue with new timing, stop or finish at either end.
///
/// Property changes made in its animation blocks become tracks that follow the animator's one timeline.
/// Reduced motion does not apply: an animator usually follows the user's finger. Views not in a window
/// are not animated; an animator with no animated views finishes as soon as it starts.
///
/// Lifetime: while active, the engines of the windows it animates in keep the animator alive, so a
/// running animator may be dropped and still finishes (as `runningPropertyAnimator` relies on). A paused
/// animator that is dropped is kept alive too (its tracks and its window's engine hold it), its views
/// frozen at its values and the animator unreachable; UIKit treats releasing a paused or stopped animator
/// as a programmer error. Finish it (`stopAnimation(false)` then `finishAnimation(at:)`,
/// or `stopAnimation(true)`) or let it run to the end before dropping it. A window freed while it runs
/// there takes its run with it: the animator drops its tracks and completions, unrun, and is inactive.
@MainActor public final class PropertyAnimator {
    // MARK: - Configuration

    /// The duration asked for; physical springs in `timingParameters` use their settling time instead.
    public let duration: Double
    /// The timing of the run from start to end.
    public let timingParameters: TimingCurveProvider
    /// Whether the animated views keep receiving touches; true by default, as in UIKit. Hit-testing reads
    /// the current value, so changing it while active takes effect at once.
    public var isUserInteractionEnabled = true
    /// While paused, `fractionComplete` moves the values linearly (true, the default) or along the timing.
    public var scrubsLinearly = true

    // MARK: - State

    /// Inactive, active or stopped.
    public internal(set) var state: AnimatingState = .inactive
    /// True while active and not paused.
    public internal(set) var isRunning = false

    /// Whether the animation runs from its end values back to its start values. Changing it while running
    /// turns the motion around at once; while paused it applies when the animation continues.
    public var isReversed = false {
        didSet { if isReversed != oldValue { reversalDidChange() } }
    }

    /// How far the animation is, 0 at the start values and 1 at the end values, in time. Setting it while
    /// paused (or inactive, which pauses) scrubs; it is ignored while running.
    public var fractionComplete: Double {
        get { currentFraction(at: now) }
        set { scrub(to: newValue) }
    }

    // MARK: - Internals shared with the track code

    /// Whether a run has ended (at either end): blocks added while inactive after that wait for a new start.
    var hasFinishedARun = false
    /// Blocks added before the start, with the share of the run to wait before each begins.
    var pendingAnimations: [(block: @MainActor () -> Void, delayFactor: Double)] = []
    var completions: [@MainActor (AnimatingPosition) -> Void] = []
    var tracks: [AnimatorTrack] = []
    var segment = AnimatorSegment(timing: .curve(.linear), duration: 0, fractionStart: 0, fractionEnd: 1, isOriginal: true)
    /// The fraction set by scrubbing since the last continue; tracks then hold pinned values.
    var scrubbedFraction: Double?
    /// The windows whose engines hold this animator's tracks; the first gives the time.
    var hosts: [WeakWindow] = []
    var lastKnownTime = 0.0

    // MARK: - Making animators

    /// An animator with any timing; `animations` is optional here, add it later with `addAnimations`.
    public init(duration: Double, timingParameters: TimingCurveProvider) {
        self.duration = max(0, duration)
        self.timingParameters = timingParameters
        LiveObjects.created(.propertyAnimator)
    }

    deinit { LiveObjects.freed(.propertyAnimator) }

    /// An animator along one of the named curves.
    public convenience init(duration: Double, curve: AnimationCurve, animations: (@MainActor () -> Void)? = nil) {
        self.init(duration: duration, timingParameters: CubicTimingParameters(animationCurve: curve))
        if let animations { addAnimations(animations) }
    }

    /// An animator with UIKit's ratio spring, settling in `duration`.
    public convenience init(duration: Double, dampingRatio: Double, animations: (@MainActor () -> Void)? = nil) {
        self.init(duration: duration, timingParameters: SpringTimingParameters(dampingRatio: dampingRatio))
        if let animations { addAnimations(animations) }
    }

    /// An animator started at once, as UIKit's `runningPropertyAnimator(withDuration:…)`.
    public static func runningPropertyAnimator(withDuration duration: Double, delay: Double = 0,
                                               options: AnimationOptions = [],
                                               animations: @escaping @MainActor () -> Void,
                                               completion: (@MainActor (AnimatingPosition) -> Void)? = nil) -> PropertyAnimator {
        let animator = PropertyAnimator(duration: duration, curve: options.curve, animations: animations)
        animator.isUserInteractionEnabled = options.contains(.allowUserInteraction)
        if let completion { animator.addCompletion(completion) }
        animator.startAnimation(afterDelay: delay)
        return animator
    }

    // MARK: - Animations and completions

    /// Adds property changes to animate. While running they join the run from what is on screen and
    /// arrive when the animator does, following its timing over the remaining part; the tracks already
    /// running are not re-timed (alongside animations of a transition rely on this).
    public func addAnimations(_ animations: @escaping @MainActor () -> Void) {
        addAnimations(animations, delayFactor: 0)
    }

    /// Adds property changes that start after `delayFactor` (0 to 1) of the time that remains (of the
    /// whole run, before the start), as UIKit's `addAnimations(_:delayFactor:)`.
    public func addAnimations(_ animations: @escaping @MainActor () -> Void, delayFactor: Double) {
        let factor = delayFactor.isFinite ? min(max(delayFactor, 0), 1) : 0
        guard state == .active else {
            pendingAnimations.append((animations, factor))
            return
        }
        let changes = AnimationTransaction.record(.animator, animations)
        if scrubbedFraction != nil || tracks.contains(where: { $0.pinned != nil }) {
            // Scrubbed by hand: the new tracks hold their start until the run continues and re-times.
            addTracks(changes, pinned: true)
        } else {
            let tau = segment.tau(at: now, running: isRunning)
            let targetTau = segment.direction > 0 ? segment.duration : 0
            addTracks(changes, pinned: false, joinTau: tau + (targetTau - tau) * factor)
        }
        requestFrames()
        if AnimationTransaction.current == nil { CompletionQueue.drain() }
    }

    /// Adds a block called once when the animator finishes, with the position it ended at.
    public func addCompletion(_ completion: @escaping @MainActor (AnimatingPosition) -> Void) {
        completions.append(completion)
    }

    // MARK: - Running

    /// Starts (or, when paused, resumes) after `delay` seconds.
    public func startAnimation(afterDelay delay: Double = 0) {
        switch state {
        case .stopped: return
        case .inactive: activate()
        case .active: if isRunning { return }
        }
        guard !hosts.isEmpty else {
            complete(at: isReversed ? .start : .end)
            return
        }
        resume(nil, durationFactor: 1, delay: max(0, delay))
    }

    /// Pauses where it is; the views keep showing the current values.
    public func pauseAnimation() {
        if state == .inactive { activate() }
        guard state == .active, isRunning else { return }
        let time = now
        segment.anchorTau = segment.tau(at: time, running: true)
        segment.anchorTime = time
        isRunning = false
        pushValues(at: time)
    }

    /// Resumes a paused animation with new timing (nil keeps the current timing) towards the end (or
    /// the start when reversed); the rest takes `durationFactor` times its share of the original duration.
    /// A spring's `initialVelocity` is relative to each track's remaining distance; called while running,
    /// the spring also carries the velocity each track has.
    public func continueAnimation(withTimingParameters parameters: TimingCurveProvider?, durationFactor: Double = 1) {
        switch state {
        case .stopped: return
        case .inactive:
            activate()
        case .active:
            break
        }
        guard !hosts.isEmpty else {
            complete(at: isReversed ? .start : .end)
            return
        }
        var factor = durationFactor
        if !factor.isFinite {
            // 0/0 from an app's arithmetic would leave the animation at NaN, never ending.
            Warnings.warn("PropertyAnimator.continueAnimation: duration factor \(factor) is not a number of times; 1 is used")
            factor = 1
        }
        resume(parameters, durationFactor: max(factor, 1e-6), delay: 0)
    }

    // MARK: - Stopping

    /// Stops where it is and makes the current values the model. With `withoutFinishing` true the animator
    /// becomes inactive and its completions are not called; otherwise it waits in `.stopped` for
    /// `finishAnimation(at:)`.
    public func stopAnimation(_ withoutFinishing: Bool) {
        guard state == .active else { return }
        let time = now
        let values = tracks.indices.map { value(ofTrack: $0, at: time) }
        // Stopped where it is: `fractionComplete` reads this point from now on, as after a pause.
        segment.anchorTau = segment.tau(at: time, running: isRunning)
        segment.anchorTime = time
        isRunning = false
        let live = detachTracks()
        writeModelsWithoutAnimation {
            for index in live { setModel(of: tracks[index], to: values[index]) }
        }
        if withoutFinishing {
            state = .inactive
            tracks = []
            completions = []
        } else {
            state = .stopped
        }
        CompletionQueue.drain()
    }

    /// Ends a stopped animator: the views jump to the end values, the start values, or stay (`.current`),
    /// and the completions run with `position`. An active animator is stopped first.
    public func finishAnimation(at position: AnimatingPosition) {
        if state == .active { stopAnimation(false) }
        guard state == .stopped else { return }
        writeModelsWithoutAnimation {
            for track in tracks {
                switch position {
                case .end: track.view.setModelValue(of: track.property, from: track.endModel)
                case .start: track.view.setModelValue(of: track.property, from: track.startModel)
                case .current: break
                }
            }
        }
        finishRun(at: position)
    }
}

/// A weak reference to a window, so animators do not keep windows alive.
struct WeakWindow {
    weak var window: Window?
}

extension PropertyAnimator {
    /// The engine of a window it animated in was freed with the window. When no other window's engine
    /// runs it, it lets go of its tracks, blocks and completions, unrun (no engine is left to end them, a
    /// view moved to another window included), and is inactive.
    func engineWasFreed() {
        hosts.removeAll { $0.window == nil }
        // Another window's engine still runs it: it ends there (its tracks are that engine's to end).
        guard hosts.isEmpty else { return }
        tracks.removeAll()
        pendingAnimations.removeAll()
        completions.removeAll()
        scrubbedFraction = nil
        isRunning = false
        state = .inactive
    }
}

// MARK: - ViewAnimating

extension PropertyAnimator: ViewImplicitlyAnimating {
    /// Starts now, or resumes when paused.
    public func startAnimation() {
        startAnimation(afterDelay: 0)
    }
}
