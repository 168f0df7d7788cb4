import Testing
@testable import Proscenium

/// Going back by hand: a drag from the leading edge pops interactively, the release's place and speed
/// deciding; Alt+Left (the mouse's Back button arrives as it) pops.
@MainActor @Suite("Navigation by hand")
struct NavigationInputTests {
    /// A fixture with B pushed over A and drawn.
    private func pushed() -> (NavigationFixture, NavigationScreen) { NavigationFixture.withScreenPushed() }

    /// Presses at (`x`, 150), then moves `step` points right a frame for `frames` frames; the button stays down.
    private func drag(_ fixture: NavigationFixture, from x: Double, step: Double, frames: Int) -> Point {
        var point = Point(x: x, y: 150)
        fixture.window.send(.pointerDown(point, button: 1, time: fixture.clock.now))
        for _ in 0..<frames {
            fixture.clock.advance(by: 1.0 / 60)
            point.x += step
            fixture.window.send(.pointerMoved(point, time: fixture.clock.now))
            fixture.window.setNeedsFrame()
            fixture.clock.advance(by: 0)
        }
        return point
    }

    /// Releases the button at `point`, after holding it still there for `seconds` (no speed left) if given.
    private func letGo(_ fixture: NavigationFixture, at point: Point, afterHolding seconds: Double = 0) {
        if seconds > 0 {
            fixture.clock.advance(by: seconds)
            fixture.window.send(.pointerMoved(point, time: fixture.clock.now))
        }
        fixture.window.send(.pointerUp(point, button: 1, time: fixture.clock.now))
    }

    @Test("a drag from the edge moves the top screen with the pointer; let go past halfway, slowly, it pops")
    func edgeDragPops() {
        let (fixture, b) = pushed()
        let point = drag(fixture, from: 4, step: 10, frames: 24)
        #expect(fixture.stack == ["A"] && fixture.shownScreens == ["A", "B"])
        let followed = b.view.presentation.transform.tx
        // Measured from where the press was: B has moved as far as the pointer, 240 points.
        #expect(abs(followed - 240) < 0.5, "B follows the pointer: \(followed)")
        // Held still a moment, then let go: no speed, past halfway.
        letGo(fixture, at: point, afterHolding: 0.2)
        fixture.runUntilIdle()
        #expect(fixture.stack == ["A"] && fixture.shownScreens == ["A"] && b.parent == nil)
    }

    @Test("let go short of halfway it comes back: B stays, the stack is as it was")
    func shortEdgeDragCancels() {
        let (fixture, b) = pushed()
        let point = drag(fixture, from: 4, step: 6, frames: 20)
        letGo(fixture, at: point, afterHolding: 0.2)
        fixture.runUntilIdle()
        #expect(fixture.stack == ["A", "B"] && fixture.shownScreens == ["B"] && b.view.transform == .identity)
        #expect(fixture.log.entries.last == "B.didMove(toParent: navigation)")
    }

    @Test("a flick from the edge pops however short; a drag that starts away from the edge pops nothing")
    func flickPopsAndMiddleDragDoesNot() {
        let (fixture, b) = pushed()
        let point = drag(fixture, from: 100, step: 12, frames: 10)
        letGo(fixture, at: point)
        fixture.runUntilIdle()
        #expect(fixture.stack == ["A", "B"] && fixture.shownScreens == ["B"])
        let flick = drag(fixture, from: 2, step: 12, frames: 6)
        letGo(fixture, at: flick)
        fixture.runUntilIdle()
        #expect(fixture.stack == ["A"] && fixture.shownScreens == ["A"] && b.parent == nil)
    }

    @Test("Alt+Left pops; plain Left does not; on the root screen nothing happens")
    func altLeftPops() {
        let (fixture, _) = pushed()
        fixture.window.send(.keyDown(.left, time: fixture.clock.now))
        fixture.window.send(.keyUp(.left, time: fixture.clock.now))
        #expect(fixture.stack == ["A", "B"])
        fixture.window.send(.keyDown(.left, modifiers: [.alternate], time: fixture.clock.now))
        fixture.window.send(.keyUp(.left, modifiers: [.alternate], time: fixture.clock.now))
        fixture.runUntilIdle()
        #expect(fixture.stack == ["A"] && fixture.shownScreens == ["A"])
        var warnings: [String] = []
        let saved = Warnings.handler
        Warnings.handler = { warnings.append($0) }
        defer { Warnings.handler = saved }
        fixture.window.send(.keyDown(.left, modifiers: [.alternate], time: fixture.clock.now))
        #expect(fixture.stack == ["A"] && warnings.isEmpty)
    }

    @Test("a screen that hides Back, or replaces it with its own left button, is not left by Alt+Left or the edge drag")
    func noBackButtonNoWayBack() {
        for hides in [true, false] {
            let (fixture, b) = pushed()
            if hides {
                b.navigationItem.hidesBackButton = true
            } else {
                b.navigationItem.leftBarButtonItem = BarButtonItem(title: "Cancel")
            }
            fixture.frames(1)
            fixture.window.send(.keyDown(.left, modifiers: [.alternate], time: fixture.clock.now))
            fixture.window.send(.keyUp(.left, modifiers: [.alternate], time: fixture.clock.now))
            fixture.runUntilIdle()
            #expect(fixture.stack == ["A", "B"], "hides: \(hides)")
            let point = drag(fixture, from: 4, step: 12, frames: 10)
            letGo(fixture, at: point)
            fixture.runUntilIdle()
            #expect(fixture.stack == ["A", "B"] && fixture.shownScreens == ["B"], "hides: \(hides)")
            // With the left button after Back, Back is there and goes back.
            b.navigationItem.hidesBackButton = false
            b.navigationItem.leftItemsSupplementBackButton = true
            fixture.window.send(.keyDown(.left, modifiers: [.alternate], time: fixture.clock.now))
            fixture.runUntilIdle()
            #expect(fixture.stack == ["A"], "hides: \(hides)")
        }
    }

    /// A touch-logging view over the root screen's left half, dragged from the edge and let go, all run.
    private func edgeDragOnTheRoot(_ fixture: NavigationFixture) -> TouchProbeView {
        let probe = TouchProbeView(frame: Rect(x: 0, y: 0, width: 200, height: 300))
        fixture.a.view.addSubview(probe)
        fixture.frames(1)
        let point = drag(fixture, from: 4, step: 12, frames: 6)
        letGo(fixture, at: point)
        fixture.runUntilIdle()
        return probe
    }

    @Test("on the root screen a drag from the edge is not taken: the view under it follows it to the end, not cancelled")
    func edgeDragOnTheRootLeavesTheTouch() {
        let probe = edgeDragOnTheRoot(NavigationFixture())
        #expect(probe.phases.first == .began && probe.phases.last == .ended, "\(probe.phases)")
        #expect(!probe.phases.contains(.cancelled))
    }

    @Test("an app's delegate on the edge pan adds to the controller's own condition: on the root screen the touch still stays with the view")
    func anAppDelegateKeepsTheGuard() {
        final class AlwaysBegins: GestureRecognizerDelegate {}
        let fixture = NavigationFixture()
        let delegate = AlwaysBegins()
        fixture.navigation.interactivePopGestureRecognizer?.delegate = delegate
        let probe = edgeDragOnTheRoot(fixture)
        #expect(!probe.phases.contains(.cancelled) && probe.phases.last == .ended, "\(probe.phases)")
        _ = delegate
    }

    @Test("Tab reaches the navigation bar's buttons before the screen under it, as a screen reader reads them")
    func tabStartsAtTheBar() {
        let (fixture, b) = pushed()
        let done = BarButtonItem(title: "Done")
        done.identifier = "done"
        b.navigationItem.rightBarButtonItem = done
        let field = TextField(frame: Rect(x: 20, y: 80, width: 200, height: 36))
        field.identifier = "field"
        b.view.addSubview(field)
        fixture.frames(1)
        let order = fixture.window.focusableViews(in: fixture.navigation.view).compactMap(\.identifier)
        #expect(order.firstIndex(of: "done").map { $0 < order.firstIndex(of: "field")! } == true, "\(order)")
    }
}
