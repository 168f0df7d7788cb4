import CX11
import Foundation
import Proscenium
import ProsceniumX11
import Testing
import TestSupport

/// Resize storms on the live demo: the window resized every 10 ms through the X server while bouncy
/// springs, as a window manager's rubber-band resize would. Nothing may crash or pile up, the last
/// size must be drawn right, and the demo must go back to sleep.
@MainActor @Suite("Resize storms", .serialized)
struct ResizeStormTests {
    private func waitUntil(_ what: String, timeout: Double = 10, _ condition: () -> Bool) async throws {
        let deadline = Date().addingTimeInterval(timeout)
        while !condition() {
            if Date() > deadline { throw FixtureError.timeout(what) }
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    /// Sizes that sweep across 640 px and down to the 480x480 minimum, different every step.
    private func stormSize(_ step: Int) -> (width: UInt32, height: UInt32) {
        (UInt32(480 + (step * 37) % 900), UInt32(480 + (step * 53) % 420))
    }

    private func demoWindow(_ demo: DemoProcess) async throws -> CX11.Window {
        let ready = try await demo.event("ready")
        return try #require((ready["window"] as? String).flatMap { UInt($0.dropFirst(2), radix: 16) })
    }

    @Test("1,000 resizes in 10 s while presentations spring: memory and X resources stay flat")
    func aThousandResizesInTenSeconds() async throws {
        try await withPrivateXvfb(width: 1600, height: 1000) { server in
            let demo = try DemoProcess(arguments: ["--animate-continuously", "--log-events"],
                                       environment: ["DISPLAY": server.displayName])
            defer { demo.stop() }
            let window = try await demoWindow(demo)
            let display = try Display(name: server.displayName)
            var early: (rss: Int, x: XResourceCounts?) = (0, nil)
            let start = Date()
            for step in 0..<1000 {
                let size = stormSize(step)
                XResizeWindow(display.pointer, window, size.width, size.height)
                XFlush(display.pointer)
                // The checkpoint comes once the demo has made the layers it caches for the scenes it springs
                // through: on a loaded machine it draws fewer frames per resize, and by the 200th resize it
                // had made some 10 layer pixmaps fewer than it keeps from then on (31-33, then 42 to the end).
                if step == 400 {
                    early = (ProcessMemory.residentKiB(pid: demo.pid),
                             XResourceCounts.query(display: display.pointer, clientOwning: XID(window)))
                }
                // Evenly over 10 s: 1,000 resizes at 100 Hz.
                let due = start.addingTimeInterval(Double(step + 1) * 0.01)
                let wait = due.timeIntervalSinceNow
                if wait > 0 { try await Task.sleep(for: .seconds(wait)) }
            }
            XResizeWindow(display.pointer, window, 1000, 700)
            display.sync()
            try await waitUntil("the last size is drawn") {
                demo.events("resize").last.map { $0["width"] as? Int == 1000 && $0["height"] as? Int == 700 } ?? false
            }
            try await Task.sleep(for: .milliseconds(500))
            let late = (rss: ProcessMemory.residentKiB(pid: demo.pid),
                        x: XResourceCounts.query(display: display.pointer, clientOwning: XID(window)))
            // A busy demo reads several ConfigureNotify events per frame and lays out the last size only, so
            // how many sizes it reports depends on the machine's load; it must report some along the way.
            #expect(demo.events("resize").count >= 2, "the demo relaid out during the storm")
            #expect(late.rss - early.rss < 2048, "RSS \(early.rss) KiB after 400 resizes, \(late.rss) KiB after 1,000")
            let before = try #require(early.x), after = try #require(late.x)
            #expect(after.pixmaps <= before.pixmaps + 8 && after.pictures <= before.pictures + 16,
                    "X resources after 400 resizes: \(before); after 1,000: \(after)")
            #expect(demo.isRunning, "the demo ended during the storm: \(demo.errorOutput)")
        }
    }

    @Test("after a storm over a spring the last frame is right and the demo idles at 0 CPU")
    func theLastFrameIsRightAndTheDemoSleeps() async throws {
        try await withPrivateXvfb(width: 1600, height: 1000) { server in
            let demo = try DemoProcess(arguments: ["--scene", "bouncy", "--log-events"],
                                       environment: ["DISPLAY": server.displayName])
            defer { demo.stop() }
            let window = try await demoWindow(demo)
            let display = try Display(name: server.displayName)
            // 150 resizes in 1.5 s: the spring (0.8 s) runs through the first half.
            for step in 0..<150 {
                let size = stormSize(step)
                XResizeWindow(display.pointer, window, size.width, size.height)
                XFlush(display.pointer)
                try await Task.sleep(for: .milliseconds(10))
            }
            XResizeWindow(display.pointer, window, 700, 560)
            display.sync()
            try await waitUntil("the last size is drawn") {
                demo.events("resize").last.map { $0["width"] as? Int == 700 && $0["height"] as? Int == 560 } ?? false
            }
            try await waitUntil("the presentation has settled") {
                demo.events("transition").contains { $0["phase"] as? String == "presentationDidEnd" }
            }
            // Past the one-shot idle release, which lets go of animation layers a second after the last
            // frame: from then on nothing at all is scheduled.
            try await Task.sleep(for: .seconds(WindowHost.idleDelay + 0.3))

            // Idle: no frames, no CPU, in the demo or the X server on its behalf.
            let cpuBefore = ProcessCPU.seconds(pid: demo.pid)
            try await Task.sleep(for: .seconds(1))
            let idleCPU = ProcessCPU.seconds(pid: demo.pid) - cpuBefore
            #expect(idleCPU < 0.005, "the demo used \(idleCPU * 1000) ms of CPU in 1 s with nothing moving")

            // The card is inset 30 px at the final size, over the half-dimmed home screen.
            let tree = try #require(demo.events("tree").last?["views"] as? [[String: Any]])
            let card = try #require(tree.first { $0["id"] as? String == "presented" }?["frame"] as? [Double])
            #expect(card == [30, 30, 640, 500])
            let image = try ScreenCapture.capture(display: display.pointer, drawable: UInt(window), width: 700, height: 560)
            let pink = image.rgba(350, 200), dimmed = image.rgba(350, 12)
            #expect(abs(Int(pink[0]) - 255) <= 2 && abs(Int(pink[1]) - 74) <= 2 && abs(Int(pink[2]) - 125) <= 2, "card: \(pink)")
            #expect(abs(Int(dimmed[0]) - 0xF2 / 2) <= 3 && abs(Int(dimmed[2]) - 0xF7 / 2) <= 3, "dimmed home: \(dimmed)")
        }
    }
}
