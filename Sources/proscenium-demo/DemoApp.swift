import Dispatch
import FoundationEssentials
import Glibc
import Proscenium
import ProsceniumX11

/// Wires the demo together: display, window host, scene, scripted actions, and the run loop.
@MainActor enum DemoApp {
    static func launch(_ options: DemoCommand) throws -> Never {
        let launchTime = DispatchTime.now()
        let display = Application.openDisplay()
        let clock = DispatchFrameClock()
        let size = Size(width: Double(options.size.width), height: Double(options.size.height))
        let host = WindowHost(display: display, configuration: WindowConfiguration(title: "Proscenium demo", instanceName: "proscenium-demo", size: size), clock: clock)
        let scene = SimpleSceneController()
        host.window.rootViewController = scene
        let log = EventLog()
        log.write(["event": "ready", "window": .text("0x" + String(host.xWindow, radix: 16)), "display": .text(display.name),
                   "width": .number(Double(options.size.width)), "height": .number(Double(options.size.height))])

        scene.onTap = { point in log.write(["event": "pointer", "kind": "tap", "x": .number(point.x), "y": .number(point.y)]) }
        var firstFrameSeen = false
        host.framePresented = { _ in
            guard !firstFrameSeen else { return }
            firstFrameSeen = true
            let ms = Double(DispatchTime.now().uptimeNanoseconds - launchTime.uptimeNanoseconds) / 1e6
            log.write(["event": "firstFrame", "ms": .number((ms * 10).rounded() / 10)])
            if let click = options.click {
                if !host.click(at: Point(x: click.x, y: click.y)) {
                    Console.writeError("proscenium-demo: --click needs the X server's XTEST extension\n")
                }
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
                    log.write(["event": "frameStats", "frames": .number(Double(clock.frameCount)),
                               "dropped": .number(Double(clock.droppedFrames))])
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
                    log.write(["event": "screenshot", "path": .text(path)])
                    exit(0)
                } catch {
                    Console.writeError("proscenium-demo: \(error)\n")
                    exit(1)
                }
            }
        }
    }
}

/// One JSON object per line on standard output, flushed at once so a reading process sees it immediately.
@MainActor final class EventLog {
    private let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    func write(_ fields: [String: LogValue]) {
        guard let data = try? encoder.encode(fields) else { return }
        Console.writeOutput(String(decoding: data, as: UTF8.self) + "\n")
    }
}

/// A value in the JSON event log: text or a number.
enum LogValue: Encodable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral {
    case text(String)
    case number(Double)

    init(stringLiteral value: String) { self = .text(value) }
    init(integerLiteral value: Int) { self = .number(Double(value)) }
    init(floatLiteral value: Double) { self = .number(value) }

    func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .text(let text): try container.encode(text)
        case .number(let number):
            if number == number.rounded(), abs(number) < 1e15 { try container.encode(Int(number)) } else { try container.encode(number) }
        }
    }
}
