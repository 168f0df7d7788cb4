import CX11
import Foundation
import Proscenium
import ProsceniumX11
import TestSupport

/// The gallery's `bouncy` scene as a user runs it, on the demo's real Dispatch frame clock: presented at
/// launch (0.8 s spring), dismissed by Escape at 1.2 s (0.3 s slide), quit at 1.8 s. Five runs per size;
/// CPU of the demo and of the X server is read from /proc around the animated part.
enum GalleryBenchmark {
    static func run() async throws {
        for (width, height) in [(1280, 800), (2560, 1440), (3840, 2160)] {
            try await measure(width: width, height: height)
        }
        // A 2560x1600 HiDPI screen at scale 2: the same 1280x800 points, four times the pixels.
        try await measure(width: 1280, height: 800, scale: 2)
        try await showEveryScene()
    }

    /// Peak memory once every scene has been shown: each is presented by an XTest click on its home
    /// button and dismissed with Escape, one after the other, at 1280x800.
    @MainActor private static func showEveryScene() async throws {
        let server = try await PrivateXvfb.start(width: 1280, height: 800)
        defer { server.stop() }
        let demo = try DemoProcess(arguments: ["--log-events", "--stats"], environment: ["DISPLAY": server.displayName])
        defer { demo.stop() }
        let ready = try demo.waitForEvent("ready")
        let tree = try demo.waitForEvent("tree")
        guard let window = (ready["window"] as? String).flatMap({ UInt($0.dropFirst(2), radix: 16) }),
              let views = tree["views"] as? [[String: Any]] else {
            throw DemoProcessError.noEvent("ready with a window and a tree with views", stderr: demo.errorOutput)
        }
        let display = try Display(name: server.displayName)
        let input = try XTestInput(displayName: server.displayName)
        func count(_ phase: String) -> Int { demo.events("transition").filter { $0["phase"] as? String == phase }.count }
        func waitFor(_ phase: String, count wanted: Int) throws {
            let deadline = Date().addingTimeInterval(10)
            while count(phase) < wanted {
                guard Date() < deadline else { throw DemoProcessError.noEvent(phase, stderr: demo.errorOutput) }
                usleep(20_000)
            }
        }
        var shown = 0
        for view in views {
            guard let id = view["id"] as? String, id.hasPrefix("present-"), let frame = view["frame"] as? [Double] else { continue }
            input.click(at: Point(x: frame[0] + frame[2] / 2, y: frame[1] + frame[3] / 2))
            shown += 1
            try waitFor("presentationDidEnd", count: shown)
            XSetInputFocus(display.pointer, CX11.Window(window), RevertToParent, Time(CurrentTime))
            display.sync()
            input.key(UInt(XK_Escape))
            try waitFor("dismissalDidEnd", count: shown)
        }
        kill(demo.pid, SIGTERM)
        let stats = try demo.waitForEvent("stats", timeout: 10)
        let peak = (stats["peakRSSKiB"] as? Double) ?? Double(stats["peakRSSKiB"] as? Int ?? 0)
        report("gallery: peak RSS with all \(shown) scenes shown once", String(format: "%.1f MiB", peak / 1024))
    }

    private static func measure(width: Int, height: Int, scale: Double = 1) async throws {
        let server = try await PrivateXvfb.start(width: Int(Double(width) * scale), height: Int(Double(height) * scale))
        defer { server.stop() }
        var demoCPU = 0.0, serverCPU = 0.0, animatedFrames = 0, frames = 0, dropped = 0
        var p50 = Samples(), p99 = Samples(), firstFrame = Samples(), peakRSS = 0.0
        for _ in 0..<5 {
            let demo = try DemoProcess(arguments: ["--scene", "bouncy", "--size", "\(width)x\(height)", "--scale", String(scale), "--key", "escape",
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
        let label = scale == 1 ? "gallery bouncy \(width)x\(height), real clock, 5 runs"
            : "gallery bouncy \(width)x\(height) points at scale \(scale) (\(Int(Double(width) * scale))x\(Int(Double(height) * scale)) pixels), real clock, 5 runs"
        report("\(label): frames / dropped", "\(frames) / \(dropped)")
        report("\(label): frame time p50 / p99 (median run)", "\(format(p50.median)) / \(format(p99.median))")
        let perFrame = 1000 / Double(max(animatedFrames, 1))
        report("\(label): CPU per animated frame demo + X = total",
               "\(format(demoCPU * perFrame)) + \(format(serverCPU * perFrame)) = \(format((demoCPU + serverCPU) * perFrame))")
        report("\(label): first frame (median) / peak RSS",
               "\(format(firstFrame.median)) / \(String(format: "%.1f MiB", peakRSS / 1024))")
    }
}
