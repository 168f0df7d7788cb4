import Glibc

/// The content's motion when no finger holds it, one law per axis, each a pure function of time: a
/// deceleration that hands over to the edge spring when it crosses an edge, a spring to a target (paging,
/// a delegate's new target, the bounce back) or a short eased glide (code, the wheel, the keyboard).
struct ScrollMotion {
    /// What began the motion, which decides the delegate calls and the reported phase.
    enum Cause { case deceleration, animation }

    /// Which end of the range a bounce springs back to.
    enum Edge { case lower, upper }

    /// One axis' law. A spring back from past an edge names the `edge`: it follows that edge where it
    /// moves meanwhile (an inset or the content size changed by the release's callbacks or a reload).
    enum Axis {
        case decelerating(start: Double, velocity: Double, startTime: Double)
        case springing(start: Double, target: Double, velocity: Double, startTime: Double, edge: Edge? = nil)
        case gliding(start: Double, target: Double, startTime: Double, duration: Double)
    }

    /// How long `setContentOffset(_:animated:)` and `scrollRectToVisible` take.
    static let animationDuration = 0.3
    /// How long one wheel notch or one scroll key glides; a notch during a glide restarts it towards the
    /// sum of the targets.
    static let notchDuration = 0.15
    /// A spring is at rest when it is this close to its target and slower than `ScrollPhysics.restingSpeed`.
    static let restingDistance = 0.1

    var cause: Cause
    var x: Axis?
    var y: Axis?

    /// Where the motion will leave the content: per axis, a spring's or glide's target, else `current`
    /// (an axis at rest, or a deceleration, whose end a new input replaces).
    func target(from current: Point) -> Point {
        func end(_ axis: Axis?, _ now: Double) -> Double {
            switch axis {
            case let .springing(_, target, _, _, _), let .gliding(_, target, _, _): return target
            case .decelerating, nil: return now
            }
        }
        return Point(x: end(x, current.x), y: end(y, current.y))
    }

    /// The axis' position at `time` and whether it has come to rest; a deceleration that crossed
    /// `lower...upper` becomes a spring back (or stops at the edge when `bounces` is off).
    static func step(_ axis: inout Axis, at time: Double, lower: Double, upper: Double, rate: Double,
                     bounces: Bool) -> (position: Double, atRest: Bool) {
        switch axis {
        case let .decelerating(start, velocity, startTime):
            let (position, speed) = ScrollPhysics.decelerate(from: start, velocity: velocity, rate: rate, time: time - startTime)
            if position < lower || position > upper {
                let edge = position < lower ? lower : upper
                guard bounces else { return (edge, true) }
                axis = .springing(start: position, target: edge, velocity: speed, startTime: time,
                                  edge: position < lower ? .lower : .upper)
                return (position, false)
            }
            return (position, abs(speed) < ScrollPhysics.restingSpeed)
        case let .springing(start, target, velocity, startTime, edge):
            let (position, speed) = ScrollPhysics.springBack(from: start, to: target, velocity: velocity, time: time - startTime)
            // The edge a bounce heads for moved (an inset changed, rows loaded at the end): it springs on to
            // the edge where it is now, or, with the content now reaching past where it is, it is no bounce
            // any more: only a speed still carrying it on past the old edge goes on, slowing down.
            if let edge, lower <= upper, case let live = edge == .lower ? lower : upper, live != target {
                let onward = edge == .upper ? max(speed, 0) : min(speed, 0)
                axis = position >= lower && position <= upper
                    ? .decelerating(start: position, velocity: onward, startTime: time)
                    : .springing(start: position, target: live, velocity: speed, startTime: time, edge: edge)
                return (position, false)
            }
            // The content shrank under the spring (a resize, a reload): it springs on, from where it is, to
            // the new edge instead of an edge that is gone.
            if lower <= upper, target < lower || target > upper {
                axis = .springing(start: position, target: min(max(target, lower), upper), velocity: speed, startTime: time)
                return (position, false)
            }
            if abs(position - target) < restingDistance, abs(speed) < ScrollPhysics.restingSpeed * 10 { return (target, true) }
            return (position, false)
        case let .gliding(start, target, startTime, duration):
            let progress = duration > 0 ? min(max((time - startTime) / duration, 0), 1) : 1
            let eased = 1 - pow(1 - progress, 3)
            // Likewise a glide ends at the new edge rather than past it.
            let end = lower <= upper ? min(max(target, lower), upper) : target
            return (start + (end - start) * eased, progress >= 1)
        }
    }

    /// The axis' velocity at `time`, in points per second (for the hand-over to another motion).
    static func velocity(of axis: Axis, at time: Double, rate: Double) -> Double {
        switch axis {
        case let .decelerating(start, velocity, startTime):
            return ScrollPhysics.decelerate(from: start, velocity: velocity, rate: rate, time: time - startTime).velocity
        case let .springing(start, target, velocity, startTime, _):
            return ScrollPhysics.springBack(from: start, to: target, velocity: velocity, time: time - startTime).velocity
        case let .gliding(start, target, startTime, duration):
            guard duration > 0 else { return 0 }
            let progress = min(max((time - startTime) / duration, 0), 1)
            return (target - start) * 3 * pow(1 - progress, 2) / duration
        }
    }
}

extension ScrollView {
    // MARK: - Running a motion

    /// Starts `motion`, replacing any other, on the window's frames.
    func start(_ newMotion: ScrollMotion) {
        guard let window, newMotion.x != nil || newMotion.y != nil else { return }
        let wasAnimating = motion?.cause == .animation
        motion = newMotion
        switch newMotion.cause {
        case .deceleration:
            isDecelerating = true
            report(.decelerating)
        case .animation:
            // A wheel notch or an animated scroll takes over from a deceleration, which is over: a delegate
            // told it began hears that it ended.
            if isDecelerating {
                isDecelerating = false
                delegate?.scrollViewDidEndDecelerating(self)
            }
            if !wasAnimating { report(.animating) }
        }
        showIndicators()
        if displayLink == nil {
            // A scroll view freed while it moves lets its link go, or the window would run frames for it.
            displayLink = window.makeDisplayLink { [weak self] link in
                guard let self else { return link.invalidate() }
                tick(at: link.timestamp)
            }
        }
    }

    /// Eases the content to `offset` over `duration` seconds, from where it is now.
    func glide(to offset: Point, duration: Double) {
        // Under a finger the content does not glide away: it goes there at once, and the drag goes on
        // from there (see `drag(by:)`).
        if isDragging {
            applyContentOffset(offset)
            return delegate?.scrollViewDidEndScrollingAnimation(self) ?? ()
        }
        let now = window?.clock.now ?? 0
        let current = contentOffset
        var glide = ScrollMotion(cause: .animation)
        if offset.x != current.x { glide.x = .gliding(start: current.x, target: offset.x, startTime: now, duration: duration) }
        if offset.y != current.y { glide.y = .gliding(start: current.y, target: offset.y, startTime: now, duration: duration) }
        if glide.x == nil, glide.y == nil {
            // Already there: the animation is over before it began, as UIKit reports it (once, when it
            // cuts a glide short here, whose end is reported).
            let interrupted = motion?.cause
            interruptMotion()
            if interrupted != .animation { delegate?.scrollViewDidEndScrollingAnimation(self) }
            return
        }
        start(glide)
    }

    /// One frame of the motion: each axis moves by its law; when every axis rests, the motion ends.
    func tick(at time: Double) {
        guard var current = motion else { return }
        let low = minimumContentOffset, high = maximumContentOffset
        var offset = contentOffset
        var atRest = true
        if var axis = current.x {
            let step = ScrollMotion.step(&axis, at: time, lower: low.x, upper: high.x, rate: decelerationRate.rawValue, bounces: bounces)
            offset.x = step.position
            current.x = step.atRest ? nil : axis
            atRest = atRest && step.atRest
        }
        if var axis = current.y {
            let step = ScrollMotion.step(&axis, at: time, lower: low.y, upper: high.y, rate: decelerationRate.rawValue, bounces: bounces)
            offset.y = step.position
            current.y = step.atRest ? nil : axis
            atRest = atRest && step.atRest
        }
        motion = atRest ? nil : current
        if atRest { displayLink?.invalidate(); displayLink = nil }
        applyContentOffset(offset)
        // The delegate may have begun another motion from `scrollViewDidScroll`; it is not ended here.
        if atRest, motion == nil { motionDidEnd(current.cause) }
    }

    /// Stops the motion where the content is now, without the delegate's end-of-motion calls (a drag
    /// caught it; code that stops it calls `interruptMotion`).
    func stopMotion() {
        guard motion != nil else { return }
        motion = nil
        isDecelerating = false
        displayLink?.invalidate()
        displayLink = nil
    }

    /// Code (or the touchpad) stops the motion and puts the content at `offset` (where it is, if nil): it
    /// ends there, as when it comes to rest: a delegate told a deceleration began hears that it ended,
    /// and the indicators fade. The content is in place before the delegate hears, so a motion it begins
    /// then starts from there.
    func interruptMotion(at offset: Point? = nil) {
        let cause = motion?.cause
        stopMotion()
        if let offset { applyContentOffset(offset) }
        if let cause { motionDidEnd(cause) }
    }

    /// The content's velocity in the motion now, in points per second per axis.
    func motionVelocity(at time: Double) -> Point {
        guard let motion else { return .zero }
        let rate = decelerationRate.rawValue
        return Point(x: motion.x.map { ScrollMotion.velocity(of: $0, at: time, rate: rate) } ?? 0,
                     y: motion.y.map { ScrollMotion.velocity(of: $0, at: time, rate: rate) } ?? 0)
    }

    private func motionDidEnd(_ cause: ScrollMotion.Cause) {
        switch cause {
        case .deceleration:
            isDecelerating = false
            delegate?.scrollViewDidEndDecelerating(self)
        case .animation:
            delegate?.scrollViewDidEndScrollingAnimation(self)
        }
        if motion == nil, !isDragging {
            report(.ended)
            scheduleIndicatorFade()
        }
    }

    /// The view leaves its window mid-motion: the content stays where the motion would come to rest
    /// within range, and the motion ends there, as the delegate hears.
    func finishMotionForRemoval() {
        guard motion != nil else { return }
        // Ended, not caught by a drag: a delegate told a deceleration began hears that it ended.
        interruptMotion(at: clampedContentOffset(contentOffset))
    }
}
