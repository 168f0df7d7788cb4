import Foundation
import TestSupport

/// Benchmarks that run the demo as a user would: launch time, idle CPU, dropped frames while animating.
enum LaunchBenchmark {
    /// Time from spawning the process to its first frame being on screen (reported by the demo), 10 runs.
    static func runLaunch() async throws {
        let server = try await PrivateXvfb.start(width: 1280, height: 800)
        defer { server.stop() }
        var inProcess = Samples(), wall = Samples()
        for _ in 0..<10 {
            let start = Date()
            let demo = try DemoProcess(arguments: ["--log-events"], environment: ["DISPLAY": server.displayName])
            let event = try demo.waitForEvent("ready")
            wall.add(Date().timeIntervalSince(start) * 1000)
            inProcess.add(event["ms"] as? Double ?? .nan)
            await demo.stop()
        }
        report("launch → first frame on screen, spawn to JSON line (median)", format(wall.median))
        report("launch → first frame, measured inside the demo from main (median)", format(inProcess.median))
    }

    /// CPU used by the demo and the X server over 5 s with nothing moving.
    static func runIdle() async throws {
        let server = try await PrivateXvfb.start(width: 1280, height: 800)
        defer { server.stop() }
        let demo = try DemoProcess(arguments: ["--log-events"], environment: ["DISPLAY": server.displayName])
        defer { demo.stop() }
        _ = try demo.waitForEvent("ready")
        try await Task.sleep(for: .milliseconds(500))
        let before = (app: ProcessCPU.seconds(pid: demo.pid), x: ProcessCPU.seconds(pid: server.pid))
        try await Task.sleep(for: .seconds(5))
        let after = (app: ProcessCPU.seconds(pid: demo.pid), x: ProcessCPU.seconds(pid: server.pid))
        report("idle CPU over 5 s: demo / X server", String(format: "%.0f ms / %.0f ms", (after.app - before.app) * 1000, (after.x - before.x) * 1000))
    }

    /// Dropped frames in a 10 s run of the demo animating continuously.
    static func runDropped() async throws {
        let server = try await PrivateXvfb.start(width: 1280, height: 800)
        defer { server.stop() }
        let demo = try DemoProcess(arguments: ["--animate-continuously", "--exit-after", "10", "--log-events", "--stats"],
                                   environment: ["DISPLAY": server.displayName])
        _ = try demo.waitForEvent("ready")
        // Steady state only: skip the first second (font loading, shadow masks) and stop before the exit.
        try await Task.sleep(for: .seconds(1))
        let cpuBefore = (demo: ProcessCPU.sample(pid: demo.pid), x: ProcessCPU.sample(pid: server.pid))
        try await Task.sleep(for: .seconds(8))
        let cpu = ProcessCPU.seconds(from: cpuBefore.demo, to: ProcessCPU.sample(pid: demo.pid))
            + ProcessCPU.seconds(from: cpuBefore.x, to: ProcessCPU.sample(pid: server.pid))
        let event = try demo.waitForEvent("stats", timeout: 30)
        let dropped = event["dropped"] as? Int ?? 0
        report("10 s continuous animation: frames / dropped", "\(event["frames"] ?? "?") / \(dropped)")
        // At 60 Hz with no dropped frame, the 8 s window held 480 frames.
        if dropped == 0 {
            report("continuous animation, steady state: CPU, demo + X server, per frame", format(cpu * 1000 / 480))
        }
    }
}
