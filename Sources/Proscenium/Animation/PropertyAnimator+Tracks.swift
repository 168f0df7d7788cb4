/// One animated property of a property animator: where it started, where it ends, and the values the
/// current segment runs between.
struct AnimatorTrack {
    let view: View
    let property: AnimatableProperty
    /// The values at fraction 0 and 1.
    var from: AnimationVector
    var to: AnimationVector
    /// Model values to restore at the start or keep at the end.
    var startModel: LayerProperties
    var endModel: LayerProperties
    let animation: RunningAnimation
    var segmentStart: AnimationVector
    var segmentEnd: AnimationVector
    /// A value fixed by scrubbing or by joining mid-run; wins over the segment until the next rebase.
    var pinned: AnimationVector?
    /// For a spring segment: the value-space velocity the track starts the segment with.
    var segmentVelocity = AnimationVector()
    /// For a track that joined a running segment: the segment time τ at which it starts moving. It then
    /// follows the segment's progress from there to the segment's end, arriving with the others.
    var joinTau: Double?
    /// Whether the track joined a run heading back to its start: its end is the value the property had
    /// before (`endModel`), not the model, so a run turned forward again and ending there writes it.
    var joinedReversed = false

    /// Whether the track's animation was taken out early (its view left the window) and nothing has set
    /// the property since: the view still holds the end value its animation block gave it. A run that
    /// ends back at the start gives such a view its start value too, as it does the views still moving —
    /// else a transition turned around while its view was out of the window would leave the view at the
    /// end it never reached.
    @MainActor var isUntouchedSinceRemoval: Bool {
        animation.isRemoved && property.vector(in: view.model) == property.vector(in: endModel)
    }
}

extension PropertyAnimator {
    // MARK: - Time

    /// The clock time of the window the animator runs in.
    var now: Double {
        for host in hosts {
            if let window = host.window { return window.clock.now }
        }
        return lastKnownTime
    }

    /// The overall fraction complete at clock time `time`.
    func currentFraction(at time: Double) -> Double {
        guard state != .inactive else { return 0 }
        if let scrubbedFraction { return scrubbedFraction }
        return segment.fraction(atTau: segment.tau(at: time, running: isRunning))
    }

    // MARK: - Values

    /// The value of track `index` at clock time `time`; the engine calls this every frame.
    func value(ofTrack index: Int, at time: Double) -> AnimationVector {
        // Read in place: a track holds two whole sets of layer properties, too much to copy every frame.
        if let pinned = tracks[index].pinned { return pinned }
        return value(of: tracks[index], atTau: segment.tau(at: time, running: isRunning))
    }

    /// A track's value at segment time τ: along the timing between its segment's start and end values;
    /// for springs, with the track's own initial velocity; for a joined track, from its join on.
    private func value(of track: AnimatorTrack, atTau tau: Double) -> AnimationVector {
        if let joinTau = track.joinTau {
            let (fraction, _) = joinedProgress(joinTau: joinTau, tau: tau)
            return track.property.limited(track.segmentStart + (track.segmentEnd - track.segmentStart) * fraction,
                                          between: track.segmentStart, and: track.segmentEnd)
        }
        if case let .spring(spring, _) = segment.timing {
            let r = spring.response(at: tau)
            return track.property.limited(
                track.segmentEnd + (track.segmentStart - track.segmentEnd) * r.a + track.segmentVelocity * r.b,
                between: track.segmentStart, and: track.segmentEnd)
        }
        return track.segmentStart + (track.segmentEnd - track.segmentStart) * segment.progress(atTau: tau)
    }

    /// How far a track that joined at `joinTau` is at τ (0 until it starts, 1 where the segment is headed),
    /// and the rate of that per unit of τ.
    private func joinedProgress(joinTau: Double, tau: Double) -> (fraction: Double, rate: Double) {
        let started = segment.direction > 0 ? tau >= joinTau : tau <= joinTau
        guard started else { return (0, 0) }
        // Progress is nominally 1 at the end (a spring is only within ε of it): a track joining at the
        // very start then moves exactly like one that was there from the start.
        let p0 = segment.progress(atTau: joinTau), p1 = segment.direction > 0 ? 1.0 : 0.0
        let span = p1 - p0
        guard abs(span) > 1e-9 else { return (1, 0) }
        let rate = segment.timing.progressRate(at: tau, duration: segment.duration) / span
        return ((segment.progress(atTau: tau) - p0) / span, rate)
    }

    /// The velocity of track `index` at clock time `time`, in value units per second: zero while paused,
    /// pinned, waiting for a delay or at rest at its end.
    func velocity(ofTrack index: Int, at time: Double) -> AnimationVector {
        guard state == .active, isRunning, tracks.indices.contains(index), time >= segment.anchorTime else {
            return AnimationVector()
        }
        let track = tracks[index]
        let tau = segment.tau(at: time, running: true)
        guard track.pinned == nil, !segment.isFinished(atTau: tau) else { return AnimationVector() }
        let tauPerSecond = segment.direction * segment.rate
        let perTau: AnimationVector
        if let joinTau = track.joinTau {
            perTau = (track.segmentEnd - track.segmentStart) * joinedProgress(joinTau: joinTau, tau: tau).rate
        } else if case let .spring(spring, _) = segment.timing {
            let r = spring.response(at: tau)
            perTau = (track.segmentStart - track.segmentEnd) * r.da + track.segmentVelocity * r.db
        } else {
            perTau = (track.segmentEnd - track.segmentStart) * segment.timing.progressRate(at: tau, duration: segment.duration)
        }
        return perTau * tauPerSecond
    }

    /// Gives each track of a spring segment its initial velocity: `carried` (value space, per track)
    /// plus the timing's relative velocity times the track's distance; zero for curves.
    func applySegmentVelocities(carried: [AnimationVector]? = nil) {
        for index in tracks.indices {
            var velocity = carried?[index] ?? AnimationVector()
            if case let .spring(_, relative) = segment.timing {
                let distance = tracks[index].segmentEnd - tracks[index].segmentStart
                velocity += distance * tracks[index].property.lanes(of: relative)
            } else {
                velocity = AnimationVector()
            }
            tracks[index].segmentVelocity = velocity
        }
    }

    /// The model of a track's property was set without animation to `target`: the track now ends there
    /// (and the segment heading for the end heads there too), so finishing at the end keeps the new value.
    func retargetTrack(_ index: Int, to target: AnimationVector, model: LayerProperties) {
        guard tracks.indices.contains(index) else { return }
        if isReversed && segment.heading <= 0 {
            // Running back to the start (a transition turned around): the start is where it is headed, so
            // that is what moves — a presentation brought back while the window is resized lands at the
            // new frame.
            tracks[index].from = target
            tracks[index].startModel = model
            tracks[index].segmentEnd = target
            return
        }
        tracks[index].to = target
        tracks[index].endModel = model
        if segment.heading >= 1 { tracks[index].segmentEnd = target }
    }

    /// Shows the values at `time` now, between frames (after pausing or scrubbing).
    func pushValues(at time: Double) {
        for index in tracks.indices where !tracks[index].animation.isRemoved {
            let track = tracks[index]
            track.animation.lastValue = value(ofTrack: index, at: time)
            track.view.window?.animationEngine.refreshPresentation(of: track.view)
        }
    }

    /// Asks every window involved for a frame.
    func requestFrames() {
        for host in hosts { host.window?.setNeedsFrame() }
    }

    // MARK: - Activation

    /// Runs the pending animation blocks, turns their changes into tracks, and sets up the original
    /// segment paused at the start.
    func activate() {
        state = .active
        isRunning = false
        scrubbedFraction = nil
        let blocks = pendingAnimations
        pendingAnimations = []
        let (timing, resolvedDuration) = ResolvedTiming.resolve(timingParameters, requested: duration)
        segment = AnimatorSegment(timing: timing, duration: resolvedDuration, fractionStart: 0, fractionEnd: 1,
                                  isOriginal: true)
        segment.anchorTime = now
        let changes = AnimationTransaction.record(.animator) { for block in blocks where block.delayFactor == 0 { block.block() } }
        addTracks(changes, pinned: false)
        applySegmentVelocities()
        // Blocks added with a delay factor join the run at that share of it.
        for block in blocks where block.delayFactor > 0 {
            addTracks(AnimationTransaction.record(.animator, block.block), pinned: false,
                      joinTau: resolvedDuration * block.delayFactor)
        }
    }

    /// Creates a track per change of a view in a window, registered with that window's engine. A property
    /// that already animates starts from its value on screen. `pinned` holds new tracks at their start
    /// until the next rebase (for tracks added while scrubbed); `joinTau` makes them join the running
    /// segment at that segment time.
    func addTracks(_ changes: [AnimationTransaction.Change], pinned: Bool, joinTau: Double? = nil) {
        for change in changes {
            guard let window = change.view.window else { continue }
            let view = change.view, property = change.property, engine = window.animationEngine
            let time = window.clock.now
            let existing = engine.animation(for: view, property)
            let from = existing?.sample(at: time).value
                ?? property.vector(in: change.before, colorFallback: view.model.backgroundColor, style: view.drawingStyle)
            let to = property.nearest(property.vector(in: view.model, colorFallback: Color(animationVector: from), style: view.drawingStyle), from: from)
            if existing == nil && from == to { continue }
            let animation = RunningAnimation(
                view: view, property: property, from: from, to: to, startTime: time, duration: 0,
                driver: .animator(self, track: tracks.count), group: nil,
                allowsUserInteraction: isUserInteractionEnabled)
            if joinTau != nil && isReversed {
                // Joining a run that heads back to its start: for this track the start is where the new
                // value is, so finishing at the start (where a reversed run completes) lands on it.
                tracks.append(AnimatorTrack(view: view, property: property, from: to, to: from,
                                            startModel: view.model, endModel: change.before, animation: animation,
                                            segmentStart: from, segmentEnd: to, pinned: nil, joinTau: joinTau,
                                            joinedReversed: true))
            } else {
                tracks.append(AnimatorTrack(view: view, property: property, from: from, to: to,
                                            startModel: change.before, endModel: view.model, animation: animation,
                                            segmentStart: from, segmentEnd: to, pinned: pinned ? from : nil,
                                            joinTau: joinTau))
            }
            if !hosts.contains(where: { $0.window === window }) {
                hosts.append(WeakWindow(window: window))
                engine.register(self)
                lastKnownTime = time
            }
            engine.add(animation)
        }
    }

    // MARK: - Timing changes

    /// Continues from the current state towards the end (or start when reversed): along the current
    /// segment when possible, else from the values on screen with new timing.
    func resume(_ parameters: TimingCurveProvider?, durationFactor: Double, delay: Double) {
        let time = now
        let target = isReversed ? 0.0 : 1.0
        let canContinue = parameters == nil && scrubbedFraction == nil && !tracks.contains { $0.pinned != nil }
        // Joined tracks know only the way to the segment's end: turning the segment around re-times.
        let canTurn = segment.isOriginal && !tracks.contains { $0.joinTau != nil }
        if canContinue && (segment.heading == target || canTurn) {
            segment.anchorTau = segment.tau(at: time, running: isRunning)
            segment.anchorTime = time + delay
            segment.direction = target == segment.fractionEnd ? 1 : -1
            segment.rate = 1 / durationFactor
        } else {
            rebase(parameters ?? timingParameters, durationFactor: durationFactor, at: time, carriesVelocity: isRunning)
            segment.anchorTime = time + delay
        }
        isRunning = true
        requestFrames()
    }

    /// The shortest share of the duration a spring segment gets: turning a motion around needs time,
    /// and a ratio spring squeezed into a sliver of it would be violently stiff.
    static let minimumSpringShare = 0.3

    /// Starts a new segment at clock time `time` from the values on screen towards the end (or the start
    /// when reversed), taking `durationFactor` times the remaining share of the original duration. With
    /// `carriesVelocity`, a spring segment starts each track with the velocity it has now, so the motion
    /// bends instead of stopping dead.
    func rebase(_ parameters: TimingCurveProvider, durationFactor: Double, at time: Double, carriesVelocity: Bool = false,
                keepsStiffness: Bool = false) {
        let fraction = currentFraction(at: time)
        let target = isReversed ? 0.0 : 1.0
        let velocities = carriesVelocity ? tracks.indices.map { velocity(ofTrack: $0, at: time) } : nil
        for index in tracks.indices {
            let current = value(ofTrack: index, at: time)
            tracks[index].segmentStart = current
            tracks[index].segmentEnd = isReversed ? tracks[index].from : tracks[index].to
            tracks[index].pinned = nil
            tracks[index].joinTau = nil
        }
        var share = abs(target - fraction)
        if parameters.springTimingParameters != nil, share > 0 {
            // A spring turned around is the same spring, as stiff as on the way out: it takes the whole
            // duration (a spring's settling time does not depend on the distance), so the way back is no
            // faster than the way there.
            share = keepsStiffness ? 1 : max(share, Self.minimumSpringShare)
        }
        let requested = duration * share * durationFactor
        let (timing, resolvedDuration) = ResolvedTiming.resolve(parameters, requested: requested)
        segment = AnimatorSegment(timing: timing, duration: requested > 0 ? resolvedDuration : 0,
                                  fractionStart: fraction, fractionEnd: target, isOriginal: false)
        segment.anchorTime = time
        scrubbedFraction = nil
        applySegmentVelocities(carried: velocities)
    }

    /// Turns a running animation around at once; a paused one turns when it continues. A spring turns
    /// the way a thrown object does: a new spring from where the values are, with their velocity, so
    /// there is no jump in position or speed. A curve plays back along itself, as UIKit's does.
    func reversalDidChange() {
        guard state == .active, isRunning else { return }
        let time = now
        if case .spring = segment.timing {
            let spring = timingParameters.springTimingParameters?.startingAtRest ?? SpringTimingParameters()
            rebase(spring, durationFactor: 1, at: time, carriesVelocity: true, keepsStiffness: true)
        } else if segment.isOriginal && scrubbedFraction == nil && !tracks.contains(where: { $0.joinTau != nil }) {
            segment.anchorTau = segment.tau(at: time, running: true)
            segment.anchorTime = max(time, segment.anchorTime)
            segment.direction = -segment.direction
        } else {
            rebase(timingParameters, durationFactor: 1, at: time)
        }
        requestFrames()
    }

    /// Sets the fraction while paused: pins each track to its value there (linearly or along the timing).
    func scrub(to newFraction: Double) {
        guard !newFraction.isNaN else {
            return Warnings.warn("PropertyAnimator.fractionComplete: NaN is not a fraction; the animator stays where it is")
        }
        let fraction = min(max(newFraction, 0), 1)
        if state == .inactive { activate() }
        guard state == .active, !isRunning else { return }
        if !scrubsLinearly && segment.isOriginal && scrubbedFraction == nil && !tracks.contains(where: { $0.pinned != nil }) {
            segment.anchorTau = fraction * segment.duration
        } else {
            let progress: Double
            if scrubsLinearly {
                progress = fraction
            } else {
                let (timing, resolvedDuration) = ResolvedTiming.resolve(timingParameters, requested: duration)
                progress = timing.progress(at: fraction * resolvedDuration, duration: resolvedDuration)
            }
            for index in tracks.indices {
                tracks[index].pinned = tracks[index].from + (tracks[index].to - tracks[index].from) * progress
            }
            scrubbedFraction = fraction
        }
        pushValues(at: now)
    }
}
