import Dispatch
import Proscenium

/// The 60 Hz frame clock for real windows: a Dispatch timer on the main queue that ticks only while frames
/// are asked for and otherwise sleeps, so an idle window costs no CPU.
///
/// The timer repeats on absolute deadlines (libdispatch computes each fire from the start, so handlers that
/// run late do not make the clock drift). When the main thread is too busy to take a tick, the timer fires
/// once for several intervals; the extra intervals are counted as dropped frames.
@MainActor public final class DispatchFrameClock: FrameClock {
    public private(set) var now: Double
    public var frameHandler: (@MainActor (Double) -> Void)?
    public private(set) var droppedFrames = 0
    /// Timer fires so far, frames or not; a test counts these to check the clock sleeps when idle.
    public private(set) var ticks = 0
    /// Frames run so far.
    public private(set) var frameCount = 0
    /// True while the timer is scheduled.
    public private(set) var isRunning = false

    public let interval: DispatchTimeInterval
    private let intervalSeconds: Double
    private let timer: DispatchSourceTimer
    private var needsFrame = false

    public init(framesPerSecond: Int = 60) {
        intervalSeconds = 1 / Double(framesPerSecond)
        interval = .nanoseconds(1_000_000_000 / framesPerSecond)
        now = Self.monotonicSeconds()
        timer = DispatchSource.makeTimerSource(flags: .strict, queue: .main)
        timer.schedule(deadline: .distantFuture, repeating: .never)
        timer.setEventHandler { [weak self] in
            MainActor.assumeIsolated { self?.tick() }
        }
        timer.activate()
    }

    isolated deinit {
        timer.cancel()
    }

    public func setNeedsFrame() {
        needsFrame = true
        guard !isRunning else { return }
        isRunning = true
        // The first frame after sleeping runs at once; the rest follow on the 60 Hz grid from here.
        timer.schedule(deadline: .now(), repeating: interval, leeway: .microseconds(250))
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
        now = Self.monotonicSeconds()
        frameCount += 1
        frameHandler?(now)
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
