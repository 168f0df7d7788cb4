import Proscenium

/// A window on a manual frame clock with one frame already run, for stepping animations in tests.
@MainActor struct AnimationFixture {
    let clock: ManualFrameClock
    let window: Window

    /// A 400×300 window on a 60 Hz manual clock, after its first frame.
    init(size: Size = Size(width: 400, height: 300)) {
        clock = ManualFrameClock(startTime: 10, framesPerSecond: 60)
        window = Window(size: size, clock: clock)
        clock.step()
    }

    /// Adds a 20×20 view with its origin at (x, y) to the window.
    @discardableResult
    func addView(x: Double = 0, y: Double = 0, width: Double = 20, height: Double = 20) -> View {
        let view = View(frame: Rect(x: x, y: y, width: width, height: height))
        view.backgroundColor = .blue
        window.addSubview(view)
        clock.step()
        return view
    }

    /// Runs frames until nothing animates, up to `limit` seconds.
    func runUntilIdle(limit: Double = 10) {
        Self.runUntilIdle(window: window, clock: clock, limit: limit)
    }

    /// Steps `clock` until `window` has nothing animating and asks for no frame, up to `limit` seconds.
    static func runUntilIdle(window: Window, clock: ManualFrameClock, limit: Double) {
        var elapsed = 0.0
        while (window.animationEngine.hasRunningAnimations || clock.needsFrame) && elapsed < limit {
            clock.step()
            elapsed += clock.interval
        }
    }
}

/// Records completion calls.
@MainActor final class CompletionLog<Value> {
    private(set) var calls: [Value] = []
    func record(_ value: Value) { calls.append(value) }
}

/// Whether two numbers agree within `tolerance`.
func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool {
    abs(a - b) <= tolerance
}
