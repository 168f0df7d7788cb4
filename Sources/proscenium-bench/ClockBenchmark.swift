import Dispatch
import Glibc
import ProsceniumX11
import TestSupport

/// What the run loop itself costs a frame: the real 60 Hz `DispatchFrameClock` ticking with a frame handler
/// that does nothing but ask for the next frame, in this process, whose main queue is served the way the
/// demo's is after `dispatchMain()`.
///
/// Each tick wakes two threads: libdispatch's manager thread (its timer) and a worker that drains the main
/// queue. That CPU is part of every frame the demo draws on the real clock, so it bounds from below what
/// any change to the frame can save.
@MainActor enum ClockBenchmark {
    static func run() async throws {
        let clock = DispatchFrameClock()
        clock.frameHandler = { _ in clock.setNeedsFrame() }
        clock.setNeedsFrame()
        // Let the first ticks settle (workers start, pages fault in) before measuring.
        try await Task.sleep(for: .milliseconds(500))
        let pid = getpid()
        let ticks = clock.ticks, before = ProcessCPU.sample(pid: pid)
        try await Task.sleep(for: .seconds(3))
        let measured = clock.ticks - ticks, after = ProcessCPU.sample(pid: pid)
        clock.frameHandler = nil
        let microseconds = ProcessCPU.seconds(from: before, to: after) / Double(max(measured, 1)) * 1e6
        report("run loop: 60 Hz DispatchFrameClock, empty frames, CPU per tick",
               String(format: "%.1f µs (%d ticks in 3 s)", microseconds, measured))
    }
}
