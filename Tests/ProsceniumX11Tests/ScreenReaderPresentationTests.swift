import Foundation
import Proscenium
import ProsceniumTesting
import Testing
import TestSupport

/// Presentations that leave the screen behind them usable, and popovers, as pyatspi reads them: the
/// half-modal sheet a group beside the home screen whose counter still works through AT-SPI, and a
/// popover's buttons where they are drawn, in device pixels at scale 1 and 2.
@MainActor @Suite("Screen readers: sheets and popovers", .serialized)
struct ScreenReaderPresentationTests: ScreenReaderFixture {
    /// The `tree` the demo logged once the last `phase` transition had ended (it logs one after the frame
    /// that shows the end): each view's frame by id, in window points.
    private func settledViews(after phase: String, in demo: DemoProcess) async throws -> [String: [Double]] {
        let ended = try #require(demo.events("transition").last { $0["phase"] as? String == phase }?["t"] as? Double)
        try await waitUntil("a tree after \(phase)") {
            demo.events("tree").contains { ($0["t"] as? Double ?? 0) >= ended }
        }
        let tree = try #require(demo.events("tree").first { ($0["t"] as? Double ?? 0) >= ended })
        let views = (tree["views"] as? [[String: Any]]) ?? []
        var frames: [String: [Double]] = [:]
        for view in views {
            if let id = view["id"] as? String, let frame = view["frame"] as? [Double], frames[id] == nil { frames[id] = frame }
        }
        return frames
    }

    /// Presses `name` through AT-SPI and waits for the demo to log the tap on the control `id`.
    private func press(_ name: String, id: String, bus: ScreenReaderBus, demo: DemoProcess) async throws {
        let before = demo.events("tap").count { $0["view"] as? String == id }
        #expect(try await read(bus, ["--press", name]).last?["pressed"] as? Bool == true, "\(name) was pressed through AT-SPI")
        try await waitUntil("a tap on \(id)") { demo.events("tap").count { $0["view"] as? String == id } > before }
    }

    /// Reads the tree until `condition` holds of it (the bridge's tree is the last frame's: a change made
    /// through AT-SPI shows once the demo has drawn it), for up to 5 seconds; the last tree read.
    private func read(_ bus: ScreenReaderBus, until what: String, _ condition: ([String: Any]) -> Bool) async throws -> [String: Any] {
        let deadline = Date().addingTimeInterval(5)
        var tree = try await read(bus)[0]
        while !condition(tree), Date() < deadline {
            try await Task.sleep(for: .milliseconds(100))
            tree = try await read(bus)[0]
        }
        #expect(condition(tree), "\(what): \(nodes(tree).map { $0["name"] ?? "" })")
        return tree
    }

    /// The nodes of `tree` that are presentations: a group, a dialog or an alert.
    private func presentations(in tree: [String: Any]) -> [[String: Any]] {
        nodes(tree).filter { ["panel", "dialog", "alert"].contains($0["role"] as? String ?? "") }
    }

    @Test("the sheet's counter stays operable while the passthrough sheet is up: a group beside the home screen, not a modal dialog; the home screen's counter and the sheet's own count through AT-SPI",
          arguments: ["560x720", "1280x800"])
    func counterBesideTheSheet(size: String) async throws {
        try await withDemo(arguments: ["--size", size]) { demo, bus, _ in
            #expect(try await read(bus, ["--press", "Sheet"]).last?["pressed"] as? Bool == true)
            try await waitForTransition("presentationDidEnd", in: demo)
            // Which style came up: a bottom sheet at its medium detent below 640 points, a popover from there.
            let views = try await settledViews(after: "presentationDidEnd", in: demo)
            let sheet = try #require(views["presented"])
            if size == "560x720" {
                #expect(sheet == [0, 360, 560, 360], "a bottom sheet resting at half the window: \(sheet)")
            } else {
                #expect(sheet[2] == 320 && sheet[3] == 400 && views["passthrough"] != nil, "a popover: \(sheet)")
            }

            let tree = try await read(bus)[0]
            let groups = presentations(in: tree)
            #expect(groups.count == 1 && groups.first?["role"] as? String == "panel",
                    "the undimmed sheet is one group, not a dialog: \(groups.map { ($0["role"] ?? "", $0["name"] ?? "") })")
            let group = try #require(groups.first)
            #expect((group["states"] as? [String])?.contains("modal") == false)
            #expect(named("Count: 0", role: "push button", in: group) != nil && named("Dismiss", role: "push button", in: group) != nil,
                    "the sheet's controls are in its group")
            let window = try #require((tree["children"] as? [[String: Any]])?.first)
            let home = ((window["children"] as? [[String: Any]]) ?? []).filter { $0["role"] as? String != "panel" }
            let counter = try #require(home.first { $0["name"] as? String == "Tapped 0 times" },
                                       "the home screen's counter is in reach beside the sheet: \(home.map { $0["name"] ?? "" })")
            #expect(counter["role"] as? String == "push button" && counter["actions"] as? [String] == ["click"])
            #expect((counter["states"] as? [String])?.contains("showing") == true)
            let expected = try #require(views["counter"]).map { Int($0.rounded()) }
            #expect(counter["window"] as? [Int] == expected, "the counter where it is drawn")
            // What a click reaches is what a screen reader reaches: the whole home screen beside the bottom
            // sheet, only the counter beside the popover (a click elsewhere dismisses it).
            #expect((named("Bouncy", role: "push button", in: tree) != nil) == (size == "560x720"),
                    "the home screen's other buttons: \(home.map { $0["name"] ?? "" })")

            try await press("Tapped 0 times", id: "counter", bus: bus, demo: demo)
            let afterHome = try await read(bus, until: "the counter counted the press") {
                named("Tapped 1 times", role: "push button", in: $0) != nil
            }
            #expect(named("Tapped 0 times", role: "push button", in: afterHome) == nil)
            #expect(presentations(in: afterHome).count == 1, "the sheet is still up")

            try await press("Count: 0", id: "sheet-counter", bus: bus, demo: demo)
            let afterSheet = try await read(bus, until: "the sheet's own count went up") {
                presentations(in: $0).first.flatMap { named("Count: 1", role: "push button", in: $0) } != nil
            }
            #expect(named("Tapped 1 times", role: "push button", in: afterSheet) != nil)
            #expect(demo.events("transition").allSatisfy { $0["phase"] as? String != "dismissalWillBegin" },
                    "neither press dismissed the sheet: \(demo.events("transition"))")
        }
    }

    @Test("a popover's controls appear with their on-screen extents, in device pixels at scale 2 as well: the action sheet's (a modal dialog) and the half-modal's (a group)",
          arguments: ["action-sheet", "sheet"], [1.0, 2.0])
    func popoverExtents(scene: String, scale: Double) async throws {
        let controls = scene == "action-sheet"
            ? ["duplicate": "Duplicate", "share": "Share", "move-to-trash": "Move to Trash"]
            : ["sheet-counter": "Count: 0", "dismiss": "Dismiss"]
        try await withDemo(scale: scale, arguments: ["--scene", scene]) { demo, bus, _ in
            try await waitForTransition("presentationDidEnd", in: demo)
            let views = try await settledViews(after: "presentationDidEnd", in: demo)
            let bubble = try #require(views["presented"])
            let source = try #require(views["present-\(scene)"])
            #expect(bubble[1] > source[1] + source[3], "a popover below its source button: \(bubble), \(source)")
            #expect(bubble[2] <= 320, "a popover, not a sheet across the window: \(bubble)")

            let tree = try await read(bus)[0]
            let popover = try #require(presentations(in: tree).first)
            #expect(popover["role"] as? String == (scene == "action-sheet" ? "dialog" : "panel"), "\(popover["role"] ?? "")")
            #expect(named("Bouncy", role: "push button", in: tree) == nil, "the home screen is behind the popover")
            #expect((named("Tapped 0 times", role: "push button", in: tree) != nil) == (scene == "sheet"),
                    "only the half-modal lets the counter through")
            var offset: (Int, Int)?
            for (id, name) in controls.sorted(by: { $0.key < $1.key }) {
                let node = try #require(named(name, role: "push button", in: popover), "\(name) is a button of the popover")
                let frame = try #require(views[id])
                #expect(frame[0] >= bubble[0] && frame[0] + frame[2] <= bubble[0] + bubble[2] + 0.01, "\(id) is in the bubble")
                let expected = frame.map { Int(($0 * scale).rounded()) }
                let window = try #require(node["window"] as? [Int]), screen = try #require(node["screen"] as? [Int])
                #expect(window == expected, "\(name)'s extents in the window, in device pixels")
                #expect(screen[2] == window[2] && screen[3] == window[3], "\(name): \(screen) on screen, \(window) in the window")
                let shift = (screen[0] - window[0], screen[1] - window[1])
                #expect(offset.map { $0 == shift } ?? true, "every control is shifted by the window's place on screen")
                offset = shift
                #expect((node["states"] as? [String])?.contains("showing") == true)
                #expect(node["contains_in_parent"] as? Bool == true, "\(name) contains a point given relative to the popover")
            }
            if scene == "action-sheet" {
                #expect(named("Cancel", role: "push button", in: tree) == nil, "a popover action sheet has no Cancel button")
            } else {
                // The home screen's counter, passed through beside the popover, is where it is drawn as well.
                let counter = try #require(named("Tapped 0 times", role: "push button", in: tree))
                #expect(counter["window"] as? [Int] == (try #require(views["counter"])).map { Int(($0 * scale).rounded()) })
            }
        }
    }
}
