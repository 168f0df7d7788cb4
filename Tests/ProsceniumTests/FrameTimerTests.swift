import Testing
import Proscenium

/// Timers on a window's frames fire at their time on the frame clock, repeat on a fixed grid, and let the
/// clock sleep in between: no frame is asked for before a timer is due.
@MainActor @Suite("Frame timers")
struct FrameTimerTests {
    @Test("a one-shot timer fires on the first frame at or after its time, once, and asks for no frame before")
    func oneShot() {
        let clock = ManualFrameClock(startTime: 10)
        let window = Window(size: Size(width: 100, height: 100), clock: clock)
        clock.step()
        var fires: [Double] = []
        let timer = window.scheduleTimer(after: 0.5) { _ in fires.append(clock.now) }
        #expect(!clock.needsFrame, "waiting for a timer is not a frame")
        #expect(clock.wakeTime.map { abs($0 - 10.5 - clock.interval) < 1e-9 } == true)
        clock.run(for: 0.45)
        #expect(fires.isEmpty)
        #expect(clock.frameCount == 1, "no frame ran while the timer waited")
        clock.run(for: 0.1)
        #expect(fires.count == 1)
        #expect(!timer.isValid)
        clock.run(for: 2)
        #expect(fires.count == 1 && clock.wakeTime == nil)
    }

    @Test("a repeating timer fires every interval until invalidated, skipping fires it missed")
    func repeating() {
        let clock = ManualFrameClock(startTime: 0)
        let window = Window(size: Size(width: 100, height: 100), clock: clock)
        clock.step()
        var fires = 0
        let timer = window.scheduleTimer(after: 0.5, repeats: true) { _ in fires += 1 }
        clock.run(for: 2.0)
        #expect(fires == 4)
        #expect(clock.frameCount == 1 + 4, "one frame per fire and none between")
        clock.advance(by: 10)  // a long stall: one fire, not twenty
        #expect(fires == 5)
        timer.invalidate()
        clock.run(for: 2)
        #expect(fires == 5 && clock.wakeTime == nil)
    }

    @Test("a timer's action runs inside the frame, so what it marks is drawn in that frame")
    func actionDrawsInItsFrame() {
        let clock = ManualFrameClock(startTime: 0)
        let window = Window(size: Size(width: 100, height: 100), clock: clock)
        let view = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        window.addSubview(view)
        clock.step()
        window.scheduleTimer(after: 0.25) { _ in view.backgroundColor = .systemBlue }
        clock.run(for: 0.3)
        #expect(window.lastDamage.intersects(Rect(x: 4, y: 4, width: 2, height: 2)))
        #expect(!clock.needsFrame)
    }
}
