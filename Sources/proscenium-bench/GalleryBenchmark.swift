import Foundation
import TestSupport

/// The gallery's `bouncy` scene as a user runs it, on the demo's real Dispatch frame clock: presented at
/// launch (0.8 s spring), dismissed by Escape at 1.2 s (0.3 s slide), quit at 1.8 s. Five runs per size;
/// CPU of the demo and of the X server is read from /proc around the animated part.
enum GalleryBenchmark {
    static func run() async throws {
        for (width, height) in [(1280, 800), (2560, 1440)] {
            try await measure(width: width, height: height)
        }
    }

    private static func measure(width: Int, height: Int) async throws {
        let server = try await PrivateXvfb.start(width: width, height: height)
        defer { server.stop() }
        var demoCPU = 0.0, serverCPU = 0.0, animatedFrames = 0, frames = 0, dropped = 0
        var p50 = Samples(), p99 = Samples(), firstFrame = Samples(), peakRSS = 0.0
        for _ in 0..<5 {
            let demo = try DemoProcess(arguments: ["--scene", "bouncy", "--size", "\(width)x\(height)", "--key", "escape",
                                                   "--input-at", "1.2", "--exit-after", "1.8", "--log-events", "--stats"],
                                       environment: ["DISPLAY": server.displayName])
            defer { demo.stop() }
            _ = try demo.waitForEvent("ready")
            let before = (demo: ProcessCPU.sample(pid: demo.pid), server: ProcessCPU.sample(pid: server.pid))
            // Poll gently: this process shares the two cores with the two it measures.
            while !demo.events("transition").contains(where: { $0["phase"] as? String == "dismissalDidEnd" }) {
                guard demo.waitForExit(timeout: 0.02) == nil else { throw DemoProcessError.noEvent("dismissalDidEnd", stderr: demo.errorOutput) }
            }
            demoCPU += ProcessCPU.seconds(from: before.demo, to: ProcessCPU.sample(pid: demo.pid))
            serverCPU += ProcessCPU.seconds(from: before.server, to: ProcessCPU.sample(pid: server.pid))
            let stats = try demo.waitForEvent("stats", timeout: 10)
            let count = stats["frames"] as? Int ?? 0
            frames += count
            animatedFrames += count - 1  // all but the first frame belong to the two transitions
            dropped += stats["dropped"] as? Int ?? 0
            p50.add(stats["p50"] as? Double ?? .nan)
            p99.add(stats["p99"] as? Double ?? .nan)
            firstFrame.add(stats["firstFrameMs"] as? Double ?? .nan)
            peakRSS = max(peakRSS, (stats["peakRSSKiB"] as? Double) ?? Double(stats["peakRSSKiB"] as? Int ?? 0))
        }
        let label = "gallery bouncy \(width)x\(height), real clock, 5 runs"
        report("\(label): frames / dropped", "\(frames) / \(dropped)")
        report("\(label): frame time p50 / p99 (median run)", "\(format(p50.median)) / \(format(p99.median))")
        let perFrame = 1000 / Double(max(animatedFrames, 1))
        report("\(label): CPU per animated frame demo + X = total",
               "\(format(demoCPU * perFrame)) + \(format(serverCPU * perFrame)) = \(format((demoCPU + serverCPU) * perFrame))")
        report("\(label): first frame (median) / peak RSS",
               "\(format(firstFrame.median)) / \(String(format: "%.1f MiB", peakRSS / 1024))")
    }
}
