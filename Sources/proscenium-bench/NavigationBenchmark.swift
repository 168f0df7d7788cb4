import Foundation
import Proscenium
import ProsceniumX11
import TestSupport

/// Push and pop on the demo's real Dispatch frame clock: the navigation scene pushes a screen and pops it
/// over and over (`--animate-continuously`), next to the bouncy presentation run the same way, at
/// 1280x800 and 3840x2160. Prints frames and dropped frames, and app + X CPU per animated frame.
@MainActor enum NavigationBenchmark {
    static func run() async throws {
        for (width, height) in [(1280, 800), (3840, 2160)] {
            for scene in ["navigation", "bouncy"] {
                try await measure(scene: scene, width: width, height: height)
            }
        }
    }

    private static func measure(scene: String, width: Int, height: Int) async throws {
        let server = try await PrivateXvfb.start(width: width, height: height)
        defer { server.stop() }
        let seconds = 4.0
        let demo = try DemoProcess(arguments: ["--scene", scene, "--size", "\(width)x\(height)", "--animate-continuously",
                                               "--exit-after", String(seconds + 1), "--log-events", "--stats"],
                                   environment: ["DISPLAY": server.displayName])
        defer { demo.stop() }
        _ = try demo.waitForEvent("ready")
        // From the first push (or presentation) on, everything drawn is a transition frame.
        let first = scene == "navigation" ? "willBegin" : "presentationDidEnd"
        while !demo.events("transition").contains(where: { $0["phase"] as? String == first }) {
            guard demo.waitForExit(timeout: 0.02) == nil else { throw DemoProcessError.noEvent(first, stderr: demo.errorOutput) }
        }
        // Transitions follow each other with no frame between them, so every 1/60 s of the span is a frame.
        let before = (demo: ProcessCPU.sample(pid: demo.pid), server: ProcessCPU.sample(pid: server.pid))
        let start = Date()
        try await Task.sleep(nanoseconds: UInt64(seconds * 3 / 4 * 1e9))
        let demoCPU = ProcessCPU.seconds(from: before.demo, to: ProcessCPU.sample(pid: demo.pid))
        let serverCPU = ProcessCPU.seconds(from: before.server, to: ProcessCPU.sample(pid: server.pid))
        let perFrame = 1000 / max(Date().timeIntervalSince(start) * 60, 1)
        let stats = try demo.waitForEvent("stats", timeout: 10)
        let frames = stats["frames"] as? Int ?? 0
        let dropped = stats["dropped"] as? Int ?? 0
        let transitions = demo.events("transition").filter { $0["phase"] as? String == (scene == "navigation" ? "didEnd" : "presentationDidEnd") }.count
        let label = "navigation \(width)x\(height), \(scene == "navigation" ? "push and pop" : "bouncy present and dismiss"), real clock"
        report("\(label): frames / dropped / transitions ended", "\(frames) / \(dropped) / \(transitions)")
        report("\(label): frame time p50 / p99", "\(format(stats["p50"] as? Double ?? .nan)) / \(format(stats["p99"] as? Double ?? .nan))")
        report("\(label): CPU per frame demo + X = total",
               "\(format(demoCPU * perFrame)) + \(format(serverCPU * perFrame)) = \(format((demoCPU + serverCPU) * perFrame))")
    }
}
