import Dispatch
import Proscenium
import ProsceniumX11
import Testing

/// The Dispatch-driven 60 Hz clock: it runs frames when asked and sleeps when idle.
@MainActor @Suite("Dispatch frame clock", .serialized)
struct DispatchFrameClockTests {
    @Test("it runs one frame per request and then stops ticking: no ticks over an idle half second")
    func sleepsWhenIdle() async throws {
        let clock = DispatchFrameClock()
        var frames: [Double] = []
        clock.frameHandler = { frames.append($0) }
        clock.setNeedsFrame()
        clock.setNeedsFrame()
        try await Task.sleep(for: .milliseconds(100))
        #expect(frames.count == 1)
        #expect(!clock.isRunning)

        let ticksBefore = clock.ticks
        try await Task.sleep(for: .milliseconds(500))
        #expect(clock.ticks == ticksBefore)
        #expect(frames.count == 1)
    }

    @Test("while frames are asked for it ticks at about 60 Hz with monotonic timestamps")
    func ticksAtSixtyHertz() async throws {
        let clock = DispatchFrameClock()
        var frames: [Double] = []
        clock.frameHandler = { time in
            frames.append(time)
            if frames.count < 30 { clock.setNeedsFrame() }
        }
        clock.setNeedsFrame()
        try await Task.sleep(for: .milliseconds(800))
        #expect(frames.count == 30)
        #expect(zip(frames, frames.dropFirst()).allSatisfy { $0 < $1 })
        let span = try #require(frames.last) - frames[0]
        // 29 intervals of 16.7 ms is 483 ms; allow for a loaded CI machine but not for a 120 Hz or 30 Hz clock.
        #expect(span > 0.40 && span < 0.70)
        #expect(!clock.isRunning)
    }

    @Test("every consumer reads the same timestamp during a frame")
    func oneTimestampPerFrame() async throws {
        let clock = DispatchFrameClock()
        var seen: [(Double, Double)] = []
        clock.frameHandler = { time in
            seen.append((time, clock.now))
        }
        clock.setNeedsFrame()
        try await Task.sleep(for: .milliseconds(100))
        #expect(seen.count == 1)
        #expect(seen.allSatisfy { $0.0 == $0.1 })
    }
}
