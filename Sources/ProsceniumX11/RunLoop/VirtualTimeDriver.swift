import Dispatch
import Proscenium

/// Runs a window host on virtual time: frame n happens at exactly n/60 s on a `ManualFrameClock` (not a
/// running sum, so rounding never accumulates), X events are read before each frame, scripted input is
/// delivered inside the frame at its virtual time, and frames are captured from the back buffer. The same
/// inputs give the same frames, and so the same pixels, on any machine at any load.
///
/// Frames are stepped one per turn of the main queue, so signal handlers and other main-queue work get in
/// between frames instead of waiting for the whole run.
@MainActor public final class VirtualTimeDriver {
    /// The host whose window the driver steps.
    public let host: WindowHost
    /// The clock the host's window was made with.
    public let clock: ManualFrameClock
    /// How many frames each virtual second holds (60 unless given): frame n happens at n / framesPerSecond s.
    public let framesPerSecond: Int
    /// Called after every frame with its virtual time.
    public var frameCompleted: (@MainActor (Double) -> Void)?

    private var scheduled: [(time: Double, events: @MainActor (Double) -> [InputEvent])] = []
    private var nextFrame = 0

    /// A driver for `host`, whose window must run on `clock`.
    public init(host: WindowHost, clock: ManualFrameClock, framesPerSecond: Int = 60) {
        self.host = host
        self.clock = clock
        self.framesPerSecond = framesPerSecond
        // Input due in a frame is delivered at its start, after X events and before animations advance,
        // so anything it starts begins at the frame's own time.
        host.window.frameWillBegin = { [weak self] in self?.frameWillBegin() }
        // Its frames are captured from the back buffer: drawn whether or not a window manager shows the window.
        host.drawsWhileHidden = true
    }

    /// The virtual time of frame `index`.
    public func time(ofFrame index: Int) -> Double {
        Double(index) / Double(framesPerSecond)
    }

    /// The first frame at or after `time`.
    public func frameIndex(atOrAfter time: Double) -> Int {
        Int((time * Double(framesPerSecond) - 1e-9).rounded(.up))
    }

    /// Delivers the events `make` returns to the window in the first frame at or after virtual time
    /// `time`; `make` gets that frame's time to stamp them with.
    public func schedule(at time: Double, _ make: @escaping @MainActor (Double) -> [InputEvent]) {
        scheduled.append((self.time(ofFrame: frameIndex(atOrAfter: time)), make))
    }

    /// Steps frames from the next one up to and including the frame at `endTime`, one per main-queue turn,
    /// then calls `completion` (on the main queue). The last frame always runs, so it shows `endTime`.
    public func run(until endTime: Double, completion: @escaping @MainActor () -> Void) {
        let lastFrame = frameIndex(atOrAfter: endTime)
        DispatchQueue.main.async { [weak self] in
            MainActor.assumeIsolated { self?.step(through: lastFrame, completion: completion) }
        }
    }

    /// The frame last drawn, read from the back buffer.
    public func captureFrame() throws(ScreenCaptureError) -> Image {
        try host.captureBackBuffer()
    }

    // MARK: - Stepping

    private func step(through lastFrame: Int, completion: @escaping @MainActor () -> Void) {
        guard nextFrame <= lastFrame else {
            completion()
            return
        }
        runFrame(nextFrame, forced: nextFrame == lastFrame)
        nextFrame += 1
        DispatchQueue.main.async { [weak self] in
            MainActor.assumeIsolated { self?.step(through: lastFrame, completion: completion) }
        }
    }

    /// Runs frame `index` if anything asked for one, if input is due in it, or if `forced`.
    private func runFrame(_ index: Int, forced: Bool) {
        let time = time(ofFrame: index)
        host.display.sync()
        host.processPendingEvents()
        if forced || scheduled.contains(where: { $0.time <= time }) { host.window.setNeedsFrame() }
        // Advancing by the difference lands exactly on n/60: the difference of two nearby doubles is exact.
        if time > clock.now {
            clock.advance(by: time - clock.now)
        } else {
            clock.runFrameIfNeeded()
        }
        frameCompleted?(time)
    }

    private func frameWillBegin() {
        host.processPendingEvents()
        let now = clock.now
        let due = scheduled.filter { $0.time <= now }
        scheduled.removeAll { $0.time <= now }
        for entry in due {
            for event in entry.events(now) { host.window.send(event) }
        }
    }
}
