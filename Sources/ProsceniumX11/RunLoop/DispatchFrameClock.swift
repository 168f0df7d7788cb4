import Dispatch
import Proscenium

/// The 60 Hz frame clock for real windows: a Dispatch timer on the main queue that ticks only while frames
/// are asked for and otherwise sleeps, so an idle window costs no CPU.
///
/// The timer repeats on absolute deadlines (libdispatch computes each fire from the start, so handlers that
/// run late do not make the clock drift). When the main thread is too busy to take a tick, the timer fires
/// once for several intervals; the extra intervals are counted as dropped frames.
@MainActor public final class DispatchFrameClock: FrameClock {
    /// The frame's timestamp during a frame; between frames, the live monotonic time, so an animation
    /// started from input after an idle spell starts now rather than at the last frame, seconds ago.
    public var now: Double { frameTime ?? Self.monotonicSeconds() }
    /// Runs once per frame with the frame's timestamp.
    public var frameHandler: (@MainActor (Double) -> Void)?
    /// Intervals the timer fired late for, each a frame that could not be shown on time.
    public private(set) var droppedFrames = 0
    /// Timer fires so far, frames or not; a test counts these to check the clock sleeps when idle.
    public private(set) var ticks = 0
    /// Frames run so far.
    public private(set) var frameCount = 0
    /// True while the timer is scheduled.
    public private(set) var isRunning = false

    /// Time between frames while running.
    public let interval: DispatchTimeInterval
    private let intervalNanoseconds: UInt64
    /// When the last frame started, in uptime nanoseconds.
    private var lastFrameUptime: UInt64?
    private let timer: DispatchSourceTimer
    /// Wakes a sleeping clock for a frame asked for at a later time (`setNeedsFrame(at:)`).
    private var wakeTimer: DispatchSourceTimer?
    /// The earliest time the wake timer is set for, in seconds; nil while it is not set.
    private var wakeTime: Double?
    private var needsFrame = false
    /// Set while `frameHandler` runs.
    private var frameTime: Double?

    /// A clock that ticks `framesPerSecond` times a second while frames are wanted, and sleeps otherwise.
    public init(framesPerSecond: Int = 60) {
        intervalNanoseconds = UInt64(1_000_000_000 / framesPerSecond)
        interval = .nanoseconds(1_000_000_000 / framesPerSecond)
        timer = DispatchSource.makeTimerSource(flags: .strict, queue: .main)
        timer.schedule(deadline: .distantFuture, repeating: .never)
        timer.setEventHandler { [weak self] in
            MainActor.assumeIsolated { self?.tick() }
        }
        timer.activate()
    }

    isolated deinit {
        timer.cancel()
        wakeTimer?.cancel()
    }

    /// Asks for a frame at `time` seconds on the monotonic clock: a one-shot timer wakes the clock then, and
    /// nothing runs before (an earlier request of either kind is served as usual).
    public func setNeedsFrame(at time: Double) {
        let delay = time - Self.monotonicSeconds()
        guard delay > 0 else { return setNeedsFrame() }
        if let wakeTime, wakeTime <= time { return }
        wakeTime = time
        let timer: DispatchSourceTimer
        if let wakeTimer {
            timer = wakeTimer
        } else {
            timer = DispatchSource.makeTimerSource(queue: .main)
            timer.setEventHandler { [weak self] in
                MainActor.assumeIsolated {
                    guard let self else { return }
                    self.wakeTime = nil
                    self.setNeedsFrame()
                }
            }
            timer.activate()
            wakeTimer = timer
        }
        timer.schedule(deadline: .now() + delay, repeating: .never, leeway: .milliseconds(1))
    }

    /// Asks for a frame; a sleeping clock wakes and runs it at once, a running one on its next tick.
    public func setNeedsFrame() {
        needsFrame = true
        guard !isRunning else { return }
        isRunning = true
        // The first frame after sleeping runs at once, unless the last one was less than an interval ago:
        // frames never come faster than the rate, so a burst of requests (a live resize) is coalesced.
        let earliest = lastFrameUptime.map { $0 + intervalNanoseconds } ?? 0
        let deadline = DispatchTime(uptimeNanoseconds: max(DispatchTime.now().uptimeNanoseconds, earliest))
        timer.schedule(deadline: deadline, repeating: interval, leeway: .microseconds(250))
    }

    private func tick() {
        ticks += 1
        let fires = Int(timer.data)
        if fires > 1 { droppedFrames += fires - 1 }
        guard needsFrame else {
            sleep()
            return
        }
        needsFrame = false
        frameCount += 1
        let uptime = DispatchTime.now().uptimeNanoseconds
        lastFrameUptime = uptime
        let time = Double(uptime) / 1_000_000_000
        frameTime = time
        frameHandler?(time)
        frameTime = nil
        if !needsFrame { sleep() }
    }

    private func sleep() {
        isRunning = false
        timer.schedule(deadline: .distantFuture, repeating: .never)
    }

    /// Seconds since boot on the monotonic clock, the time base of every frame.
    static func monotonicSeconds() -> Double {
        Double(DispatchTime.now().uptimeNanoseconds) / 1_000_000_000
    }
}
