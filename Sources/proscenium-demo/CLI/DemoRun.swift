import Dispatch
import Glibc
import Proscenium
import ProsceniumGallery
import ProsceniumX11

/// One run of the demo: opens the display (a private Xvfb when headless), shows the home screen, presents
/// `--scene`, wires the event log and statistics, then runs either on the real 60 Hz clock or, with
/// `--screenshot`, on virtual time until the frame to capture.
@MainActor final class DemoRun {
    private let options: DemoCommand
    private let log: EventLog
    private let statistics = RunStatistics()
    private var headlessServer: HeadlessServer?
    private var frameClock: FrameClock?
    private var isFinishing = false

    init(options: DemoCommand) {
        self.options = options
        log = EventLog(isEnabled: options.logEvents, clock: { LaunchTime.elapsed })
    }

    func start() -> Never {
        Shutdown.install { [self] in end() }
        log.onClosed = { [self] in end() }
        if options.reduceMotion { AnimationSettings.reduceMotion = true }
        var displayName: String?
        // An empty DISPLAY names no server, as an unset one: Xlib takes it for unset too.
        if options.headless || (getenv("DISPLAY").map { $0.pointee == 0 } ?? true) {
            do {
                // A screen the window fits on at the scale it will get (a desktop's Xft.dpi is not there).
                let scale = options.scale ?? getenv("PROSCENIUM_SCALE").flatMap { DisplayScale.parse(String(cString: $0)) } ?? 1
                let server = try HeadlessServer.start(width: Int((Double(options.size.width) * scale).rounded()),
                                                      height: Int((Double(options.size.height) * scale).rounded()))
                headlessServer = server
                displayName = server.displayName
            } catch {
                Console.writeError("proscenium-demo: \(error)\n")
                exit(1)
            }
        }
        let display = Application.openDisplay(named: displayName)
        let virtualClock = options.screenshot != nil ? ManualFrameClock() : nil
        let clock: FrameClock = virtualClock ?? DispatchFrameClock()
        frameClock = clock
        if let virtualClock { log.clock = { virtualClock.now } }
        let configuration = WindowConfiguration(title: "Proscenium demo", instanceName: "proscenium-demo",
                                                icon: GalleryAssets.appIcon,
                                                size: options.size.size, minimumSize: Size(width: 480, height: 480),
                                                scale: options.scale, appearance: options.appearance)
        let host = WindowHost(display: display, configuration: configuration, clock: clock)
        host.onClose = { [self] in end() }
        // Another client destroyed the window: nothing left to show, and the log says how the run ended.
        host.onDestroyed = { [self] in
            Console.writeError("proscenium-demo: the window was destroyed by another client; quitting\n")
            finish(status: 1)
        }
        let home = HomeViewController()
        host.window.rootViewController = home
        let reporter = EventReporter(log: log, window: host.window)
        if options.selfCheck { reporter.model = PresentationStackModel(window: host.window) }
        home.textSubmitted = { scene, text in reporter.reportText(text, scene: scene) }
        home.navigationObserver = { event in reporter.reportNavigation(event) }
        home.appearanceObserver = { style in reporter.reportAppearance(style) }
        host.scaleChanged = { scale in reporter.reportScale(scale) }
        host.syncRequestAnswered = { value, size in reporter.reportSyncAnswered(value: value, frameSize: size) }
        var isReady = false
        var countedFrames = 0
        // Pixel accounting costs every frame something: only for a run that prints it.
        host.renderer.countsRequestPixels = options.stats
        statistics.measureFrames(of: clock) { [self] in
            if options.stats, host.presentedFrames > countedFrames {
                countedFrames = host.presentedFrames
                statistics.recordPixels(host.renderer.statistics, copied: host.renderer.copyRects.reduce(0) { $0 + $1.width * $1.height })
            }
            if !isReady, host.presentedFrames > 0 {
                isReady = true
                let ms = LaunchTime.elapsed * 1000
                statistics.firstFrameMilliseconds = ms
                reporter.reportReady(xWindow: host.xWindow, ms: ms, scale: host.scale)
                if virtualClock == nil {
                    scheduleLiveInput(host: host)
                    scheduleLiveScript(home: home)
                }
                options.injectFault?.plant(in: host.window)
            } else {
                reporter.frameDidComplete()
            }
            if options.selfCheck {
                reporter.reportProblems(host.window.consistencyProblems() + (reporter.model?.divergences() ?? []))
            }
        }
        if options.animateContinuously, options.scene == "navigation" {
            home.navigateContinuously()
        } else if options.animateContinuously {
            let name = options.scene ?? "bouncy"
            reporter.presentationEvent = { [weak home] event in
                guard let home, event.completed == true else { return }
                if event.kind == .presentationDidEnd { event.controller.dismiss(animated: true) }
                if event.kind == .dismissalDidEnd { home.presentScene(named: name) }
            }
            home.presentScene(named: name)
        } else if let scene = options.scene {
            home.presentScene(named: scene)
        }
        if let virtualClock, let path = options.screenshot {
            runOnVirtualTime(host: host, home: home, clock: virtualClock, screenshot: path)
        } else {
            if let seconds = options.exitAfter {
                DispatchQueue.main.asyncAfter(deadline: .now() + seconds) { MainActor.assumeIsolated { self.end() } }
            }
            EventLoop(host: host).run()
        }
    }

    // MARK: - Virtual time

    private func runOnVirtualTime(host: WindowHost, home: HomeViewController, clock: ManualFrameClock,
                                  screenshot path: String) -> Never {
        let driver = VirtualTimeDriver(host: host, clock: clock)
        // Scripted steps start in their frame, before animations advance, as input due in it does.
        for (time, step) in script.steps {
            driver.schedule(at: time) { [options] _ in
                SceneScript.perform(step, home: home, scene: options.scene ?? "bouncy")
                return []
            }
        }
        var endTime = options.at
        if let frames = options.captureFrames {
            let indices = frames.frameIndices(driver.frameIndex(atOrAfter:))
            endTime = max(endTime, frames.latest)
            driver.frameCompleted = { [self] time in
                let index = driver.frameIndex(atOrAfter: time)
                guard indices.contains(index) else { return }
                write(driver: driver, to: CapturedFrames.path(path, frame: index), downsample: options.captureDownsample)
            }
        }
        if let click = options.click {
            let point = click.point
            driver.schedule(at: options.inputAt) { time in
                [.pointerDown(point, button: 1, time: time), .pointerUp(point, button: 1, time: time)]
            }
        }
        if let key = options.key?.key {
            driver.schedule(at: options.inputAt) { time in [.keyDown(key, time: time), .keyUp(key, time: time)] }
        }
        if let drag = options.drag {
            for (time, event) in drag.events(from: options.inputAt) {
                driver.schedule(at: time) { _ in [event] }
            }
        }
        var capturedAtEnd = false
        if endTime > options.at {
            // The --at frame comes before the last captured one: write it on the way.
            let atFrame = driver.frameIndex(atOrAfter: options.at)
            let perFrame = driver.frameCompleted
            driver.frameCompleted = { [self] time in
                perFrame?(time)
                if driver.frameIndex(atOrAfter: time) == atFrame { write(driver: driver, to: path) }
            }
        } else {
            capturedAtEnd = true
        }
        driver.run(until: endTime) { [self] in
            if capturedAtEnd { write(driver: driver, to: path) }
            finish(status: 0)
        }
        // X events are read before every virtual frame; between runs nothing needs the connection's fd.
        dispatchMain()
    }

    /// Writes the frame last drawn to `path` as a PNG, 1/`downsample` of its size, and logs `screenshot`;
    /// exits 1 if it cannot.
    private func write(driver: VirtualTimeDriver, to path: String, downsample: Int = 1) {
        let image: Image
        do {
            image = CapturedFrames.downsampled(try driver.captureFrame(), by: downsample)
        } catch {
            Console.writeError("proscenium-demo: cannot take screenshot '\(path)': \(error)\n")
            finish(status: 1)
        }
        do {
            try PNGCodec.write(image, to: path)
        } catch {
            // The error names the path and says why in words (a full disk, a read-only file system).
            Console.writeError("proscenium-demo: \(error)\n")
            finish(status: 1)
        }
        log.write("screenshot", ["path": .text(path)])
    }

    // MARK: - Scripted steps

    private var script: SceneScript { SceneScript(dismissAt: options.dismissAt, presentAt: options.presentAt) }

    /// Runs `--dismiss-at` and `--present-at` steps their number of seconds after the first frame.
    private func scheduleLiveScript(home: HomeViewController) {
        let scene = options.scene ?? "bouncy"
        for (time, step) in script.steps {
            DispatchQueue.main.asyncAfter(deadline: .now() + time) { [weak home] in
                MainActor.assumeIsolated {
                    if let home { SceneScript.perform(step, home: home, scene: scene) }
                }
            }
        }
    }

    // MARK: - Live input

    /// Sends `--click` (through XTest, as a user's click) and `--key` `--input-at` seconds after the first frame.
    private func scheduleLiveInput(host: WindowHost) {
        guard options.click != nil || options.key != nil else { return }
        DispatchQueue.main.asyncAfter(deadline: .now() + options.inputAt) { [options] in
            MainActor.assumeIsolated {
                if let click = options.click, !host.click(at: click.point) {
                    Console.writeError("proscenium-demo: --click could not click: it needs the X server's XTEST extension\n")
                }
                if let key = options.key?.key {
                    let time = host.window.clock.now
                    host.window.send(.keyDown(key, time: time))
                    host.window.send(.keyUp(key, time: time))
                }
            }
        }
    }

    // MARK: - Ending

    /// Ends the run cleanly, with status 0 (signals, a closed window or standard output, --exit-after).
    func end() {
        finish(status: 0)
    }

    /// Logs `exit` (and `stats` with `--stats`), stops a private server and exits with `status`.
    func finish(status: Int32) -> Never {
        if !isFinishing {
            isFinishing = true
            Shutdown.demoIsEnding()
            // A reader that went away before this last line must not end the run from inside it: its
            // `onClosed` would call `end()`, and that `exit` would skip stopping the private server below.
            log.onClosed = nil
            log.write("exit", ["status": .number(Double(status))])
            if options.stats {
                log.writeAlways("stats", statistics.fields(droppedFrames: frameClock?.droppedFrames ?? 0))
            }
            // What the user copied stays pasteable once the demo has gone (a clipboard manager keeps it).
            if headlessServer == nil { Application.exit(status) }
            headlessServer?.stop()
        }
        exit(status)
    }
}
