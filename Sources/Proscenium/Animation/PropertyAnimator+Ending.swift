/// How a property animator's run ends: at its natural end, when the engines holding its tracks reach the
/// segment's end, the models take the end reached and the completions run.
extension PropertyAnimator {
    /// Called by each engine holding tracks after it wrote a frame's values: finishes the run when the
    /// segment reached its end.
    func engineDidAdvance(to time: Double) {
        lastKnownTime = time
        guard state == .active, isRunning else { return }
        let tau = segment.tau(at: time, running: true)
        guard segment.isFinished(atTau: tau) else { return }
        complete(at: segment.heading >= 1 ? .end : .start, drainNow: false)
    }

    /// Natural end of a run: the model takes the values of the end reached, completions run (at once, or
    /// with the frame's other completions when called from an engine).
    func complete(at position: AnimatingPosition, drainNow: Bool = true) {
        isRunning = false
        let live = detachTracks()
        if position == .start {
            writeModelsWithoutAnimation {
                for (index, track) in tracks.enumerated() where live.contains(index) || track.isUntouchedSinceRemoval {
                    track.view.setModelValue(of: track.property, from: track.startModel)
                }
            }
        } else {
            // A track that joined while the run headed back ends on the value it had before, where its
            // motion took it, as `finishAnimation(at: .end)` leaves it.
            writeModelsWithoutAnimation {
                for (index, track) in tracks.enumerated() where track.joinedReversed && live.contains(index) {
                    track.view.setModelValue(of: track.property, from: track.endModel)
                }
            }
        }
        finishRun(at: position, drainNow: drainNow)
    }

    /// Removes the tracks that are still in their engines (returning their indices) and leaves the engines.
    func detachTracks() -> [Int] {
        var live: [Int] = []
        for (index, track) in tracks.enumerated() where !track.animation.isRemoved {
            live.append(index)
            track.view.window?.animationEngine.remove(track.animation, finished: true)
        }
        for host in hosts { host.window?.animationEngine.unregister(self) }
        hosts = []
        return live
    }

    /// Runs `body`, which sets model values, without animation and without running the completions that
    /// setting them queues: the animator calls out only once its own state is final (`finishRun`), so a
    /// completion that adds animations to it (a dismissal joining a transition just ended) finds it
    /// inactive rather than half-detached from its engines.
    func writeModelsWithoutAnimation(_ body: () -> Void) {
        _ = AnimationTransaction.record(.disabled, body)
    }

    /// Sets the model of a track's view to a vector value, without animation.
    func setModel(of track: AnimatorTrack, to value: AnimationVector) {
        var properties = track.view.model
        track.property.write(value, into: &properties)
        track.view.setModelValue(of: track.property, from: properties)
    }

    /// Becomes inactive and queues every completion with `position`.
    func finishRun(at position: AnimatingPosition, drainNow: Bool = true) {
        hasFinishedARun = true
        state = .inactive
        isRunning = false
        tracks = []
        scrubbedFraction = nil
        let blocks = completions
        completions = []
        for completion in blocks { CompletionQueue.enqueue { completion(position) } }
        if drainNow && AnimationTransaction.current == nil { CompletionQueue.drain() }
    }
}
