/// The part of a property animator's run that one timing covers: from one overall fraction to another,
/// over `duration` seconds of local time τ, which can run forwards or backwards, pause, and change speed.
struct AnimatorSegment {
    var timing: ResolvedTiming
    var duration: Double
    /// Overall fraction complete at τ = 0 and at τ = duration.
    var fractionStart: Double
    var fractionEnd: Double
    /// True for the animator's own timing from its start values to its end values: reversing it plays
    /// it backwards; any other segment is replaced by a new one when the direction changes.
    var isOriginal: Bool

    /// τ at `anchorTime`; τ moves by `direction · rate` per second after it while running.
    var anchorTime = 0.0
    var anchorTau = 0.0
    var direction = 1.0
    var rate = 1.0

    // MARK: - Local time

    /// τ at clock time `time`; frozen at the anchor when not running or before the anchor (a delay).
    func tau(at time: Double, running: Bool) -> Double {
        guard running else { return anchorTau }
        let elapsed = max(0, time - anchorTime)
        return min(max(anchorTau + direction * rate * elapsed, 0), duration)
    }

    /// The overall fraction complete at τ.
    func fraction(atTau tau: Double) -> Double {
        guard duration > 0 else { return direction > 0 ? fractionEnd : fractionStart }
        return fractionStart + (fractionEnd - fractionStart) * tau / duration
    }

    /// Progress between the segment's start and end values at τ.
    func progress(atTau tau: Double) -> Double {
        timing.progress(at: tau, duration: duration)
    }

    /// Whether τ reached the end it is heading for.
    func isFinished(atTau tau: Double) -> Bool {
        direction > 0 ? tau >= duration - 1e-9 : tau <= 1e-9
    }

    /// The overall fraction the segment is heading for.
    var heading: Double { direction > 0 ? fractionEnd : fractionStart }
}
