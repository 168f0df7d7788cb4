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
    /// Frames that missed their deadline since the clock was made.
    var droppedFrames: Int { get }
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
        guard needsFrame else { return }
        needsFrame = false
        frameCount += 1
        frameHandler?(now)
    }
}
