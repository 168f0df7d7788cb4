import CX11
import Foundation
import Proscenium
import ProsceniumGallery

/// Random input at full speed through XTest, the way a hurried user (or a cat) produces it: pointer
/// moves, clicks, double clicks, drags, wheel turns, keys, and window resizes through the X server —
/// also in the middle of a drag (press, move, resize across 640 px, move, release; or Escape between the
/// moves), and every few seconds on the gallery's bottom sheet: presented narrow, caught by its grabber,
/// widened into a popover under the finger, and let go. Seeded, so a run can be repeated.
@MainActor public final class InputFuzzer {
    /// How many inputs of each kind were sent.
    public private(set) var counts: [String: Int] = [:]
    private let input: XTestInput
    private let display: OpaquePointer
    private let window: CX11.Window
    private var rng: SeededGenerator
    private var size: (width: Int, height: Int)

    /// Fuzzes the window `window` (of any client) on `displayName`, drawing inputs from `seed`.
    public init(displayName: String, window: UInt, seed: UInt64, size: (width: Int, height: Int)) throws {
        input = try XTestInput(displayName: displayName)
        guard let display = XOpenDisplay(displayName) else { throw XTestInputError.cannotOpen(displayName) }
        self.display = display
        self.window = CX11.Window(window)
        rng = SeededGenerator(seed: seed)
        self.size = size
    }

    isolated deinit {
        XCloseDisplay(display)
    }

    /// How often the sheet scenario runs (see `dragSheetAcrossResize`), in seconds.
    public static let sheetScenarioInterval = 4.0

    /// Sends random input until `seconds` have passed, or until `isAlive` says the fuzzed program is gone
    /// (its window with it: requests on the window would then fail, and Xlib's default handler exits);
    /// every input waits for the server to have it. Yields after each one, so other work on the main
    /// actor (other tests) keeps running meanwhile.
    public func run(for seconds: Double, while isAlive: () -> Bool = { true }) async {
        let start = Date()
        let end = start.addingTimeInterval(seconds)
        var nextSheetScenario = start.addingTimeInterval(Self.sheetScenarioInterval / 2)
        while Date() < end, isAlive() {
            if Date() >= nextSheetScenario {
                await dragSheetAcrossResize()
                nextSheetScenario = Date().addingTimeInterval(Self.sheetScenarioInterval)
            } else {
                step()
            }
            await Task.yield()
        }
        // Leave nothing held down.
        input.release(button: 1)
    }

    private func step() {
        let origin = windowOrigin()
        func anywhere() -> Point {
            // Mostly inside the window, sometimes just outside it.
            Point(x: origin.x + Double(Int.random(in: -20...(size.width + 20), using: &rng)),
                  y: origin.y + Double(Int.random(in: -20...(size.height + 20), using: &rng)))
        }
        switch Int.random(in: 0..<100, using: &rng) {
        case 0..<22:
            count("move")
            input.move(to: anywhere())
        case 22..<44:
            count("click")
            input.click(at: anywhere())
        case 44..<52:
            count("double click")
            let point = anywhere()
            input.click(at: point)
            input.click(at: point)
        case 52..<62:
            count("drag")
            input.drag(from: anywhere(), to: anywhere(), steps: Int.random(in: 1...12, using: &rng))
        case 62..<67:
            count("drag across a resize")
            input.move(to: anywhere())
            input.press(button: 1)
            for _ in 0..<Int.random(in: 1...4, using: &rng) { input.move(to: anywhere()) }
            resize(acrossBoundary: true)
            for _ in 0..<Int.random(in: 1...4, using: &rng) { input.move(to: anywhere()) }
            input.release(button: 1)
        case 67..<70:
            count("drag across Escape")
            input.move(to: anywhere())
            input.press(button: 1)
            input.move(to: anywhere())
            input.key(UInt(XK_Escape))
            input.move(to: anywhere())
            input.release(button: 1)
        case 70..<75:
            count("wheel")
            // A burst of notches of one wheel button (4/5 vertical, 6/7 sideways), as a hand spins it.
            input.move(to: anywhere())
            let button = [4, 5, 5, 6, 7].randomElement(using: &rng)!
            for _ in 0..<Int.random(in: 1...6, using: &rng) {
                input.press(button: button)
                input.release(button: button)
            }
        case 75..<77:
            count("right click")
            input.click(at: anywhere(), button: 3)
        case 77..<81:
            navigationInput(origin: origin)
        case 81..<93:
            count("key")
            let keys = [XK_Escape, XK_Return, XK_Tab, XK_space, XK_BackSpace, XK_Up, XK_Down, XK_a, XK_z, XK_1]
            input.key(UInt(keys.randomElement(using: &rng)!))
        default:
            count("resize")
            resize(acrossBoundary: false)
        }
    }

    /// One of the ways back a navigation stack takes: the mouse's Back button (X button 8), Alt+Left, or a
    /// drag from the window's left edge, let go anywhere (a short one cancels, a long or fast one pops).
    private func navigationInput(origin: Point) {
        switch Int.random(in: 0..<3, using: &rng) {
        case 0:
            count("back button")
            input.click(at: Point(x: origin.x + Double(Int.random(in: 0..<size.width, using: &rng)),
                                  y: origin.y + Double(Int.random(in: 0..<size.height, using: &rng))), button: 8)
        case 1:
            count("alt+left")
            input.press(key: UInt(XK_Alt_L))
            input.key(UInt(XK_Left))
            input.release(key: UInt(XK_Alt_L))
        default:
            count("edge drag")
            let y = origin.y + Double(Int.random(in: 60..<max(61, size.height), using: &rng))
            input.drag(from: Point(x: origin.x + Double(Int.random(in: 1...8, using: &rng)), y: y),
                       to: Point(x: origin.x + Double(Int.random(in: 0...size.width, using: &rng)), y: y),
                       steps: Int.random(in: 2...12, using: &rng))
        }
    }

    /// Random input on the gallery's navigation scene, as `run` sends it, but mostly where that scene
    /// answers: its rows (which push), Back in its bar, the detail screen's Inspector and More buttons, and
    /// the ways back (see `navigationInput`), with resizes and the rest of the random input among them.
    /// `sceneIsUp` says whether the scene is still what the window shows: when it is not (its Done at the
    /// root, Escape, or the random input opened another scene), Escape takes down what is up and the home
    /// screen's button presents the scene again.
    public func runNavigation(for seconds: Double, while isAlive: () -> Bool = { true }, sceneIsUp: () -> Bool) async {
        let end = Date().addingTimeInterval(seconds)
        while Date() < end, isAlive() {
            if !sceneIsUp() {
                count("navigation scene again")
                input.release(button: 1)
                for _ in 0..<2 where !sceneIsUp() {
                    input.key(UInt(XK_Escape))
                    try? await Task.sleep(for: .milliseconds(300))
                }
                let index = SceneCatalog.names.firstIndex(of: "navigation") ?? 0
                if !sceneIsUp(), let button = Self.homeButtonCentre(index: index, windowWidth: Double(size.width)) {
                    let origin = windowOrigin()
                    input.click(at: Point(x: origin.x + button.x, y: origin.y + button.y))
                    try? await Task.sleep(for: .milliseconds(450))
                }
            }
            let origin = windowOrigin()
            switch Int.random(in: 0..<100, using: &rng) {
            case 0..<30:
                count("row")
                let row = Int.random(in: 0..<7, using: &rng)
                input.click(at: Point(x: origin.x + Double(size.width) / 2, y: origin.y + 66 + Double(row) * 44))
            case 30..<45:
                count("bar back")
                input.click(at: Point(x: origin.x + 40, y: origin.y + 22))
            case 45..<55:
                count("inspector or more")
                input.click(at: Point(x: origin.x + (Bool.random(using: &rng) ? 525 : 693), y: origin.y + 142))
            case 55..<75:
                navigationInput(origin: origin)
            default:
                step()
            }
            // Now and then let a transition run for a few frames before the next input lands in it.
            if Int.random(in: 0..<4, using: &rng) == 0 {
                try? await Task.sleep(for: .milliseconds(Int.random(in: 16...250, using: &rng)))
            }
            await Task.yield()
        }
        input.release(button: 1)
    }

    /// Resizes the window through the X server: anywhere from the minimum up, or (`acrossBoundary`) to the
    /// other side of 640 px of width, where the gallery's sheet becomes a popover and back.
    private func resize(acrossBoundary: Bool) {
        let width = acrossBoundary
            ? (size.width < 640 ? Int.random(in: 660...1400, using: &rng) : Int.random(in: 480...620, using: &rng))
            : Int.random(in: 480...1400, using: &rng)
        size = (width, Int.random(in: 480...900, using: &rng))
        XResizeWindow(display, window, UInt32(size.width), UInt32(size.height))
        XSync(display, 0)
    }

    /// The scenario of a crash the random input never found (issue 15, item 1): the window narrowed to
    /// 600 px, the gallery's `sheet` presented as a bottom sheet, its grabber pressed and moved down 40 px
    /// in one move, the window widened to 1000 px under the finger (the sheet adapts into a popover while
    /// its pan recognizer follows the touch), another 40 px, and the release.
    public func dragSheetAcrossResize() async {
        count("sheet drag across a resize")
        input.release(button: 1)
        size = (600, Int.random(in: 600...900, using: &rng))
        XResizeWindow(display, window, UInt32(size.width), UInt32(size.height))
        XSync(display, 0)
        try? await Task.sleep(for: .milliseconds(50))
        let origin = windowOrigin()
        // Escape twice takes down what is presented (unless it refuses), then the home screen's button.
        input.key(UInt(XK_Escape))
        try? await Task.sleep(for: .milliseconds(300))
        input.key(UInt(XK_Escape))
        try? await Task.sleep(for: .milliseconds(300))
        if let button = Self.homeButtonCentre(index: 4, windowWidth: Double(size.width)) {
            input.click(at: Point(x: origin.x + button.x, y: origin.y + button.y))
        }
        // The sheet slides in for 0.4 s; a sheet still coming in does not follow drags.
        try? await Task.sleep(for: .milliseconds(550))
        // A medium sheet's top edge is at half the height; the grabber sits 6 px below it.
        var point = Point(x: origin.x + Double(size.width) / 2, y: origin.y + Double(size.height) / 2 + 8)
        input.move(to: point)
        input.press(button: 1)
        // One 40 px move: the pan begins (it has moved far enough) but has not dragged the sheet yet, so
        // the sheet is still presented, not dismissing, when the window widens and it adapts.
        point.y += 40
        input.move(to: point)
        size = (1000, size.height)
        XResizeWindow(display, window, UInt32(size.width), UInt32(size.height))
        XSync(display, 0)
        try? await Task.sleep(for: .milliseconds(30))
        for _ in 0..<4 {
            point.y += 10
            input.move(to: point)
        }
        input.release(button: 1)
        // Time for the program to show whether it survived, before anything is asked about its window.
        try? await Task.sleep(for: .milliseconds(150))
    }

    /// The centre, in the window, of the home screen's button number `index` (0 bouncy … 4 sheet, one per
    /// scene, then the counter), as `HomeViewController` lays them out.
    static func homeButtonCentre(index: Int, windowWidth: Double) -> Point? {
        let layout = HomeViewController.layout(width: windowWidth)
        let frames = layout.scenes + [layout.counter]
        guard index < frames.count, frames[index].width > 0 else { return nil }
        return Point(x: frames[index].midX, y: frames[index].midY)
    }

    private func count(_ kind: String) { counts[kind, default: 0] += 1 }

    /// The window's top-left on the screen (it may have been moved or reparented).
    private func windowOrigin() -> Point {
        var x: Int32 = 0, y: Int32 = 0
        var child: CX11.Window = 0
        XTranslateCoordinates(display, window, XDefaultRootWindow(display), 0, 0, &x, &y, &child)
        return Point(x: Double(x), y: Double(y))
    }
}

/// Checks the demo's `transition` lines: for each controller, every "will begin" is followed by its
/// "did end" before the next transition begins, and after a completed `dismissalDidEnd` nothing is
/// reported for it but a new `presentationWillBegin`; the navigation scene's pushes and pops (lines with a
/// `kind`) each end, with their kind, before the next one begins.
public enum TransitionLog {
    /// Whether the gallery's scene `name` is what the window shows, from the demo's `transition` lines: it
    /// was presented last and every other scene has been dismissed since (the presentations a scene makes
    /// of its own, an inspector, do not count).
    public static func sceneIsUp(_ name: String, in events: [[String: Any]]) -> Bool {
        var last: [String: String] = [:]
        for event in events where event["kind"] == nil {
            if let controller = event["controller"] as? String, let phase = event["phase"] as? String { last[controller] = phase }
        }
        return last[name].map { $0.hasPrefix("presentation") } == true
            && SceneCatalog.names.allSatisfy { $0 == name || last[$0].map { $0.hasPrefix("dismissal") } ?? true }
    }

    /// What is wrong in `events`, one line per problem; empty when nothing is.
    public static func problems(in events: [[String: Any]]) -> [String] {
        var open: [String: String] = [:]
        var over: Set<String> = []
        var problems: [String] = []
        var navigation: (kind: String, controller: String)?
        for event in events {
            guard let phase = event["phase"] as? String, let controller = event["controller"] as? String else { continue }
            if let kind = event["kind"] as? String {
                if phase == "willBegin" {
                    if let running = navigation { problems.append("\(kind) of \(controller) began during the \(running.kind) of \(running.controller)") }
                    navigation = (kind, controller)
                } else {
                    if navigation?.kind != kind { problems.append("\(kind) of \(controller): \(phase) after \(navigation?.kind ?? "nothing")") }
                    navigation = nil
                }
                continue
            }
            if over.contains(controller), phase != "presentationWillBegin" {
                problems.append("\(controller): \(phase) after its dismissalDidEnd(completed: true)")
            }
            over.remove(controller)
            switch phase {
            case "presentationWillBegin", "dismissalWillBegin":
                if let running = open[controller] { problems.append("\(controller): \(phase) while \(running) is open") }
                open[controller] = phase
            default:
                let begin = phase == "presentationDidEnd" ? "presentationWillBegin" : "dismissalWillBegin"
                if open[controller] != begin { problems.append("\(controller): \(phase) after \(open[controller] ?? "nothing")") }
                open[controller] = nil
                if phase == "dismissalDidEnd", event["completed"] as? Bool == true { over.insert(controller) }
            }
        }
        return problems
    }
}
