import Proscenium
import Testing

/// The manual frame clock: frames run only when asked for, at the times the test chooses.
@MainActor @Suite("Manual frame clock")
struct ManualFrameClockTests {
    @Test("a frame runs only when one was asked for, with the clock's time")
    func runsRequestedFramesOnly() {
        let clock = ManualFrameClock(startTime: 10)
        var times: [Double] = []
        clock.frameHandler = { times.append($0) }
        clock.advance(by: 0.25)
        #expect(times.isEmpty)
        clock.setNeedsFrame()
        clock.setNeedsFrame()
        clock.advance(by: 0.25)
        #expect(times == [10.5])
        clock.step()
        #expect(times == [10.5])
        #expect(clock.frameCount == 1)
    }

    @Test("the same steps give the same frames: a window's frames are deterministic")
    func deterministic() {
        func run() -> [Double] {
            let clock = ManualFrameClock()
            let window = Window(size: Size(width: 100, height: 100), clock: clock)
            var times: [Double] = []
            clock.frameHandler = { time in
                times.append(time)
                window.performFrame(at: time)
                if times.count < 5 { clock.setNeedsFrame() }
            }
            clock.setNeedsFrame()
            clock.run(for: 0.2)
            return times
        }
        let first = run()
        #expect(first.count == 5)
        #expect(first == run())
        #expect(abs(first[1] - first[0] - 1.0 / 60) < 1e-12)
    }

    @Test("a window asks for a frame when a view changes and not otherwise")
    func windowRequestsFramesOnChange() {
        let clock = ManualFrameClock()
        let window = Window(size: Size(width: 100, height: 100), clock: clock)
        clock.step()
        #expect(!clock.needsFrame)
        let view = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        window.addSubview(view)
        #expect(clock.needsFrame)
        clock.step()
        #expect(!clock.needsFrame)
        view.backgroundColor = .red
        #expect(clock.needsFrame)
    }

    @Test("a frame whose layout moves and resizes views does not ask for another frame")
    func layoutDoesNotRearmTheClock() {
        let clock = ManualFrameClock()
        let window = Window(size: Size(width: 200, height: 100), clock: clock)
        let controller = ViewController()
        let child = View()
        controller.view.addSubview(child)
        window.rootViewController = controller
        clock.step()
        #expect(!clock.needsFrame)

        window.resize(to: Size(width: 300, height: 150))
        #expect(clock.needsFrame)
        clock.step()
        #expect(controller.view.bounds.size == Size(width: 300, height: 150))
        #expect(!clock.needsFrame, "the frame served its own layout's changes")
    }
}
