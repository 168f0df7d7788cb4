import Foundation
import ProsceniumX11
import Testing
import TestSupport

/// The README's "nothing moving: no CPU at all, in the demo or in the X server": with nothing animating,
/// the demo's frame clock stops and it sends the server nothing, so over two idle seconds neither the
/// demo's nor the private Xvfb's CPU time (the kernel's 10 ms ticks, as `proscenium-bench idle` reads
/// them) grows — on the home screen after launch, and with a scene presented once its transition ended.
@Suite("Idle CPU", .serialized)
struct IdleCPUTests {
    /// CPU of the demo and of its X server over `seconds` of doing nothing: ticks (user + system, from
    /// /proc/PID/stat) and, for the failure message, each thread's precise time.
    private static func idleCPU(demo: DemoProcess, server: PrivateXvfb, seconds: Double) async throws
        -> (demoTicks: Double, serverTicks: Double, demoPrecise: Double, serverPrecise: Double) {
        let ticks = (demo: ProcessCPU.seconds(pid: demo.pid), server: ProcessCPU.seconds(pid: server.pid))
        let samples = (demo: ProcessCPU.sample(pid: demo.pid), server: ProcessCPU.sample(pid: server.pid))
        try await Task.sleep(for: .milliseconds(Int(seconds * 1000)))
        return (ProcessCPU.seconds(pid: demo.pid) - ticks.demo,
                ProcessCPU.seconds(pid: server.pid) - ticks.server,
                ProcessCPU.seconds(from: samples.demo, to: ProcessCPU.sample(pid: demo.pid)),
                ProcessCPU.seconds(from: samples.server, to: ProcessCPU.sample(pid: server.pid)))
    }

    /// Waits until the demo has gone idle: neither process ran at all for a little longer than
    /// `WindowHost.idleDelay` (up to `limit` seconds; on a loaded machine start-up work finishes late). A
    /// shorter quiet spell is not idle yet: that long after its last frame the window lets go of what only
    /// animation needs, once (the back buffer made whole again, spare layers freed), a fraction of a
    /// millisecond that lands in a 10 ms tick now and then. A demo that never idles fails after.
    private static func settle(demo: DemoProcess, server: PrivateXvfb, limit: Double = 8) async throws {
        let quiet = WindowHost.idleDelay + 0.25
        let deadline = Date().addingTimeInterval(limit)
        while Date() < deadline {
            let before = (demo: ProcessCPU.sample(pid: demo.pid), server: ProcessCPU.sample(pid: server.pid))
            try await Task.sleep(for: .seconds(quiet))
            if ProcessCPU.seconds(from: before.demo, to: ProcessCPU.sample(pid: demo.pid)) == 0,
               ProcessCPU.seconds(from: before.server, to: ProcessCPU.sample(pid: server.pid)) == 0 { return }
        }
    }

    private static func expectIdle(_ cpu: (demoTicks: Double, serverTicks: Double, demoPrecise: Double, serverPrecise: Double),
                                   _ what: String, demo: DemoProcess) {
        let detail = String(format: "%@: demo %.0f ms of ticks (%.3f ms measured per thread), X server %.0f ms (%.3f ms)",
                            what, cpu.demoTicks * 1000, cpu.demoPrecise * 1000, cpu.serverTicks * 1000, cpu.serverPrecise * 1000)
        #expect(cpu.demoTicks == 0, "the demo used CPU while idle; \(detail); stderr: \(demo.errorOutput)")
        #expect(cpu.serverTicks == 0, "the X server used CPU while the demo was idle; \(detail)")
        print(detail)
    }

    @Test("the home screen after launch: two idle seconds cost the demo and the X server no CPU tick")
    func idleHomeScreen() async throws {
        let server = try await PrivateXvfb.start(width: 1280, height: 800)
        defer { server.stop() }
        let demo = try DemoProcess(arguments: ["--log-events"], environment: ["DISPLAY": server.displayName])
        defer { demo.stop() }
        _ = try await demo.event("ready")
        try await Self.settle(demo: demo, server: server)
        let cpu = try await Self.idleCPU(demo: demo, server: server, seconds: 2)
        Self.expectIdle(cpu, "home screen", demo: demo)
        #expect(demo.events("exit").isEmpty, "still running")
    }

    @Test("a scene presented and settled: two idle seconds cost the demo and the X server no CPU tick")
    func idleAfterATransition() async throws {
        let server = try await PrivateXvfb.start(width: 1280, height: 800)
        defer { server.stop() }
        let demo = try DemoProcess(arguments: ["--scene", "bouncy", "--log-events"], environment: ["DISPLAY": server.displayName])
        defer { demo.stop() }
        _ = try await demo.event("ready")
        let deadline = Date().addingTimeInterval(20)
        while !demo.events("transition").contains(where: { $0["phase"] as? String == "presentationDidEnd" }), Date() < deadline {
            try await Task.sleep(for: .milliseconds(20))
        }
        try #require(demo.events("transition").contains { $0["phase"] as? String == "presentationDidEnd" },
                     "bouncy never finished presenting; events: \(demo.lines)")
        try await Self.settle(demo: demo, server: server)
        let cpu = try await Self.idleCPU(demo: demo, server: server, seconds: 2)
        Self.expectIdle(cpu, "bouncy presented", demo: demo)
    }

    @Test("with a session bus to ask (the accessibility bridge asks it off the main thread), the idle demo is not woken every second")
    func noPeriodicWakeAfterBackgroundWork() async throws {
        let server = try await PrivateXvfb.start(width: 1280, height: 800)
        defer { server.stop() }
        // No bus listens there: the lookup fails at once, but it ran on a background queue. On a global
        // queue, libdispatch would then watch its thread pool with a timer firing every second for good.
        let demo = try DemoProcess(arguments: ["--log-events"],
                                   environment: ["DISPLAY": server.displayName, "AT_SPI_BUS_ADDRESS": nil,
                                                 "DBUS_SESSION_BUS_ADDRESS": "unix:path=/nonexistent/proscenium-test-bus"])
        defer { demo.stop() }
        _ = try await demo.event("ready")
        try await Self.settle(demo: demo, server: server)
        // Each thread's CPU to the nanosecond, in three one-second windows: a thread's one-off exit can
        // fall in one of them, a timer every second falls in all three.
        var busy: [Double] = []
        for _ in 0..<3 {
            let before = ProcessCPU.sample(pid: demo.pid)
            try await Task.sleep(for: .seconds(1))
            busy.append(ProcessCPU.seconds(from: before, to: ProcessCPU.sample(pid: demo.pid)))
        }
        #expect(busy.contains(0), "the demo ran in every idle second: \(busy.map { String(format: "%.1f µs", $0 * 1e6) })")
    }
}
