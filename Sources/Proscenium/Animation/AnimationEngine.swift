/// Runs the animations of one window: advances them to each frame's time and writes presentation values.
///
/// Every animation reads the one timestamp the window's frame clock hands out per frame. Finished
/// animations remove themselves; completions run after the frame's values are written. Between frames
/// a view's `animatedPresentation` holds model values for every property that does not animate.
///
/// A delayed animation of a property that already animates waits behind the running one, which keeps
/// driving the property (as UIKit keeps the in-flight animation) until the new start time. There the
/// new animation takes over: it starts from the old one's value and, for springs, its velocity at that
/// instant, and the old one ends with finished = false, reported at the hand-off. If the old one reaches
/// its end first, it ends with finished = true and the new one holds that end value until its start.
@MainActor public final class AnimationEngine {
    /// The animations of one view, at most one per property, and delayed animations waiting behind
    /// them, at most one per property and only for a property in `animations`.
    final class Entry {
        let view: View
        var animations: [RunningAnimation] = []
        var pending: [RunningAnimation] = []
        init(view: View) { self.view = view }
    }

    private var entries: [ObjectIdentifier: Entry] = [:]
    /// Animations that run by themselves (not under a property animator).
    private var timedCount = 0
    /// Property animators with tracks here, in the order they registered (their completions run in it).
    private var animators: [PropertyAnimator] = []
    /// True during `advance(to:)`: the frame in progress draws what changes, so no new frame is asked for.
    private var isAdvancing = false

    /// The time of the last `advance(to:)`, or nil before the first.
    public private(set) var lastFrameTime: Double?

    /// An engine with nothing to run.
    public init() {}

    /// Its window is gone: the property animators running in it can never end here, and each would stay
    /// alive with its tracks (each holds the other) and whatever its completions capture.
    isolated deinit {
        for animator in animators { animator.engineWasFreed() }
    }

    // MARK: - State

    /// True while at least one animation runs; the window keeps asking for frames until it is false.
    /// Paused property animators do not count: they change nothing by themselves.
    public var hasRunningAnimations: Bool {
        timedCount > 0 || animators.contains { $0.isRunning }
    }

    /// How many property animations are registered, running, paused or waiting behind another.
    public var animationCount: Int {
        entries.values.reduce(0) { $0 + $1.animations.count + $1.pending.count }
    }

    /// The properties of `view` that animate now.
    public func animatedProperties(of view: View) -> [AnimatableProperty] {
        entries[ObjectIdentifier(view)]?.animations.map(\.property) ?? []
    }

    /// The animation of `property` on `view`, if any.
    func animation(for view: View, _ property: AnimatableProperty) -> RunningAnimation? {
        entries[ObjectIdentifier(view)]?.animations.first { $0.property == property }
    }

    /// Whether `view` has an animation (running or waiting) that does not allow user interaction.
    func refusesHits(_ view: View) -> Bool {
        guard let entry = entries[ObjectIdentifier(view)] else { return false }
        return entry.animations.contains { !$0.allowsUserInteraction } || entry.pending.contains { !$0.allowsUserInteraction }
    }

    // MARK: - Frames

    /// Advances every animation to `time` (the frame clock's `now` for this frame), writes presentation
    /// values and marks the views for redraw, removes what finished, then runs completions.
    public func advance(to time: Double) {
        lastFrameTime = time
        var emptied: [ObjectIdentifier] = []
        var finished: [RunningAnimation] = []
        var handedOff: [(animation: RunningAnimation, finished: Bool)] = []
        isAdvancing = true
        for (id, entry) in entries {
            if !entry.pending.isEmpty { handOff(in: entry, at: time, ended: &handedOff) }
            var properties = entry.view.model
            var kept: [RunningAnimation]?
            for (index, animation) in entry.animations.enumerated() {
                let (value, done) = animation.sample(at: time)
                if done {
                    if kept == nil { kept = Array(entry.animations[..<index]) }
                    finished.append(animation)
                } else {
                    kept?.append(animation)
                    animation.lastValue = value
                    animation.property.write(value, into: &properties)
                }
            }
            if let kept { entry.animations = kept }
            let presentation = entry.animations.isEmpty ? nil : properties
            if presentation != entry.view.animatedPresentation {
                entry.view.animatedPresentation = presentation
                entry.view.needsDisplay = true
            }
            if entry.animations.isEmpty { emptied.append(id) }
        }
        for id in emptied { entries[id] = nil }
        // Entries are kept by identity, in no order; what ends is retired in the order it was added.
        for old in handedOff.sorted(by: { $0.animation.serial < $1.animation.serial }) {
            retire(old.animation, finished: old.finished)
        }
        for animation in finished.sorted(by: { $0.serial < $1.serial }) { retire(animation, finished: true) }
        if !animators.isEmpty {
            for animator in animators { animator.engineDidAdvance(to: time) }
        }
        isAdvancing = false
        CompletionQueue.drain()
    }

    // MARK: - Hand-off

    /// Lets each animation waiting in `entry` take over its property once its start time is reached
    /// (or as soon as the running one reached its end), from the running one's value and velocity at
    /// the start time. The animations that end are collected with their `finished` flags.
    private func handOff(in entry: Entry, at time: Double,
                         ended: inout [(animation: RunningAnimation, finished: Bool)]) {
        entry.pending.removeAll { next in
            guard let index = entry.animations.firstIndex(where: { $0.property == next.property }) else {
                entry.animations.append(next)
                return true
            }
            let current = entry.animations[index]
            let handOffTime = min(next.startTime, time)
            let (value, done) = current.sample(at: handOffTime)
            guard done || next.startTime <= time else { return false }
            next.takeOver(from: value, velocity: done ? AnimationVector() : current.velocity(at: handOffTime))
            entry.animations[index] = next
            ended.append((current, done))
            return true
        }
    }

    // MARK: - Adding and removing

    /// Registers `animation`, replacing (finished = false) any animation of the same property on the same
    /// view, and shows its starting value at once.
    ///
    /// With `waitsForStart` (a delayed animation) and the property already animating, the running
    /// animation goes on and `animation` waits behind it until its start time; see the type's notes.
    /// An animation already waiting for that property is replaced at once (finished = false) either way.
    func add(_ animation: RunningAnimation, waitsForStart: Bool = false) {
        let id = ObjectIdentifier(animation.view)
        let entry: Entry
        if let existing = entries[id] {
            entry = existing
        } else {
            entry = Entry(view: animation.view)
            entries[id] = entry
        }
        if animation.isTimed { timedCount += 1 }
        if let index = entry.pending.firstIndex(where: { $0.property == animation.property }) {
            retire(entry.pending.remove(at: index), finished: false)
        }
        if let index = entry.animations.firstIndex(where: { $0.property == animation.property }) {
            if waitsForStart {
                entry.pending.append(animation)
                return
            }
            let old = entry.animations[index]
            entry.animations[index] = animation
            retire(old, finished: false)
        } else {
            entry.animations.append(animation)
        }
        refreshPresentation(entry)
    }

    /// Removes one animation before its end; its completion will report `finished`. An animation waiting
    /// behind it takes over at once from the value on screen.
    func remove(_ animation: RunningAnimation, finished: Bool = false) {
        guard !animation.isRemoved, let entry = entries[ObjectIdentifier(animation.view)] else { return }
        if let index = entry.pending.firstIndex(where: { $0 === animation }) {
            entry.pending.remove(at: index)
            retire(animation, finished: finished)
            return
        }
        guard let index = entry.animations.firstIndex(where: { $0 === animation }) else { return }
        if let next = entry.pending.firstIndex(where: { $0.property == animation.property }) {
            let successor = entry.pending.remove(at: next)
            successor.takeOver(from: animation.lastValue, velocity: AnimationVector())
            entry.animations[index] = successor
        } else {
            entry.animations.remove(at: index)
        }
        retire(animation, finished: finished)
        refreshPresentation(entry)
    }

    /// Removes every animation of `view` (finished = false) and shows its model values.
    public func removeAnimations(of view: View) {
        guard let entry = entries[ObjectIdentifier(view)] else { return }
        let removed = (entry.animations + entry.pending).sorted { $0.serial < $1.serial }
        entry.animations = []
        entry.pending = []
        refreshPresentation(entry)
        for animation in removed { retire(animation, finished: false) }
    }

    /// Removes the animations of `root` and every view below it: called when the subtree leaves the window.
    /// Their completions run with finished = false at the next drain (the window's next frame).
    public func removeAnimations(inSubtreeOf root: View) {
        guard !entries.isEmpty else { return }
        let leaving = entries.values.filter { $0.view.isDescendant(of: root) }
        let removed = leaving.flatMap { $0.animations + $0.pending }.sorted { $0.serial < $1.serial }
        for entry in leaving {
            entry.animations = []
            entry.pending = []
            refreshPresentation(entry)
        }
        for animation in removed { retire(animation, finished: false) }
    }

    /// A model value of `view` changed without animation. Inside `performWithoutAnimation` (`jumps`) an
    /// animation of that property stops (finished = false) and the new value shows at once. Outside any
    /// animation block it is retargeted instead: it keeps its start, timing and end time and now heads
    /// for the new value, so a presented view whose frame follows a live resize keeps moving and its
    /// transition still completes. Other animations of the view go on either way.
    func modelDidChange(of view: View, _ property: AnimatableProperty, jumps: Bool) {
        guard let entry = entries[ObjectIdentifier(view)] else {
            view.animatedPresentation = nil
            return
        }
        let target = property.vector(in: view.model, colorFallback: view.model.backgroundColor, style: view.drawingStyle)
        if let waiting = entry.pending.first(where: { $0.property == property }) {
            if jumps { remove(waiting) } else { waiting.retarget(to: target) }
        }
        if let animation = entry.animations.first(where: { $0.property == property }) {
            if jumps {
                remove(animation)
            } else {
                animation.retarget(to: target)
                if let time = lastFrameTime {
                    animation.lastValue = animation.sample(at: max(time, animation.startTime)).value
                }
                refreshPresentation(entry)
            }
        } else {
            refreshPresentation(entry)
        }
    }

    /// Rebuilds a view's presentation from its model and each animation's last value, between frames.
    func refreshPresentation(of view: View) {
        if let entry = entries[ObjectIdentifier(view)] { refreshPresentation(entry) }
    }

    private func refreshPresentation(_ entry: Entry) {
        let view = entry.view
        if entry.animations.isEmpty {
            entries[ObjectIdentifier(view)] = nil
            view.animatedPresentation = nil
        } else {
            var properties = view.model
            for animation in entry.animations { animation.property.write(animation.lastValue, into: &properties) }
            view.animatedPresentation = properties
        }
        if isAdvancing { view.needsDisplay = true } else { view.setNeedsDisplay() }
    }

    private func retire(_ animation: RunningAnimation, finished: Bool) {
        guard !animation.isRemoved else { return }
        animation.isRemoved = true
        if animation.isTimed { timedCount -= 1 }
        animation.group?.memberEnded(finished: finished)
    }

    // MARK: - Property animators

    /// Lets `animator` hear about every frame of this engine while it has tracks here.
    func register(_ animator: PropertyAnimator) {
        if !animators.contains(where: { $0 === animator }) { animators.append(animator) }
    }

    /// Stops telling `animator` about frames.
    func unregister(_ animator: PropertyAnimator) {
        animators.removeAll { $0 === animator }
    }
}
