/// The source of frames and of time for everything that animates.
///
/// A clock runs its `frameHandler` once per frame with that frame's timestamp (monotonic seconds), and only
/// while someone has asked for a frame with `setNeedsFrame()`: a window with nothing dirty and nothing
/// animating costs no CPU. The demo uses a Dispatch timer at 60 Hz; tests step a `ManualFrameClock`.
@MainActor public protocol FrameClock: AnyObject {
    /// The timestamp of the frame in progress, or of the last one between frames.
    var now: Double { get }
    /// Called once per frame with the frame's timestamp. Everyone reads the same `now` during it.
    var frameHandler: (@MainActor (Double) -> Void)? { get set }
    /// Asks for one more frame; cheap to call many times in one frame.
    func setNeedsFrame()
    /// Asks for one frame at `time` (on the clock's time base) or the first one after it, and none before
    /// on its account: a clock that sleeps until then costs no CPU in between (a caret's blink).
    func setNeedsFrame(at time: Double)
    /// Frames that missed their deadline since the clock was made.
    var droppedFrames: Int { get }
}

extension FrameClock {
    /// For clocks that cannot wake at a given time: a frame now, and the window asks again from that frame
    /// until `time` has come, which costs a frame per tick while it waits.
    public func setNeedsFrame(at time: Double) {
        setNeedsFrame()
    }
}

/// A frame clock that moves only when told: tests and screenshot runs step it frame by frame.
@MainActor public final class ManualFrameClock: FrameClock {
    public private(set) var now: Double
    public var frameHandler: (@MainActor (Double) -> Void)?
    /// True when a frame was asked for and has not run yet.
    public private(set) var needsFrame = false
    /// Frames run so far.
    public private(set) var frameCount = 0
    public let droppedFrames = 0
    /// The frame interval `step()` advances by.
    public let interval: Double

    /// A clock at `startTime` seconds whose frames are `1 / framesPerSecond` apart.
    public init(startTime: Double = 0, framesPerSecond: Double = 60) {
        self.now = startTime
        self.interval = 1 / framesPerSecond
    }

    public func setNeedsFrame() {
        needsFrame = true
    }

    /// Remembers `time`: the first `advance` that reaches it runs a frame.
    public func setNeedsFrame(at time: Double) {
        guard time > now else { return setNeedsFrame() }
        wakeTime = min(wakeTime ?? time, time)
    }

    /// The earliest time a frame was asked for with `setNeedsFrame(at:)`, nil if none is pending.
    public private(set) var wakeTime: Double?

    /// Moves time forward by `seconds`, in one jump, and runs a frame if one was asked for.
    public func advance(by seconds: Double) {
        now += seconds
        runFrameIfNeeded()
    }

    /// Advances by one frame interval.
    public func step() {
        advance(by: interval)
    }

    /// Steps frame by frame through `seconds` of time, running each frame that was asked for.
    public func run(for seconds: Double) {
        let frames = Int((seconds / interval).rounded())
        for _ in 0..<frames { step() }
    }

    /// Runs a frame now if one was asked for, without moving time.
    public func runFrameIfNeeded() {
        // A hair of tolerance: n steps of 1/60 s land a rounding error short of n/60.
        if let wake = wakeTime, wake <= now + 1e-9 {
            wakeTime = nil
            needsFrame = true
        }
        guard needsFrame else { return }
        needsFrame = false
        frameCount += 1
        frameHandler?(now)
    }
}
