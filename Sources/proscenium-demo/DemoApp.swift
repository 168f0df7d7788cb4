import Foundation
import Proscenium
import ProsceniumX11

/// Wires the demo together: display, window host, scene, scripted actions, and the run loop.
@MainActor enum DemoApp {
    static func launch(_ options: DemoCommand) throws -> Never {
        let launchTime = DispatchTime.now()
        let display: Display
        do {
            display = try Display()
        } catch {
            FileHandle.standardError.write(Data("proscenium-demo: \(error)\n".utf8))
            exit(1)
        }
        let clock = DispatchFrameClock()
        let size = Size(width: Double(options.size.width), height: Double(options.size.height))
        let host = WindowHost(display: display, configuration: WindowConfiguration(title: "Proscenium demo", instanceName: "proscenium-demo", size: size), clock: clock)
        let scene = SimpleSceneController()
        host.window.rootViewController = scene
        let log = EventLog()
        log.write(["event": "ready", "window": String(format: "0x%lx", host.xWindow), "display": display.name,
                   "width": options.size.width, "height": options.size.height])

        scene.onTap = { point in log.write(["event": "pointer", "kind": "tap", "x": point.x, "y": point.y]) }
        var firstFrameSeen = false
        host.framePresented = { _ in
            guard !firstFrameSeen else { return }
            firstFrameSeen = true
            let ms = Double(DispatchTime.now().uptimeNanoseconds - launchTime.uptimeNanoseconds) / 1e6
            log.write(["event": "firstFrame", "ms": (ms * 10).rounded() / 10])
            if let click = options.click {
                scene.simulateTap(at: Point(x: click.x, y: click.y), in: host.window)
            }
            if let path = options.screenshot {
                ScreenshotWhenIdle.schedule(host: host, clock: clock, path: path, log: log)
            }
        }
        if options.animateContinuously {
            scene.keepMoving()
        }
        if let seconds = options.exitAfter {
            DispatchQueue.main.asyncAfter(deadline: .now() + seconds) {
                MainActor.assumeIsolated {
                    log.write(["event": "frameStats", "frames": clock.frameCount, "dropped": clock.droppedFrames])
                    exit(0)
                }
            }
        }
        EventLoop(host: host).run()
    }
}

/// Waits until nothing animates and the frame clock sleeps, then writes the screenshot and exits.
@MainActor enum ScreenshotWhenIdle {
    static func schedule(host: WindowHost, clock: DispatchFrameClock, path: String, log: EventLog) {
        DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(50)) {
            MainActor.assumeIsolated {
                guard !clock.isRunning, host.window.animationEngine.hasRunningAnimations == false else {
                    schedule(host: host, clock: clock, path: path, log: log)
                    return
                }
                do {
                    try host.writeScreenshot(to: path)
                    log.write(["event": "screenshot", "path": path])
                    exit(0)
                } catch {
                    FileHandle.standardError.write(Data("proscenium-demo: \(error)\n".utf8))
                    exit(1)
                }
            }
        }
    }
}

/// One JSON object per line on standard output, flushed at once so a reading process sees it immediately.
@MainActor final class EventLog {
    func write(_ fields: [String: Any]) {
        guard let data = try? JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys]) else { return }
        FileHandle.standardOutput.write(data + Data("\n".utf8))
    }
}
