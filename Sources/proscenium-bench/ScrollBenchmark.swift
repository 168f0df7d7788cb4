import CX11
import Foundation
import Proscenium
import ProsceniumX11
import TestSupport

/// The gallery's 10,000-row list scrolled as a user scrolls it, on the demo's real Dispatch clock: a drag
/// at a hand's pace (a move every 16 ms) flings it, then 30 wheel notches in bursts scroll it on. Dropped
/// frames and frame times come from the demo's own statistics; CPU of the demo and of the X server is read
/// from /proc around the scrolling, per frame the scrolling drew (the frames of a run that only presents
/// the list are subtracted).
enum ScrollBenchmark {
    static func run() async throws {
        for (width, height) in [(1280, 800), (2560, 1440), (3840, 2160)] {
            try await measure(width: width, height: height)
        }
    }

    @MainActor private static func measure(width: Int, height: Int) async throws {
        let server = try await PrivateXvfb.start(width: width, height: height)
        defer { server.stop() }
        let arguments = ["--scene", "list", "--size", "\(width)x\(height)", "--log-events", "--stats"]
        // The frames the presentation alone takes.
        let presentOnly = try DemoProcess(arguments: arguments + ["--exit-after", "1.2"], environment: ["DISPLAY": server.displayName])
        let presentStats = try presentOnly.waitForEvent("stats", timeout: 20)
        await presentOnly.stop()
        let presentFrames = presentStats["frames"] as? Int ?? 0

        let demo = try DemoProcess(arguments: arguments, environment: ["DISPLAY": server.displayName])
        defer { demo.stop() }
        let ready = try demo.waitForEvent("ready")
        while !demo.events("transition").contains(where: { $0["phase"] as? String == "presentationDidEnd" }) {
            guard demo.waitForExit(timeout: 0.02) == nil else { throw DemoProcessError.noEvent("presentationDidEnd", stderr: demo.errorOutput) }
        }
        guard let window = (ready["window"] as? String).flatMap({ UInt($0.dropFirst(2), radix: 16) }) else {
            throw DemoProcessError.noEvent("ready with a window", stderr: demo.errorOutput)
        }
        let display = try Display(name: server.displayName)
        var x: Int32 = 0, y: Int32 = 0
        var child: CX11.Window = 0
        XTranslateCoordinates(display.pointer, CX11.Window(window), display.rootWindow, 0, 0, &x, &y, &child)
        let input = try XTestInput(displayName: server.displayName)
        func restings() -> Int { demo.events("scroll").filter { $0["phase"] as? String == "ended" }.count }
        func waitForRest(_ count: Int) throws {
            let deadline = Date().addingTimeInterval(20)
            while restings() < count {
                guard Date() < deadline else { throw DemoProcessError.noEvent("scroll ended", stderr: demo.errorOutput) }
                usleep(20_000)
            }
        }

        let before = (demo: ProcessCPU.sample(pid: demo.pid), server: ProcessCPU.sample(pid: server.pid))
        let centreX = Double(x) + Double(width) / 2
        let bottom = Double(y) + Double(height) - 40
        input.move(to: Point(x: centreX, y: bottom))
        input.press(button: 1)
        for step in 1...10 {
            usleep(16_000)
            input.move(to: Point(x: centreX, y: bottom - Double(height) * 0.6 * Double(step) / 10))
        }
        input.release(button: 1)
        try waitForRest(1)
        for _ in 0..<6 {
            for _ in 0..<5 { input.press(button: 5); input.release(button: 5) }
            usleep(100_000)
        }
        try waitForRest(2)
        let demoCPU = ProcessCPU.seconds(from: before.demo, to: ProcessCPU.sample(pid: demo.pid))
        let serverCPU = ProcessCPU.seconds(from: before.server, to: ProcessCPU.sample(pid: server.pid))
        kill(demo.pid, SIGTERM)
        let stats = try demo.waitForEvent("stats", timeout: 10)
        let frames = stats["frames"] as? Int ?? 0
        let scrolled = max(frames - presentFrames, 1)
        let label = "scroll list \(width)x\(height), real clock"
        report("\(label): frames scrolled / dropped in the run", "\(scrolled) / \(stats["dropped"] as? Int ?? 0)")
        report("\(label): frame time p50 / p99", "\(format(stats["p50"] as? Double ?? .nan)) / \(format(stats["p99"] as? Double ?? .nan))")
        let perFrame = 1000 / Double(scrolled)
        report("\(label): CPU per scrolled frame demo + X = total",
               "\(format(demoCPU * perFrame)) + \(format(serverCPU * perFrame)) = \(format((demoCPU + serverCPU) * perFrame))")
        let peak = (stats["peakRSSKiB"] as? Double) ?? Double(stats["peakRSSKiB"] as? Int ?? 0)
        report("\(label): peak RSS", String(format: "%.1f MiB", peak / 1024))
    }
}
