import Proscenium
import ProsceniumGallery
import ProsceniumTesting
import Testing

/// The seeds' PSPDFKit scenario in the gallery's navigation scene, on a real X server with XTest: a
/// section's screen shows its inspector in an undimmed half-modal sheet, and Back takes both away in one
/// transition — no workaround, no queueing.
@MainActor @Suite("Navigation scene")
struct NavigationSceneTests {
    /// The gallery at 1280x800 with the navigation scene up, General pushed and its inspector shown, settled.
    private func inspectorUp() async throws -> (WindowTester, HomeViewController, NavigationController, ViewController) {
        let home = HomeViewController()
        let tester = try await WindowTester.start(home, size: Size(width: 1280, height: 800))
        home.presentScene(named: "navigation")
        #expect(await tester.settle())
        try tester.tap("row-general")
        #expect(await tester.settle())
        try tester.tap("show-inspector")
        #expect(await tester.settle())
        let scene = try #require(tester.window.presentedViewControllers.first)
        let navigation = try #require(scene.children.first as? NavigationController)
        let inspector = try #require(tester.window.presentedViewControllers.last)
        #expect(navigation.viewControllers.count == 2 && inspector !== scene)
        return (tester, home, navigation, inspector)
    }

    /// Where the section's screen and the inspector sheet are drawn now: the screen's left edge and the sheet's top.
    private func positions(_ section: ViewController, _ inspector: ViewController) -> (screen: Double, sheet: Double) {
        (section.view.presentation.frame.minX + section.view.presentation.transform.tx, inspector.view.presentation.frame.minY)
    }

    @Test("Back with the inspector up: the first frame that moves the screen moves the sheet; both end in the same frame")
    func backTakesTheInspectorAlong() async throws {
        let (tester, home, navigation, inspector) = try await inspectorUp()
        defer { tester.stop() }
        let section = try #require(navigation.topViewController)
        let rest = positions(section, inspector)
        // The observers read the frame number: a main-actor box, which the loop advances.
        let frames = FrameNumber()
        var popEnded: Int?, sheetGone: Int?
        home.navigationObserver = { event in if event.kind == .pop, event.phase == .didEnd { popEnded = frames.now } }
        tester.window.presentationObserver = { event in
            if event.controller === inspector, event.kind == .dismissalDidEnd { sheetGone = frames.now }
        }
        try tester.tap("navigation-back")
        var firstMove: (screen: Double, sheet: Double)?
        while popEnded == nil || sheetGone == nil, frames.now < 120 {
            frames.now += 1
            tester.frame()
            let now = positions(section, inspector)
            if firstMove == nil, now.screen != rest.screen || now.sheet != rest.sheet { firstMove = now }
        }
        let moved = try #require(firstMove)
        #expect(moved.screen > rest.screen && moved.sheet > rest.sheet, "both move in the first frame: \(rest) → \(moved)")
        #expect(popEnded != nil && popEnded == sheetGone, "the pop ended at frame \(popEnded ?? -1), the sheet left at \(sheetGone ?? -1)")
        #expect(navigation.viewControllers.count == 1 && tester.window.presentedViewControllers.count == 1)
    }

    @Test("an edge drag let go short of halfway: the screen and the sheet come back together, the sheet still up and usable")
    func cancelledEdgeDragBringsTheSheetBack() async throws {
        let (tester, home, navigation, inspector) = try await inspectorUp()
        defer { tester.stop() }
        let section = try #require(navigation.topViewController)
        let rest = positions(section, inspector)
        var ended: [Bool] = []
        home.navigationObserver = { event in if event.phase == .didEnd { ended.append(event.completed ?? true) } }
        // The input's connection is closed before the tester stops its server.
        do {
            let input = try XTestInput(displayName: tester.display.name)
            var point = Point(x: 4, y: 200)
            input.move(to: tester.screenPoint(point))
            input.press()
            tester.frame()
            for _ in 0..<16 {
                point.x += 20
                input.move(to: tester.screenPoint(point))
                tester.frame()
            }
            let midway = positions(section, inspector)
            #expect(midway.screen > rest.screen + 200 && midway.sheet > rest.sheet + 50, "both follow the finger: \(midway)")
            // Held still, then nudged a point and back: the last moves carry no speed into the release.
            // Still in the X server's time too, whose stamps the drag's speed is read from: the virtual
            // frames alone may pass in less than the 0.1 s the speed looks back over, and the drag's last
            // steps then counted as a flick.
            await tester.advance(by: 0.3)
            try await Task.sleep(for: .milliseconds(150))
            for x in [point.x + 1, point.x] {
                input.move(to: tester.screenPoint(Point(x: x, y: point.y)))
                tester.frame()
            }
            input.release()
        }
        #expect(await tester.settle())
        #expect(ended == [false], "the pop was cancelled")
        let back = positions(section, inspector)
        #expect(abs(back.screen - rest.screen) < 0.5 && abs(back.sheet - rest.sheet) < 0.5, "\(rest) → \(back)")
        #expect(navigation.viewControllers.count == 2 && tester.window.presentedViewControllers.last === inspector)
        #expect(!inspector.isBeingDismissed && tester.window.consistencyProblems().isEmpty)
        // The bar above the sheet is still usable: Back now pops for real.
        try tester.tap("navigation-back")
        #expect(await tester.settle())
        #expect(navigation.viewControllers.count == 1 && tester.window.presentedViewControllers.count == 1)
    }

    @Test("mid-pop goldens: the screen and the sheet a third and two thirds of the way out")
    func midPopGoldens() async throws {
        let (tester, _, _, _) = try await inspectorUp()
        defer { tester.stop() }
        try tester.tap("navigation-back")
        for (frames, name) in [(4, "navigation-pop-inspector-f4"), (10, "navigation-pop-inspector-f14")] {
            for _ in 0..<frames { tester.frame() }
            _ = try await assertSnapshot(of: tester, named: name, tolerance: 8, maxMismatchedPixels: 40)
        }
    }

    @Test("the scene dismissed by Escape while a push runs, at any frame of it: the push still reports its end")
    func dismissedMidPush() async throws {
        let home = HomeViewController()
        let tester = try await WindowTester.start(home, size: Size(width: 1280, height: 800))
        defer { tester.stop() }
        for delay in [0, 1, 2, 4, 6, 9, 12, 16, 20, 23] {
            home.presentScene(named: "navigation")
            #expect(await tester.settle())
            var events: [String] = []
            home.navigationObserver = { event in events.append("\(event.phase.rawValue) \(event.kind.rawValue)") }
            try tester.tap("row-general")
            for _ in 0..<delay { tester.frame() }
            // Nothing here holds the scene: dismissed, it is freed with the push still running.
            try tester.press(keysym: 0xff1b)  // Escape
            #expect(await tester.settle())
            #expect(events == ["willBegin push", "didEnd push"], "dismissed \(delay) frames into the push: \(events)")
            #expect(tester.window.presentedViewControllers.isEmpty)
        }
    }
}

/// The number of the frame a test has stepped to, for observers to read.
@MainActor private final class FrameNumber {
    var now = 0
}
