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
            let demo = try BenchDemo(arguments: [], display: server.displayName)
            let event = try demo.waitFor("firstFrame")
            wall.add(Date().timeIntervalSince(start) * 1000)
            inProcess.add(event["ms"] as? Double ?? .nan)
            demo.stop()
        }
        report("launch → first frame on screen, spawn to JSON line (median)", format(wall.median))
        report("launch → first frame, measured inside the demo from main (median)", format(inProcess.median))
    }

    /// CPU used by the demo and the X server over 5 s with nothing moving.
    static func runIdle() async throws {
        let server = try await PrivateXvfb.start(width: 1280, height: 800)
        defer { server.stop() }
        let demo = try BenchDemo(arguments: [], display: server.displayName)
        defer { demo.stop() }
        _ = try demo.waitFor("firstFrame")
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
        let demo = try BenchDemo(arguments: ["--animate-continuously", "--exit-after", "10"], display: server.displayName)
        _ = try demo.waitFor("firstFrame")
        // Steady state only: skip the first second (font loading, shadow masks) and stop before the exit.
        try await Task.sleep(for: .seconds(1))
        let cpuBefore = ProcessCPU.seconds(pid: demo.pid) + ProcessCPU.seconds(pid: server.pid)
        try await Task.sleep(for: .seconds(8))
        let cpu = ProcessCPU.seconds(pid: demo.pid) + ProcessCPU.seconds(pid: server.pid) - cpuBefore
        let event = try demo.waitFor("frameStats", timeout: 30)
        let dropped = event["dropped"] as? Int ?? 0
        report("10 s continuous animation: frames / dropped", "\(event["frames"] ?? "?") / \(dropped)")
        // At 60 Hz with no dropped frame, the 8 s window held 480 frames.
        if dropped == 0 {
            report("continuous animation, steady state: CPU, demo + X server, per frame", format(cpu * 1000 / 480))
        }
    }
}

/// The demo executable as a child process for the launch benchmarks.
final class BenchDemo {
    private let process = Process()
    private let output = Pipe()
    private var buffer = ""

    var pid: Int32 { process.processIdentifier }

    init(arguments: [String], display: String) throws {
        process.executableURL = URL(fileURLWithPath: try ProductLocator.executable(named: "proscenium-demo"))
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = display
        process.environment = environment
        process.standardOutput = output
        try process.run()
    }

    func waitFor(_ name: String, timeout: Double = 20) throws -> [String: Any] {
        let deadline = Date().addingTimeInterval(timeout)
        let handle = output.fileHandleForReading
        while Date() < deadline {
            while let newline = buffer.firstIndex(of: "\n") {
                let line = String(buffer[..<newline])
                buffer = String(buffer[buffer.index(after: newline)...])
                if let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                   object["event"] as? String == name { return object }
            }
            let data = handle.availableData
            if data.isEmpty { break }
            buffer += String(decoding: data, as: UTF8.self)
        }
        throw BenchError.missingEvent(name)
    }

    func stop() {
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
    }
}

enum BenchError: Error {
    case missingEvent(String)
}
