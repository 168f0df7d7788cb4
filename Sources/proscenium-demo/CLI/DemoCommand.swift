import ArgumentParser
import Dispatch
import Glibc
import Proscenium
import ProsceniumGallery
import ProsceniumX11

/// `proscenium-demo`: the gallery of presentations, with a command line for scripts, tests and benchmarks.
@main
struct DemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "proscenium-demo",
        abstract: "A gallery of Proscenium's presentations in an X11 window.",
        discussion: """
            Runs on the X server named by DISPLAY, or on a private Xvfb with --headless or when DISPLAY is \
            unset or empty. With --screenshot, frames are driven on virtual time (exactly n/60 s each) and the frame \
            at --at is written as a PNG: the same arguments give the same pixels on any machine. With \
            --log-events, one JSON object per line on standard output: ready, tap, transition, adapt, \
            resize, scale, tree, sync (a window manager's resize step answered), screenshot (one per file written), \
            exit, problem (with --self-check) and (with --stats) stats, each with "type" and "t" (seconds \
            since launch; virtual seconds in a --screenshot run). SIGINT, SIGTERM, closing the window or \
            closing standard output end the demo with status 0.
            """)

    @Flag(help: "Print the scene names, one per line, and exit.")
    var listScenes = false

    @Option(help: "Present this scene at once over the home screen (t = 0 is the start of its transition); see --list-scenes.",
            transform: SceneName.parse)
    var scene: String?

    @Option(parsing: .unconditional, help: "Window size in points as WIDTHxHEIGHT, each side from 480 to 8192. (default: 1280x800)",
            transform: WindowSize.parse)
    var size = WindowSize(width: 1280, height: 800)

    @Option(help: ArgumentHelp("Device pixels per point, above 0 and at most 8: the window is --size times this many pixels. Without it, PROSCENIUM_SCALE, else the desktop's Xft.dpi / 96 (followed live), else 1.",
                               valueName: "scale"),
            transform: DisplayScaleArgument.parse)
    var scale: Double?

    @Option(help: ArgumentHelp("light or dark. Without it, PROSCENIUM_APPEARANCE, else the desktop's (the settings portal's color-scheme, else the XSETTINGS theme; followed live), else light.",
                               valueName: "style"),
            transform: AppearanceArgument.parse)
    var appearance: UserInterfaceStyle?

    @Flag(help: "Cross-fade every transition instead of moving things.")
    var reduceMotion = false

    @Flag(help: "Run on a private Xvfb even if DISPLAY is set (the default when DISPLAY is unset or empty).")
    var headless = false

    @Option(help: "Drive frames on virtual time, write the frame at --at as a PNG (temp file, then rename) and exit 0.")
    var screenshot: String?

    @Option(parsing: .unconditional, help: "The virtual time, in seconds, of the frame --screenshot captures.")
    var at: Double = 2.0

    @Option(parsing: .unconditional, help: "Click at X,Y (window points, inside --size) at --input-at: delivered on virtual time with --screenshot, through XTest otherwise.",
            transform: DemoPoint.parse)
    var click: DemoPoint?

    @Option(parsing: .unconditional, help: "Drag from X0,Y0 to X1,Y1 (window points) over 0.1 s from --input-at and let go, a fling: on virtual time, with --screenshot.",
            transform: DemoDrag.parse)
    var drag: DemoDrag?

    @Option(help: "Press and release a key at --input-at: \(KeyName.validNames), or one character.",
            transform: KeyName.parse)
    var key: KeyName?

    @Option(parsing: .unconditional, help: "When --click and --key happen, in seconds (virtual time with --screenshot, else after the first frame).")
    var inputAt: Double = 1.0

    @Option(parsing: .unconditional, help: "Quit cleanly after this many seconds.")
    var exitAfter: Double?

    @Option(parsing: .unconditionalSingleValue,
            help: ArgumentHelp("Dismiss the top presented scene at this time, as its Dismiss button does (virtual time with --screenshot, else after the first frame); repeatable. During its presentation, the scene turns around.",
                               valueName: "seconds"))
    var dismissAt: [Double] = []

    @Option(parsing: .unconditionalSingleValue,
            help: ArgumentHelp("Present the --scene scene (bouncy unless set) at this time; one being dismissed is presented again, turning its dismissal around; repeatable.",
                               valueName: "seconds"))
    var presentAt: [Double] = []

    @Option(parsing: .unconditional,
            help: ArgumentHelp("With --screenshot FILE.png, also write the frames at these virtual times, frame n (at n/60 s) as FILE-fNNNN.png: seconds and FROM..TO ranges (every frame in between), comma-separated.",
                               valueName: "times"),
            transform: FrameTimes.parse)
    var captureFrames: FrameTimes?

    @Option(parsing: .unconditional,
            help: ArgumentHelp("Write the --capture-frames frames at 1/N of the size, keeping the top-left pixel of every NxN block: cheap enough to look at every frame of a transition.",
                               valueName: "n"))
    var captureDownsample: Int = 1

    @Option(help: ArgumentHelp("Diagnostics: after the first frame, plant a fault for --self-check to report: \(InjectedFault.validNames).",
                               valueName: "fault"),
            transform: InjectedFault.parse)
    var injectFault: InjectedFault?

    @Flag(help: "Present and dismiss the scene (bouncy unless --scene) over and over, for measuring frame pacing; with --scene navigation, push and pop a screen over and over.")
    var animateContinuously = false

    @Flag(help: "After every frame, check the window's views and presentations (Window.consistencyProblems) and log each problem found as a \"problem\" event.")
    var selfCheck = false

    @Flag(help: "Print the event log: one JSON object per line on standard output, flushed per line.")
    var logEvents = false

    @Flag(help: "On exit, print a stats JSON line: frames, dropped frames, frame time percentiles (frames after the first), first frame, peak RSS, pixels damaged, retained, occluded, folded, copied and filled straight into the window per drawn frame.")
    var stats = false

    /// The latest time a run is scripted to (ten minutes): virtual time steps every frame up to it.
    static let latestTime = Double(FrameTimes.maximumCount / 60)

    func validate() throws {
        let times = [("--at", [at]), ("--input-at", [inputAt]), ("--dismiss-at", dismissAt), ("--present-at", presentAt),
                     ("--capture-frames", captureFrames.map { [$0.latest] } ?? [])]
        for (name, values) in times {
            if let bad = values.first(where: { !($0 >= 0 && $0 <= Self.latestTime) }) {
                throw ValidationError("\(name) must be a number of seconds from 0 to \(Int(Self.latestTime)); got \(bad)")
            }
        }
        // PROSCENIUM_SCALE counts as --scale does (a bad value is reported, and ignored, later).
        let environmentScale = getenv("PROSCENIUM_SCALE").flatMap { DisplayScale.parse(String(cString: $0)) }
        if let scale = scale ?? environmentScale, Double(max(size.width, size.height)) * scale > WindowHost.maximumPixels {
            let source = self.scale == nil ? "PROSCENIUM_SCALE=\(scale)" : "--scale \(scale)"
            throw ValidationError("--size \(size.width)x\(size.height) at \(source) is more than \(Int(WindowHost.maximumPixels)) pixels a side, the most an X window can have")
        }
        if let exitAfter, !(exitAfter > 0 && exitAfter.isFinite) {
            throw ValidationError("--exit-after must be a positive number of seconds; got \(exitAfter)")
        }
        if captureFrames != nil, screenshot == nil { throw ValidationError("--capture-frames needs --screenshot") }
        if drag != nil, screenshot == nil { throw ValidationError("--drag needs --screenshot: it is delivered on virtual time") }
        if !(1...64).contains(captureDownsample) {
            throw ValidationError("--capture-downsample must be a whole number from 1 to 64; got \(captureDownsample)")
        }
        // Options that would be read by nothing are refused, not ignored.
        if captureDownsample != 1, captureFrames == nil { throw ValidationError("--capture-downsample needs --capture-frames") }
        if exitAfter != nil, screenshot != nil {
            throw ValidationError("--exit-after has no effect with --screenshot, whose run ends once its frame is written")
        }
        // A click lands in the window: through XTest, one outside it would land on whatever lies there.
        if let click, !(click.x < Double(size.width) && click.y < Double(size.height)) {
            throw ValidationError("--click \(click.x),\(click.y) is outside the \(size.width)x\(size.height)-point window")
        }
        // Pixels past 16 bits are no place X can click (a large window at a high scale).
        if let click, max(click.x, click.y) * (scale ?? environmentScale ?? 1) > 32767 {
            throw ValidationError("--click \(click.x),\(click.y) is past the 32767 pixels X can address at this scale")
        }
        if let screenshot { try ScreenshotPath.validate(screenshot) }
    }

    func run() throws {
        if listScenes {
            Console.writeOutput(SceneCatalog.names.joined(separator: "\n") + "\n")
            return
        }
        let options = self
        MainActor.assumeIsolated {
            DemoRun(options: options).start()
        }
    }

    /// Parses and runs, printing every error as `proscenium-demo: <message>` (ArgumentParser would print
    /// `Error:`), so scripts can tell whose message it is.
    static func main() {
        LaunchTime.mark()
        let command: DemoCommand
        do {
            command = try parse()
        } catch {
            if exitCode(for: error) == .success { exit(withError: error) }
            Console.writeError("proscenium-demo: \(message(for: error))\nproscenium-demo: see 'proscenium-demo --help'\n")
            Glibc.exit(ExitCode.validationFailure.rawValue)
        }
        do {
            try command.run()
        } catch {
            Console.writeError("proscenium-demo: \(error)\n")
            Glibc.exit(1)
        }
    }
}

/// When the process started, as near as the program can tell: the reference for "t" and first-frame times.
enum LaunchTime {
    nonisolated(unsafe) private static var start: UInt64 = 0

    /// Records now as the launch time; called first thing in `main`.
    static func mark() { start = DispatchTime.now().uptimeNanoseconds }

    /// Seconds since launch.
    static var elapsed: Double { Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 }
}
