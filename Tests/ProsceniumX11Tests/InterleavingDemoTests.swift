import CX11
import Foundation
import Proscenium
import ProsceniumX11
import Testing
import TestSupport

/// Issue 15's reproductions as a user meets them: the built demo on a private Xvfb, input through XTest,
/// the window resized through the X server, transitions interrupted at chosen virtual times with
/// `--dismiss-at` and `--present-at`, and `--self-check` shown to report a planted fault.
@MainActor @Suite("Interleaving, through the demo", .serialized)
struct InterleavingDemoTests {
    /// The home screen's background, (242, 242, 247).
    static let homeColour = [0xF2, 0xF2, 0xF7]

    /// Waits until `condition` holds; on timeout the error quotes what `demo` logged.
    private func waitUntil(_ what: String, timeout: Double = 10, demo: DemoProcess? = nil,
                           _ condition: () -> Bool) async throws {
        let deadline = Date().addingTimeInterval(timeout)
        while !condition() {
            if Date() > deadline {
                let log = demo.map { "; the demo logged: \($0.lines.suffix(12).joined(separator: "\n")); stderr: \($0.errorOutput)" } ?? ""
                throw FixtureError.timeout(what + log)
            }
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    /// The `frame` of the view with `id` in the last `tree` event, in window coordinates.
    private func frame(of id: String, in demo: DemoProcess) -> Rect? {
        guard let tree = demo.events("tree").last, let views = tree["views"] as? [[String: Any]],
              let view = views.first(where: { $0["id"] as? String == id }),
              let f = view["frame"] as? [Double], f.count == 4 else { return nil }
        return Rect(x: f[0], y: f[1], width: f[2], height: f[3])
    }

    /// The home screen alone at `size`, as the demo draws it.
    private func homeAlone(size: String) async throws -> Image {
        let run = try await CapturedRun.run(["--size", size], at: 0.2)
        defer { run.remove() }
        return run.final
    }

    /// The left edge of the run of home-coloured pixels that ends at the right edge of row `y`, where it
    /// can be seen: 0 when the run spans the row, nil when no black backdrop shows within 4 pixels left of
    /// it (the panel, fading, lies over the home view there and hides its edge).
    private static func homeLeftEdge(_ image: Image, row y: Int) -> Int? {
        var x = image.width - 1
        while x >= 0, close(Array(image.rgba(x, y).prefix(3)), homeColour, tolerance: 4) { x -= 1 }
        guard x >= 0 else { return 0 }
        let gap = max(0, x - 3)...x
        return gap.contains { image.rgba($0, y).prefix(3).allSatisfy { $0 <= 30 } } ? x + 1 : nil
    }

    /// Checks that the visible edges in `edges` (one per frame; nil where hidden) never move more than
    /// `limit` pixels per frame.
    private static func expectNoJump(_ edges: [Int?], limit: Int = 250, _ what: String) {
        var last: (index: Int, edge: Int)?
        for (index, edge) in edges.enumerated() {
            guard let edge else { continue }
            if let last {
                #expect(abs(edge - last.edge) <= limit * (index - last.index),
                        "\(what): the home view jumped from x = \(last.edge) to \(edge) in \(index - last.index) frames: \(edges)")
            }
            last = (index, edge)
        }
    }

    // MARK: - 1: a drag across an adaptation

    /// Down 40 px from the sheet's only detent the drag drives a dismissal (which holds off adapting
    /// until it ends); up 40 px it rubber-bands, and the resize adapts the sheet into a popover while the
    /// finger still holds the pan recognizer of the sheet's presentation controller.
    @Test("sheet: press on the grabber, move, resize across 640 px, move, release: no crash, and the demo still works",
          arguments: [40.0, -40.0])
    func sheetDragAcrossAdaptation(drag: Double) async throws {
        try await withPrivateXvfb(width: 1400, height: 1000) { server in
            let demo = try DemoProcess(arguments: ["--size", "600x800", "--scene", "sheet", "--log-events", "--self-check"],
                                       environment: ["DISPLAY": server.displayName])
            defer { demo.stop() }
            let ready = try await demo.event("ready")
            let window = try #require((ready["window"] as? String).flatMap { UInt($0.dropFirst(2), radix: 16) })
            try await waitUntil("the sheet is up") {
                demo.events("transition").contains { $0["phase"] as? String == "presentationDidEnd" }
            }
            let display = try Display(name: server.displayName)
            var x: Int32 = 0, y: Int32 = 0
            var child: CX11.Window = 0
            XTranslateCoordinates(display.pointer, CX11.Window(window), display.rootWindow, 0, 0, &x, &y, &child)
            let origin = Point(x: Double(x), y: Double(y))
            let input = try XTestInput(displayName: server.displayName)

            // The grabber sits at the top of the sheet, whose medium detent starts at y = 400.
            input.move(to: Point(x: origin.x + 300, y: origin.y + 410))
            input.press()
            for step in 1...4 {
                try await Task.sleep(for: .milliseconds(20))
                input.move(to: Point(x: origin.x + 300, y: origin.y + 410 + Double(step) * drag / 4))
            }
            try await Task.sleep(for: .milliseconds(50))
            XResizeWindow(display.pointer, CX11.Window(window), 1000, 800)
            display.sync()
            try await waitUntil("the window is laid out at 1000 px", demo: demo) {
                demo.events("resize").contains { $0["width"] as? Int == 1000 } || !demo.isRunning
            }
            for step in 1...3 {
                input.move(to: Point(x: origin.x + 300, y: origin.y + 410 + drag + Double(step) * drag / 4))
                try await Task.sleep(for: .milliseconds(20))
            }
            let adaptedWhileHeld = demo.events("adapt").contains { $0["style"] as? String == "popover" }
            input.release()
            try await Task.sleep(for: .milliseconds(400))

            #expect(demo.isRunning, "the demo ended: \(demo.errorOutput)")
            #expect(!demo.errorOutput.contains("unowned"), "\(demo.errorOutput)")
            #expect(demo.events("problem").isEmpty, "\(demo.events("problem"))")
            if drag < 0 {
                #expect(adaptedWhileHeld, "the sheet adapted while the finger held it: \(demo.events("adapt"))")
            }

            // Still working: a click on the counter counts.
            try await waitUntil("the tree at 1000 px", demo: demo) { frame(of: "home", in: demo)?.width == 1000 }
            let counter = try #require(frame(of: "counter", in: demo))
            input.click(at: Point(x: origin.x + counter.midX, y: origin.y + counter.midY))
            try await waitUntil("the tap on counter", demo: demo) { demo.events("tap").contains { $0["view"] as? String == "counter" } }
            #expect(demo.events("problem").isEmpty, "\(demo.events("problem"))")

            kill(demo.pid, SIGTERM)
            let exit = await demo.exit(timeout: 5)
            #expect(exit?.status == 0, "exit \(String(describing: exit)); stderr: \(demo.errorOutput)")
        }
    }

    // MARK: - 2: the bottom sheet comes in undimmed

    @Test("sheet at 600x800: every pixel above the sheet stays the home screen's, undimmed, at every time of its entry")
    func sheetEntersWithoutAFlash() async throws {
        let home = try await homeAlone(size: "600x800")
        let times = [0.02, 0.05, 0.1, 0.2, 0.4]
        let run = try await CapturedRun.run(["--scene", "sheet", "--size", "600x800"], at: 1.0,
                                      frames: times.map { String($0) }.joined(separator: ","))
        defer { run.remove() }
        for (time, image) in try zip(times, times.map { try run.frame(CapturedRun.frame(at: $0)) }) + [(1.0, run.final)] {
            // The sheet's top this frame: the first row, down the margin at x = 590, that is not home's colour.
            var top = 0
            while top < image.height, close(Array(image.rgba(590, top).prefix(3)), Self.homeColour, tolerance: 2) { top += 1 }
            #expect(top >= 380, "at \(time) s the sheet (or its shadow) reaches y = \(top)")
            var differing = 0
            var sample: (Int, Int, [Int])?
            // Above the sheet and its shadow (14 px), every pixel is the home screen's own.
            for y in 0..<max(0, top - 20) {
                for x in 0..<image.width where !close(image.rgba(x, y), home.rgba(x, y), tolerance: 2) {
                    differing += 1
                    if sample == nil { sample = (x, y, image.rgba(x, y)) }
                }
            }
            #expect(differing == 0, "at \(time) s, \(differing) pixels above the sheet differ from home alone, first \(String(describing: sample))")
            let background = Array(image.rgba(300, 300).prefix(3))
            #expect(close(background, Self.homeColour, tolerance: 1), "at \(time) s (300, 300) is \(background)")
        }
    }

    // MARK: - 9 and 11: the side panel turned around

    @Test("side-panel dismissed 0.15 s in: the home view turns around from where it is, over its backdrop, and ends as it began")
    func sidePanelTurnsAround() async throws {
        let home = try await homeAlone(size: "1280x800")
        // The way back is the same spring as the way in (0.5 s, as stiff), so it is over by 0.15 + 0.5 s.
        let run = try await CapturedRun.run(["--scene", "side-panel", "--dismiss-at", "0.15"], at: 1.0, frames: "0..0.8", downsample: 2)
        defer { run.remove() }
        let turn = CapturedRun.frame(at: 0.15)
        var edges: [Int?] = []
        for index in 0...CapturedRun.frame(at: 0.8) {
            let image = try run.frame(index)
            let edge = Self.homeLeftEdge(image, row: 200).map { $0 * 2 }
            edges.append(edge)
            if edge.map({ $0 > 8 }) ?? true {
                let corner = Array(image.rgba(1, 1).prefix(3))
                #expect(corner.allSatisfy { $0 <= 8 }, "frame \(index): home at x = \(String(describing: edge)) but (2, 2) is \(corner), not the black backdrop")
            }
        }
        let atTurn = try #require(edges[turn], "the home view's edge shows at 0.15 s: \(edges)")
        let after = try #require(edges[turn + 1], "the home view's edge shows just after the turn: \(edges)")
        #expect(atTurn > 600, "the home view is well on its way at 0.15 s: \(edges)")
        #expect(abs(after - atTurn) < 100, "the frame after the turn starts from x = \(atTurn): \(edges)")
        Self.expectNoJump(edges, "turning around")
        #expect(edges.last == 0, "back at x = 0: \(edges)")
        #expect(run.transitionTimes("dismissalDidEnd").count == 1)
        // Ended, the home screen is exactly as it was: no backdrop, square corners, nothing clipped.
        let result = ImageComparison.pixelsDiffering(run.final, home, tolerance: 2)
        #expect(result.mismatchedPixels == 0, "\(result)")
    }

    @Test("side-panel presented again while it leaves, then dismissed: its backdrop stays, and the home view ends square and unclipped")
    func sidePanelPresentedAgainWhileLeaving() async throws {
        let home = try await homeAlone(size: "1280x800")
        let run = try await CapturedRun.run(["--scene", "side-panel", "--dismiss-at", "1.0", "--present-at", "1.15", "--dismiss-at", "2.0"],
                                      at: 3.0, frames: "1.0..1.4", downsample: 2)
        defer { run.remove() }
        #expect(run.transitionTimes("dismissalDidEnd").count == 2 && run.transitionTimes("presentationDidEnd").count == 2,
                "\(run.events.filter { $0["type"] as? String == "transition" })")
        var edges: [Int?] = []
        for index in CapturedRun.frame(at: 1.0)...CapturedRun.frame(at: 1.4) {
            let image = try run.frame(index)
            edges.append(Self.homeLeftEdge(image, row: 200).map { $0 * 2 })
            let corner = Array(image.rgba(1, 1).prefix(3))
            #expect(corner.allSatisfy { $0 <= 8 }, "frame \(index): (2, 2) is \(corner), not the black backdrop")
        }
        #expect(edges.compactMap { $0 }.count >= 12, "the home view's edge shows in most frames: \(edges)")
        Self.expectNoJump(edges, "presented again")
        let result = ImageComparison.pixelsDiffering(run.final, home, tolerance: 2)
        #expect(result.mismatchedPixels == 0, "the home view keeps the panel's rounded, clipped corners: \(result)")
        #expect(Array(run.final.rgba(0, 0).prefix(3)) == Self.homeColour)
    }

    @Test("cool dismissed 0.15 s in: its decorative frame is still there through the reverse, and gone after")
    func coolTurnsAroundWithItsFrame() async throws {
        let home = try await homeAlone(size: "1280x800")
        let times = [0.1667, 0.2, 0.2333]
        let run = try await CapturedRun.run(["--scene", "cool", "--dismiss-at", "0.15"], at: 1.0,
                                      frames: times.map { String($0) }.joined(separator: ","))
        defer { run.remove() }
        let trees = run.events.filter { $0["type"] as? String == "tree" }
        let atTurn = try #require(trees.first { ($0["t"] as? NSNumber)?.doubleValue == 0.15 }, "a tree when the presentation ended")
        let ids = (atTurn["views"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
        #expect(ids.contains("decoration") && ids.contains("dimming"), "the frame and the dimming stay for the reverse: \(ids)")
        for time in times {
            let image = try run.frame(CapturedRun.frame(at: time))
            // The white frame moves back out towards the window's edges, left of the card (x < 480).
            let bright = (0..<480).filter { image.rgba($0, 400)[1] >= 200 }
            #expect(!bright.isEmpty, "at \(time) s no decorative frame on row 400 left of the card")
        }
        let result = ImageComparison.pixelsDiffering(run.final, home, tolerance: 2)
        #expect(result.mismatchedPixels == 0, "after the reverse the home screen is as it was: \(result)")
    }

    // MARK: - The scripting options

    @Test("live, --dismiss-at turns the side panel around on the real clock, and the run ends cleanly")
    func liveDismissAt() async throws {
        let demo = try DemoProcess(arguments: ["--headless", "--log-events", "--self-check", "--scene", "side-panel",
                                               "--dismiss-at", "0.15", "--exit-after", "1.5"],
                                   environment: ["DISPLAY": nil])
        defer { demo.stop() }
        let exit = await demo.exit(timeout: 15)
        #expect(exit?.status == 0, "stderr: \(demo.errorOutput)")
        let phases = demo.events("transition").map { event -> String in
            let phase = event["phase"] as? String ?? "?"
            guard let completed = event["completed"] as? Bool else { return phase }
            return phase + (completed ? " completed" : " cancelled")
        }
        #expect(phases == ["presentationWillBegin", "presentationDidEnd cancelled", "dismissalWillBegin", "dismissalDidEnd completed"],
                "\(phases)")
        #expect(demo.events("problem").isEmpty, "\(demo.events("problem"))")
    }

    @Test("the scripting, capture and fault options refuse bad values, naming what is valid", arguments: [
        (["--dismiss-at", "-1"], "--dismiss-at must be a number of seconds from 0 to 600"),
        (["--present-at", "nan"], "--present-at must be a number of seconds from 0 to 600"),
        (["--screenshot", "/tmp/proscenium-never.png", "--capture-frames", "1e300"], "--capture-frames must be a number of seconds from 0 to 600"),
        (["--capture-frames", "0.1"], "--capture-frames needs --screenshot"),
        (["--screenshot", "/tmp/proscenium-never.png", "--capture-frames", "2..1"], "FROM not after TO"),
        (["--screenshot", "/tmp/proscenium-never.png", "--capture-frames", "0.1,x"], "such as 0.05,0.1,1.0..1.5"),
        (["--screenshot", "/tmp/proscenium-never.png", "--capture-downsample", "0"], "a whole number from 1 to 64"),
        (["--inject-fault", "nope"], "valid faults: stray-dimming"),
        (["--screenshot", "/tmp/proscenium-never.png", "--capture-downsample", "4"], "--capture-downsample needs --capture-frames"),
        (["--screenshot", "/tmp/proscenium-never.png", "--exit-after", "3"], "--exit-after has no effect with --screenshot"),
    ])
    func badScriptArguments(arguments: [String], expected: String) async throws {
        let demo = try DemoProcess(arguments: arguments, environment: ["DISPLAY": nil])
        let exit = try #require(await demo.exit(timeout: 10), "\(demo.diagnosis)")
        #expect(exit.status != 0)
        #expect(demo.errorOutput.hasPrefix("proscenium-demo: ") && demo.errorOutput.contains(expected), "stderr: \(demo.errorOutput)")
        #expect(!FileManager.default.fileExists(atPath: "/tmp/proscenium-never.png"))
    }

    // MARK: - --self-check reports what it finds

    @Test("--self-check with --inject-fault stray-dimming logs a problem; the same interleaving without it logs none")
    func selfCheckReportsAPlantedFault() async throws {
        let clean = try await CapturedRun.run(["--self-check", "--scene", "side-panel", "--dismiss-at", "0.15", "--present-at", "0.25"], at: 1.2)
        clean.remove()
        #expect(!clean.events.contains { $0["type"] as? String == "problem" },
                "\(clean.events.filter { $0["type"] as? String == "problem" })")
        #expect(clean.events.contains { $0["type"] as? String == "transition" && $0["phase"] as? String == "presentationDidEnd"
            && $0["completed"] as? Bool == true }, "turned around twice, the side panel ends up presented")

        let demo = try DemoProcess(arguments: ["--headless", "--self-check", "--log-events", "--inject-fault", "stray-dimming"],
                                   environment: ["DISPLAY": nil])
        defer { demo.stop() }
        let problem = try await demo.event("problem")
        let text = problem["problem"] as? String ?? ""
        #expect(text.contains("dimming"), "\(problem)")
        kill(demo.pid, SIGTERM)
        let exit = await demo.exit(timeout: 5)
        #expect(exit?.status == 0, "exit \(String(describing: exit)); stderr: \(demo.errorOutput)")
    }
}
