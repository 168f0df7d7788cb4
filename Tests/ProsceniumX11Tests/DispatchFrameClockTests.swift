import Dispatch
import Glibc
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

    @Test("while frames are asked for it ticks at 60 Hz on absolute deadlines, counting late ticks as dropped")
    func ticksAtSixtyHertz() async throws {
        let clock = DispatchFrameClock()
        var frames: [Double] = []
        clock.frameHandler = { time in
            frames.append(time)
            if frames.count < 30 { clock.setNeedsFrame() }
        }
        clock.setNeedsFrame()
        // Other suites share the main thread, so wait for the frames rather than for a fixed time.
        for _ in 0..<300 where frames.count < 30 { try await Task.sleep(for: .milliseconds(10)) }
        try await Task.sleep(for: .milliseconds(50))

        #expect(frames.count == 30)
        // A late tick is followed by an early one (the grid is absolute), so look at the average rate.
        #expect((frames[29] - frames[0]) / 29 > 1.0 / 60 - 0.001, "never faster than 60 Hz on average")
        // Every interval in the span is either a frame or a dropped frame: the grid does not drift.
        let span = try #require(frames.last) - frames[0]
        let intervals = span * 60
        let accounted = Double(frames.count - 1 + clock.droppedFrames)
        #expect(abs(intervals - accounted) <= 1.5 + Double(clock.droppedFrames) * 0.5,
                "span of \(intervals) intervals vs \(frames.count - 1) frames + \(clock.droppedFrames) dropped")
        #expect(!clock.isRunning)
    }

    @Test("a frame asked for at a later time runs then, with no ticks before it (a caret's blink costs no CPU)")
    func wakesAtARequestedTime() async throws {
        let clock = DispatchFrameClock()
        var frames: [Double] = []
        clock.frameHandler = { frames.append($0) }
        let asked = clock.now
        clock.setNeedsFrame(at: asked + 0.3)
        clock.setNeedsFrame(at: asked + 0.5)  // a later request does not move the earlier one
        try await Task.sleep(for: .milliseconds(150))
        #expect(frames.isEmpty && clock.ticks == 0, "nothing runs before the time asked for")
        for _ in 0..<200 where frames.isEmpty { try await Task.sleep(for: .milliseconds(5)) }
        let frame = try #require(frames.first)
        #expect(frame >= asked + 0.3 - 0.002, "not early: \(frame - asked) s")
        #expect(clock.ticks == 1, "one tick for one frame")
        try await Task.sleep(for: .milliseconds(100))
        #expect(frames.count == 1 && !clock.isRunning)
    }

    @Test("every consumer reads the same timestamp during a frame, and live time between frames")
    func oneTimestampPerFrame() async throws {
        let clock = DispatchFrameClock()
        var readings: [(handed: Double, first: Double, later: Double)] = []
        clock.frameHandler = { time in
            let first = clock.now
            usleep(3_000)  // work inside the frame takes time, but the frame's time stands still
            readings.append((time, first, clock.now))
        }
        clock.setNeedsFrame()
        try await Task.sleep(for: .milliseconds(100))
        let reading = try #require(readings.first)
        #expect(readings.count == 1)
        #expect(reading.first == reading.handed && reading.later == reading.handed)
        #expect(clock.now > reading.handed + 0.05, "between frames the clock reads live time")
    }

    @Test("requests faster than 60 Hz are coalesced: frames are at least an interval apart")
    func framesNeverComeFasterThanTheRate() async throws {
        let clock = DispatchFrameClock()
        var times: [Double] = []
        clock.frameHandler = { times.append($0) }
        for _ in 0..<40 {
            clock.setNeedsFrame()
            try await Task.sleep(for: .milliseconds(2))
        }
        try await Task.sleep(for: .milliseconds(50))
        #expect(times.count >= 3 && times.count < 20, "\(times.count) frames for 40 requests over ~100 ms")
        let average = (times[times.count - 1] - times[0]) / Double(times.count - 1)
        #expect(average > 1.0 / 60 - 0.001)
    }
}
