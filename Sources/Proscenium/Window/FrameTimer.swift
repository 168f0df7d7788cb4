/// A timer that fires on a window's frames, at its frame clock's time, as Foundation's `Timer` does on a
/// run loop: a caret's blink, a tooltip's delay. Between fires the clock sleeps, so a waiting timer costs
/// no CPU; under a manual clock it fires when virtual time reaches it.
@MainActor public final class FrameTimer {
    /// Seconds between fires of a repeating timer, and before the first fire.
    public let interval: Double
    /// Whether the timer fires again every `interval` after each fire.
    public let repeats: Bool
    /// When the timer fires next, on the frame clock's time base.
    public private(set) var fireTime: Double
    /// False once the timer was invalidated or, if it does not repeat, has fired.
    public private(set) var isValid = true

    private let action: @MainActor (FrameTimer) -> Void
    private weak var window: Window?

    init(window: Window, fireTime: Double, interval: Double, repeats: Bool, action: @escaping @MainActor (FrameTimer) -> Void) {
        self.window = window
        self.fireTime = fireTime
        self.interval = interval
        self.repeats = repeats
        self.action = action
    }

    /// Stops the timer; it never fires again.
    public func invalidate() {
        guard isValid else { return }
        isValid = false
        window?.timerWasInvalidated(self)
    }

    /// Fires when `time` has reached `fireTime`; a repeating timer moves on to its next fire after `time`
    /// (fires missed while the window was busy or unmapped are skipped, not run in a burst).
    func fireIfDue(at time: Double) {
        guard isValid, time >= fireTime - Self.tolerance else { return }
        if repeats {
            let missed = ((time - fireTime + Self.tolerance) / interval).rounded(.down)
            fireTime += (missed + 1) * interval
        } else {
            isValid = false
        }
        action(self)
    }

    /// Frame times are sums of 1/60 s: a timer due within a microsecond of a frame fires in it.
    static let tolerance = 1e-6
}

extension Window {
    /// Runs `action` on the first frame at or after `interval` seconds from now, and, if `repeats`, every
    /// `interval` after that until the returned timer is invalidated. The window holds the timer while it
    /// is valid; `action` runs inside the frame, before animations advance and layout runs.
    @discardableResult
    public func scheduleTimer(after interval: Double, repeats: Bool = false,
                              _ action: @escaping @MainActor (FrameTimer) -> Void) -> FrameTimer {
        let interval = interval.isFinite ? max(interval, 0) : 0
        let timer = FrameTimer(window: self, fireTime: clock.now + interval, interval: max(interval, 1e-3),
                               repeats: repeats, action: action)
        frameTimers.append(timer)
        clock.setNeedsFrame(at: timer.fireTime)
        return timer
    }

    func timerWasInvalidated(_ timer: FrameTimer) {
        frameTimers.removeAll { $0 === timer }
    }

    /// Fires the timers due at `time`, drops the spent ones, and asks the clock for the next fire.
    func fireDueTimers(at time: Double) {
        guard !frameTimers.isEmpty else { return }
        for timer in frameTimers { timer.fireIfDue(at: time) }
        frameTimers.removeAll { !$0.isValid }
        if let next = frameTimers.map(\.fireTime).min() {
            clock.setNeedsFrame(at: next)
        }
    }
}
