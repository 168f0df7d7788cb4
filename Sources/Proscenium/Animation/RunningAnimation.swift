/// One animation of one property of one view, as an engine runs it: from and to as vectors, timing,
/// and who is told when it ends.
@MainActor final class RunningAnimation {
    /// What produces the values.
    enum Driver {
        /// Runs by itself on the frame clock from `startTime` for `duration`.
        case timed(ResolvedTiming)
        /// Follows a property animator, which owns the timing (pause, scrub, reverse).
        case animator(PropertyAnimator, track: Int)
    }

    // MARK: - Description

    let view: View
    let property: AnimatableProperty
    /// The start value; an animation that waited behind an earlier one takes it over at hand-off.
    private(set) var from: AnimationVector
    private(set) var to: AnimationVector
    /// Clock time at which the motion begins (creation time plus delay).
    let startTime: Double
    let duration: Double
    let driver: Driver
    let group: AnimationGroup?
    /// `.allowUserInteraction` of a timed animation; animator tracks ask their animator instead.
    private let allowsInteractionOption: Bool
    /// Whether `from` shows during a delay (UIKit's backwards fill); otherwise `to` does until the start.
    let fillsBackwards: Bool

    /// Initial displacement from rest (from − to) and initial velocity, for springs, in value space.
    private var displacement: AnimationVector
    private var initialVelocity: AnimationVector

    /// The value written in the last frame (or `from` before the first); used when presentation values
    /// must be rebuilt between frames.
    var lastValue: AnimationVector
    /// Set once the animation left its engine, finished or not.
    var isRemoved = false
    /// Increases with every animation made: completions that fall on one frame run in this order, the
    /// order the animations were added, on every run.
    let serial: UInt64

    private static var nextSerial: UInt64 = 0

    /// An animation; `carriedVelocity` is the value-space velocity taken over from an interrupted animation,
    /// added to a spring's own relative initial velocity.
    init(view: View, property: AnimatableProperty, from: AnimationVector, to: AnimationVector, startTime: Double,
         duration: Double, driver: Driver, group: AnimationGroup?, allowsUserInteraction: Bool,
         carriedVelocity: AnimationVector = AnimationVector(), fillsBackwards: Bool = true) {
        self.view = view
        self.property = property
        self.from = from
        self.to = to
        self.startTime = startTime
        self.duration = max(0, duration)
        self.driver = driver
        self.group = group
        self.allowsInteractionOption = allowsUserInteraction
        self.fillsBackwards = fillsBackwards
        Self.nextSerial += 1
        serial = Self.nextSerial
        displacement = from - to
        initialVelocity = Self.initialVelocity(driver: driver, property: property, from: from, to: to, carried: carriedVelocity)
        lastValue = fillsBackwards ? from : to
        LiveObjects.created(.animation)
    }

    deinit { LiveObjects.freed(.animation) }

    /// A spring's initial velocity: the carried velocity plus its own relative one; zero for curves.
    private static func initialVelocity(driver: Driver, property: AnimatableProperty, from: AnimationVector,
                                        to: AnimationVector, carried: AnimationVector) -> AnimationVector {
        if case let .timed(.spring(_, relative)) = driver { return carried + (to - from) * property.lanes(of: relative) }
        return AnimationVector()
    }

    /// Hand-off from the animation this one waited behind during its delay: starts from `value`, the
    /// predecessor's value at the hand-off, carrying `velocity` (used by springs only).
    func takeOver(from value: AnimationVector, velocity: AnimationVector) {
        from = value
        displacement = value - to
        initialVelocity = Self.initialVelocity(driver: driver, property: property, from: value, to: to, carried: velocity)
        lastValue = fillsBackwards ? value : to
    }

    /// The model value changed without animation while this runs: head for `target` instead, keeping
    /// the start value, the start time, the duration, the timing and (for springs) the initial velocity,
    /// so the motion bends toward the new value rather than jumping there. An animator's track is
    /// retargeted by its animator.
    func retarget(to target: AnimationVector) {
        // A new angle is reached the nearer way from the one it replaces.
        let target = property.nearest(target, from: to)
        guard target != to else { return }
        to = target
        switch driver {
        case .timed:
            displacement = from - target
        case let .animator(animator, track):
            animator.retargetTrack(track, to: target, model: view.model)
        }
    }

    /// Whether the view keeps receiving touches while this runs: `.allowUserInteraction` for a timed
    /// animation, the animator's current `isUserInteractionEnabled` for a track.
    var allowsUserInteraction: Bool {
        if case let .animator(animator, _) = driver { return animator.isUserInteractionEnabled }
        return allowsInteractionOption
    }

    /// Whether it runs on its own clock rather than under a property animator.
    var isTimed: Bool {
        if case .timed = driver { return true }
        return false
    }

    // MARK: - Sampling

    /// The value at clock time `time`, and whether the animation is over (then the value is `to`).
    /// Before the start (during a delay) it holds `from`, as UIKit's backwards fill does, unless
    /// `fillsBackwards` is off.
    func sample(at time: Double) -> (value: AnimationVector, finished: Bool) {
        switch driver {
        case let .animator(animator, track):
            return (animator.value(ofTrack: track, at: time), false)
        case let .timed(timing):
            let t = time - startTime
            if t >= duration - 1e-9 { return (to, true) }
            if t <= 0 { return (fillsBackwards ? from : to, false) }
            switch timing {
            case let .curve(curve):
                return (from + (to - from) * curve.value(at: t / duration), false)
            case let .spring(spring, _):
                let r = spring.response(at: t)
                return (property.limited(to + displacement * r.a + initialVelocity * r.b, between: from, and: to), false)
            }
        }
    }

    /// The value-space velocity (units per second) at clock time `time`; zero outside the motion.
    func velocity(at time: Double) -> AnimationVector {
        guard case let .timed(timing) = driver else {
            if case let .animator(animator, track) = driver { return animator.velocity(ofTrack: track, at: time) }
            return AnimationVector()
        }
        let t = time - startTime
        guard t >= 0, t < duration else { return AnimationVector() }
        switch timing {
        case let .curve(curve):
            return (to - from) * (curve.slope(at: t / duration) / duration)
        case let .spring(spring, _):
            let r = spring.response(at: t)
            return displacement * r.da + initialVelocity * r.db
        }
    }
}

// MARK: - Groups

/// The animations one `View.animate` call created; its completion runs once, after the last one ends,
/// with `finished` false if any of them was interrupted or removed.
@MainActor final class AnimationGroup {
    private var completion: (@MainActor (Bool) -> Void)?
    private var pending = 1
    private var allFinished = true

    /// A group; it stays open (cannot complete) until `seal()`.
    init(completion: (@MainActor (Bool) -> Void)?) {
        self.completion = completion
    }

    /// Counts one more animation.
    func addMember() { pending += 1 }

    /// Records that the block that fills the group closed; a group with no animations completes now.
    func seal() { memberEnded(finished: true) }

    /// Records the end of one animation; the last one queues the completion.
    func memberEnded(finished: Bool) {
        allFinished = allFinished && finished
        pending -= 1
        guard pending == 0, let completion else { return }
        self.completion = nil
        let finished = allFinished
        CompletionQueue.enqueue { completion(finished) }
    }
}

// MARK: - Completion queue

/// Completions waiting to run. They never run in the middle of engine or view-tree bookkeeping: the queue
/// drains after a frame's values are written, and when an animation call (`View.animate`, animator
/// methods) returns.
@MainActor enum CompletionQueue {
    private static var pending: [@MainActor () -> Void] = []
    private static var isDraining = false

    /// Adds a completion to run at the next drain.
    static func enqueue(_ work: @escaping @MainActor () -> Void) {
        pending.append(work)
    }

    /// Whether completions are waiting.
    static var isEmpty: Bool { pending.isEmpty }

    /// Runs everything queued, including what those completions queue, in order. Re-entrant calls
    /// return at once; the outer drain picks their work up.
    static func drain() {
        guard !isDraining else { return }
        isDraining = true
        defer { isDraining = false }
        while !pending.isEmpty {
            let batch = pending
            pending = []
            for work in batch { work() }
        }
    }
}
