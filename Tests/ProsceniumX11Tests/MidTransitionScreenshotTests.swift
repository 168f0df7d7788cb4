import Foundation
import Proscenium
import ProsceniumX11
import Testing
import TestSupport

/// A `--screenshot` run of the built demo on virtual time that also wrote `--capture-frames`: the frames
/// on disk by number (frame n is at n/60 s), and the events it logged.
struct CapturedRun {
    /// Where the frames are; removed by `remove()`.
    let directory: URL
    /// The `--at` frame, full size.
    let final: Image
    /// Every `--log-events` object the run printed.
    let events: [[String: Any]]

    /// The first frame at or after virtual time `seconds`, as the demo numbers them.
    static func frame(at seconds: Double) -> Int { Int((seconds * 60 - 1e-9).rounded(.up)) }

    /// Runs `proscenium-demo --headless --log-events --screenshot … --at at --capture-frames frames` with
    /// `arguments` on a private Xvfb of its own (on `display` instead, without `--headless`, when given),
    /// and checks it exits 0.
    static func run(_ arguments: [String], at: Double, frames: String? = nil, downsample: Int = 1,
                    display: String? = nil) async throws -> CapturedRun {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("proscenium-frames-\(getpid())-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var all = (display == nil ? ["--headless"] : []) + ["--log-events", "--screenshot",
                   directory.appendingPathComponent("shot.png").path, "--at", String(at)] + arguments
        if let frames { all += ["--capture-frames", frames, "--capture-downsample", String(downsample)] }
        let demo = try DemoProcess(arguments: all, environment: ["DISPLAY": display])
        let exit = try #require(await demo.exit(timeout: 120), "the demo ran for 2 minutes: \(all)\n\(demo.diagnosis)")
        guard exit.status == 0 else {
            try? FileManager.default.removeItem(at: directory)
            throw CapturedRunError.failed(arguments: all, status: exit.status, stderr: demo.errorOutput)
        }
        let events = demo.lines.compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        let final = try PNGCodec.read(contentsOf: directory.appendingPathComponent("shot.png").path)
        return CapturedRun(directory: directory, final: final, events: events)
    }

    /// Frame `index`, as `--capture-frames` wrote it.
    func frame(_ index: Int) throws -> Image {
        let digits = String(index)
        let name = "shot-f" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits + ".png"
        return try PNGCodec.read(contentsOf: directory.appendingPathComponent(name).path)
    }

    /// The virtual times of the `transition` events with `phase`.
    func transitionTimes(_ phase: String) -> [Double] {
        events.filter { $0["type"] as? String == "transition" && $0["phase"] as? String == phase }
            .compactMap { ($0["t"] as? NSNumber)?.doubleValue }
    }

    func remove() { try? FileManager.default.removeItem(at: directory) }
}

/// The demo did not finish a capture run.
enum CapturedRunError: Error, CustomStringConvertible {
    case failed(arguments: [String], status: Int32, stderr: String)

    var description: String {
        switch self {
        case let .failed(arguments, status, stderr):
            return "proscenium-demo \(arguments.joined(separator: " ")) exited \(status): \(stderr)"
        }
    }
}

/// Every scene of the gallery in the middle of its transitions, rendered by the built demo on virtual time:
/// goldens at three times of the presentation, two of the dismissal and just after a reversal (dismissed
/// 0.15 s in), at 1280x800 and, for the adaptive scenes, at 600x800; and every frame of those transitions
/// checked for a flash: no frame darker, where the presented view never is, than both the transition's
/// first and its settled frame, beyond what the scene's dimming asks for.
@Suite("Mid-transition screenshots", .serialized)
struct MidTransitionScreenshotTests {
    /// A scene at a window size, where to look for a flash and how dark its dimming is meant to get.
    struct Case: CustomTestStringConvertible, Sendable {
        let scene: String
        let width: Int
        let height: Int
        /// Window rectangles the presented view (and its shadow) never covers at any time of the transitions.
        let outside: [Rect]
        /// The alpha of the scene's black (or purple) dimming: the darkening it asks for; 0 for none.
        let dimming: Double

        var size: String { "\(width)x\(height)" }
        var name: String { width == 1280 && height == 800 ? scene : "\(scene)-\(size)" }
        var testDescription: String { "\(scene) at \(size)" }
    }

    static let cases: [Case] = [
        // The card inset 30 px (its shadow reaches 10 px further) drops in from above over dimming at 0.5.
        Case(scene: "bouncy", width: 1280, height: 800,
             outside: [Rect(x: 0, y: 0, width: 16, height: 800), Rect(x: 1264, y: 0, width: 16, height: 800)], dimming: 0.5),
        // The home screen shrinks aside over its black backdrop: the band along the right edge, below the
        // buttons and above the bottom, shows home's plain background all the way, never the backdrop.
        Case(scene: "side-panel", width: 1280, height: 800,
             outside: [Rect(x: 1256, y: 200, width: 24, height: 500)], dimming: 0),
        // A third of the width from the right, over dimming at 0.4.
        Case(scene: "overlay", width: 1280, height: 800,
             outside: [Rect(x: 0, y: 0, width: 830, height: 800)], dimming: 0.4),
        // A 300x500 card grows at the centre over purple dimming at 0.4; its white frame only brightens.
        Case(scene: "cool", width: 1280, height: 800,
             outside: [Rect(x: 0, y: 0, width: 470, height: 800), Rect(x: 810, y: 0, width: 470, height: 800),
                       Rect(x: 470, y: 0, width: 340, height: 130), Rect(x: 470, y: 670, width: 340, height: 130)],
             dimming: 0.4),
        // A popover under `present-sheet`, no dimming at all.
        Case(scene: "sheet", width: 1280, height: 800,
             outside: [Rect(x: 0, y: 0, width: 540, height: 800), Rect(x: 900, y: 0, width: 380, height: 800)], dimming: 0),
        // A 270 px alert at the centre, scaling from 1.2, over dimming at 0.4.
        Case(scene: "alert", width: 1280, height: 800,
             outside: [Rect(x: 0, y: 0, width: 440, height: 800), Rect(x: 840, y: 0, width: 440, height: 800),
                       Rect(x: 440, y: 0, width: 400, height: 290), Rect(x: 440, y: 510, width: 400, height: 290)],
             dimming: 0.4),
        // The bottom sheet at its medium detent, undimmed (largestUndimmedDetentIdentifier = .medium): what
        // lies above it must stay the home screen's colour at every frame.
        Case(scene: "sheet", width: 600, height: 800,
             outside: [Rect(x: 0, y: 0, width: 600, height: 380)], dimming: 0),
        // The panel covers the whole window, sliding in from the right over dimming at 0.4: below its
        // controls it is white, so only dimming (or a flash) can darken that part.
        Case(scene: "overlay", width: 600, height: 800,
             outside: [Rect(x: 0, y: 480, width: 600, height: 320)], dimming: 0.4),
    ]

    /// When the scripted dismissal starts, long after every presentation has settled.
    static let dismissAt = 1.5
    /// A frame after the dismissal has ended.
    static let end = 2.2
    /// Golden times: three of the presentation, two of the dismissal.
    static let goldenTimes: [(label: String, time: Double)] = [
        ("present-0.05", 0.05), ("present-0.15", 0.15), ("present-0.3", 0.3),
        ("dismiss-0.05", dismissAt + 0.05), ("dismiss-0.2", dismissAt + 0.2),
    ]
    /// The reversal: dismissed 0.15 s into the presentation, captured 0.05 s (three frames) later.
    static let reversalAt = 0.15
    static let reversalShot = 0.2

    // MARK: - Goldens

    @Test("goldens at three times of the presentation and two of the dismissal", arguments: cases)
    func transitionGoldens(_ testCase: Case) async throws {
        let times = Self.goldenTimes.map { String($0.time) }.joined(separator: ",")
        let run = try await CapturedRun.run(["--scene", testCase.scene, "--size", testCase.size, "--dismiss-at", String(Self.dismissAt)],
                                      at: Self.dismissAt, frames: times)
        defer { run.remove() }
        #expect(run.transitionTimes("presentationDidEnd").first.map { $0 < Self.dismissAt } ?? false,
                "\(testCase.scene) settles before its dismissal: \(run.events.filter { $0["type"] as? String == "transition" })")
        for (label, time) in Self.goldenTimes {
            let image = try run.frame(CapturedRun.frame(at: time))
            #expect(image.width == testCase.width && image.height == testCase.height)
            try await ImageComparison.assertMatches(image, golden: ImageComparison.goldenPath("mid-transition/\(testCase.name)-\(label)"),
                                              tolerance: 8)
        }
    }

    // MARK: - Flashes

    @Test("no frame of the presentation or the dismissal darker than both its ends where nothing asks for it",
          arguments: cases)
    func noFlashPresentingOrDismissing(_ testCase: Case) async throws {
        let settle = CapturedRun.frame(at: Self.dismissAt) - 1
        let run = try await CapturedRun.run(["--scene", testCase.scene, "--size", testCase.size, "--dismiss-at", String(Self.dismissAt)],
                                      at: Self.end, frames: "0..\(Self.end)", downsample: Self.downsample)
        defer { run.remove() }
        #expect(run.transitionTimes("presentationDidEnd").first.map { $0 < Self.dismissAt } ?? false, "presented before \(Self.dismissAt) s")
        #expect(run.transitionTimes("dismissalDidEnd").first.map { $0 < Self.end } ?? false, "dismissed before \(Self.end) s")
        try checkNoFlash(run, testCase, frames: 0...settle, what: "presentation")
        try checkNoFlash(run, testCase, frames: settle...CapturedRun.frame(at: Self.end), what: "dismissal")
    }

    @Test("dismissed 0.15 s in: a golden just after the turn, and no frame of it darker than both its ends",
          arguments: cases)
    func reversal(_ testCase: Case) async throws {
        let run = try await CapturedRun.run(["--scene", testCase.scene, "--size", testCase.size, "--dismiss-at", String(Self.reversalAt)],
                                      at: Self.reversalShot, frames: "0..1.2", downsample: Self.downsample)
        defer { run.remove() }
        #expect(run.transitionTimes("presentationDidEnd") == [Self.reversalAt], "the presentation ends, cancelled, at the turn")
        let ended = try #require(run.transitionTimes("dismissalDidEnd").first, "the dismissal ends")
        #expect(ended < 1.1)
        try checkNoFlash(run, testCase, frames: 0...CapturedRun.frame(at: 1.2), what: "reversal")
        try await ImageComparison.assertMatches(run.final, golden: ImageComparison.goldenPath("mid-transition/\(testCase.name)-reversed-0.2"),
                                          tolerance: 8)
    }

    /// The frames `--capture-frames` writes for the flash checks are 1/8 of the size each way.
    static let downsample = 8

    /// Checks each of `frames` (downsampled) in the case's `outside` rectangles: no pixel darker (by
    /// luminance, 6 levels of slack) than the first frame, the last one, and the first frame under the
    /// scene's own dimming, whichever is darkest.
    private func checkNoFlash(_ run: CapturedRun, _ testCase: Case, frames: ClosedRange<Int>, what: String) throws {
        let first = try run.frame(frames.lowerBound), last = try run.frame(frames.upperBound)
        let step = Double(Self.downsample)
        var points: [(x: Int, y: Int)] = []
        for y in 0..<first.height {
            for x in 0..<first.width where testCase.outside.contains(where: { $0.contains(Point(x: Double(x) * step, y: Double(y) * step)) }) {
                points.append((x, y))
            }
        }
        #expect(points.count > 50, "\(testCase.name): \(points.count) points to look at")
        let floors = points.map { point in
            let a = Self.luminance(first, point.x, point.y), b = Self.luminance(last, point.x, point.y)
            return min(a, b, a * (1 - testCase.dimming)) - 6
        }
        var worst: (frame: Int, x: Int, y: Int, value: Double, floor: Double)?
        var flashedFrames: [Int] = []
        for index in frames {
            let image = try run.frame(index)
            var flashed = false
            for (point, floor) in zip(points, floors) {
                let value = Self.luminance(image, point.x, point.y)
                guard value < floor else { continue }
                flashed = true
                if worst.map({ floor - value > $0.floor - $0.value }) ?? true {
                    worst = (index, point.x * Self.downsample, point.y * Self.downsample, value, floor)
                }
            }
            if flashed { flashedFrames.append(index) }
        }
        if let worst {
            let image = try run.frame(worst.frame)
            let pixel = image.rgba(worst.x / Self.downsample, worst.y / Self.downsample)
            Issue.record("""
                \(testCase.name) \(what): frames \(flashedFrames) are darker than both ends; worst at frame \
                \(worst.frame) (\(String(format: "%.3f", Double(worst.frame) / 60)) s), (\(worst.x), \(worst.y)): \
                RGB \(pixel.prefix(3)), luminance \(Int(worst.value)) below the \(Int(worst.floor + 6)) its ends allow
                """)
        }
    }

    /// Rec. 601 luminance of the pixel at (x, y), 0...255.
    static func luminance(_ image: Image, _ x: Int, _ y: Int) -> Double {
        let p = image.rgba(x, y)
        return 0.299 * Double(p[0]) + 0.587 * Double(p[1]) + 0.114 * Double(p[2])
    }
}
