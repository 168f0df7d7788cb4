import Foundation
import TestSupport

/// 60 s of random XTest input on the live demo with `--self-check`: what was sent, what the demo logged,
/// whether it broke an invariant, and its CPU once the input stopped.
@MainActor enum FuzzBenchmark {
    static func run(seed: UInt64) async throws {
        let server = try await PrivateXvfb.start(width: 1600, height: 1000)
        defer { server.stop() }
        let demo = try DemoProcess(arguments: ["--log-events", "--self-check"], environment: ["DISPLAY": server.displayName])
        defer { demo.stop() }
        guard let fuzzer = try fuzzer(of: demo, on: server, seed: seed) else { return }
        let start = Date()
        await fuzzer.run(for: 60) { demo.waitForExit(timeout: 0) == nil }
        let fuzzed = Date().timeIntervalSince(start)
        let alive = demo.waitForExit(timeout: 0.1) == nil
        // The first line that says what went wrong (a crash prints a backtrace after it).
        let death = demo.errorOutput.split(separator: "\n").first { $0.contains("error") || $0.contains("Fatal") }
            .map(String.init) ?? String(demo.errorOutput.prefix(300))
        try await Task.sleep(for: .seconds(1))
        let before = ProcessCPU.seconds(pid: demo.pid)
        try await Task.sleep(for: .seconds(1))
        let idle = ProcessCPU.seconds(pid: demo.pid) - before
        let sent = fuzzer.counts.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", ")
        report("fuzz \(Int(fuzzed.rounded())) s, seed \(seed): input sent", sent)
        report("fuzz: taps / transitions / resizes logged",
               "\(demo.events("tap").count) / \(demo.events("transition").count) / \(demo.events("resize").count)")
        let logProblems = TransitionLog.problems(in: demo.events("transition"))
        report("fuzz: still running / invariant problems / event-log problems",
               "\(alive ? "yes" : "NO: \(death)") / \(demo.events("problem").count) / \(logProblems.count)")
        for problem in (demo.events("problem").compactMap { $0["problem"] as? String } + logProblems).prefix(10) {
            print("  \(problem)")
        }
        report("fuzz: demo CPU in the 2nd second after the input stopped", String(format: "%.1f ms", idle * 1000))
        try await runNavigation(seed: seed)
    }

    /// 30 s of the same on the navigation scene: rows, Back, the inspector, the mouse's Back button, Alt+Left
    /// and edge drags among the rest (see `InputFuzzer.runNavigation`).
    static func runNavigation(seed: UInt64) async throws {
        let server = try await PrivateXvfb.start(width: 1600, height: 1000)
        defer { server.stop() }
        let demo = try DemoProcess(arguments: ["--log-events", "--self-check", "--scene", "navigation"],
                                   environment: ["DISPLAY": server.displayName])
        defer { demo.stop() }
        guard let fuzzer = try fuzzer(of: demo, on: server, seed: seed) else { return }
        await fuzzer.runNavigation(for: 30, while: { demo.waitForExit(timeout: 0) == nil }) {
            TransitionLog.sceneIsUp("navigation", in: demo.events("transition"))
        }
        let alive = demo.waitForExit(timeout: 0.1) == nil
        let ended = demo.events("transition").filter { $0["phase"] as? String == "didEnd" }.compactMap { $0["kind"] as? String }
        let logProblems = TransitionLog.problems(in: demo.events("transition"))
        report("fuzz navigation 30 s, seed \(seed): pushes / pops ended",
               "\(ended.filter { $0 == "push" }.count) / \(ended.filter { $0 == "pop" }.count)")
        report("fuzz navigation: still running / invariant problems / event-log problems",
               "\(alive ? "yes" : "NO") / \(demo.events("problem").count) / \(logProblems.count)")
        for problem in (demo.events("problem").compactMap { $0["problem"] as? String } + logProblems).prefix(10) {
            print("  \(problem)")
        }
    }

    /// A fuzzer for the demo's window once it is ready; nil when the demo names no window.
    private static func fuzzer(of demo: DemoProcess, on server: PrivateXvfb, seed: UInt64) throws -> InputFuzzer? {
        let ready = try demo.waitForEvent("ready")
        guard let window = (ready["window"] as? String).flatMap({ UInt($0.dropFirst(2), radix: 16) }) else { return nil }
        return try InputFuzzer(displayName: server.displayName, window: window, seed: seed, size: (1280, 800))
    }
}
