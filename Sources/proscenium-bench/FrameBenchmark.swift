import Foundation
import Proscenium
import ProsceniumX11
import TestSupport

/// Frame costs on a private Xvfb at 1280x800, driven by a manual clock so every frame is measured alone.
@MainActor enum FrameBenchmark {
    static func run() async throws {
        let server = try await PrivateXvfb.start(width: 1280, height: 800)
        defer { server.stop() }
        let display = try Display(name: server.displayName)
        let clock = ManualFrameClock()
        let host = WindowHost(display: display, configuration: WindowConfiguration(title: "bench"), clock: clock)
        host.onClose = {}
        while !host.isMapped {
            display.sync()
            host.processPendingEvents()
        }

        // The demo's simple scene: one card moving every frame, as during an animation.
        let simple = Scenes.simple()
        host.window.rootViewController = simple.controller
        clock.step()
        display.sync()
        measure("simple scene, one card moving", host: host, server: server, frames: 300) { frame in
            simple.moving.center = Point(x: 300 + Double(frame % 120) * 4, y: 300)
        }

        let cards = Scenes.cards(count: 20)
        host.window.rootViewController = cards.controller
        clock.step()
        display.sync()
        measure("20 cards with text and shadows, full redraw", host: host, server: server, frames: 100) { _ in
            host.window.setNeedsDisplay()
        }
        measure("20 cards, one small view changes colour", host: host, server: server, frames: 300) { frame in
            cards.badge.backgroundColor = frame % 2 == 0 ? .red : .systemBlue
        }
    }

    /// Runs `frames` frames, each after `change`, and prints the time from frame start to flush, to the
    /// X server having drawn it (XSync), and the CPU both processes spent per frame.
    static func measure(_ name: String, host: WindowHost, server: PrivateXvfb, frames: Int, change: (Int) -> Void) {
        let clock = host.window.clock as! ManualFrameClock
        var toFlush = Samples(), toDrawn = Samples()
        let cpuBefore = (app: ProcessCPU.sample(pid: getpid()), x: ProcessCPU.sample(pid: server.pid))
        let wallStart = Date()
        for frame in 0..<frames {
            change(frame)
            let start = DispatchTime.now().uptimeNanoseconds
            clock.step()
            let flushed = DispatchTime.now().uptimeNanoseconds
            host.display.sync()
            let drawn = DispatchTime.now().uptimeNanoseconds
            toFlush.add(Double(flushed - start) / 1e6)
            toDrawn.add(Double(drawn - start) / 1e6)
        }
        let cpu = ProcessCPU.seconds(from: cpuBefore.app, to: ProcessCPU.sample(pid: getpid()))
            + ProcessCPU.seconds(from: cpuBefore.x, to: ProcessCPU.sample(pid: server.pid))
        _ = wallStart
        report("frame: \(name) — start→flush (median / p99)", "\(format(toFlush.median)) / \(format(toFlush.p99))")
        report("frame: \(name) — start→drawn by X (median / p99)", "\(format(toDrawn.median)) / \(format(toDrawn.p99))")
        report("frame: \(name) — CPU, app + X server, per frame", format(cpu * 1000 / Double(frames)))
    }
}
