import Testing
import Proscenium

/// Moving a view to another superview in the same window is not leaving the window: animations, the
/// touch it tracks and keyboard focus go on; the move hooks come in UIKit's order.
@MainActor @Suite("Moving views")
struct ViewMovingTests {
    /// Records the move hooks it hears.
    final class HookProbe: View {
        var calls: [String] = []
        override func willMove(toSuperview newSuperview: View?) { calls.append("willMoveToSuperview(\(newSuperview?.identifier ?? "nil"))") }
        override func didMoveToSuperview() { calls.append("didMoveToSuperview(\(superview?.identifier ?? "nil"))") }
        override func willMove(toWindow newWindow: Window?) { calls.append("willMoveToWindow(\(newWindow == nil ? "nil" : "window"))") }
        override func didMoveToWindow() { calls.append("didMoveToWindow(\(window == nil ? "nil" : "window"))") }
        override var canBecomeFirstResponder: Bool { true }
        var touches: [Touch.Phase] = []
        override func touchesBegan(_ touches: Set<Touch>, with event: Event?) { self.touches.append(.began) }
        override func touchesEnded(_ touches: Set<Touch>, with event: Event?) { self.touches.append(.ended) }
        override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) { self.touches.append(.cancelled) }
    }

    private func scene() -> (AnimationFixture, View, View) {
        let fixture = AnimationFixture()
        let a = View(frame: Rect(x: 0, y: 0, width: 200, height: 300))
        a.identifier = "a"
        let b = View(frame: Rect(x: 200, y: 0, width: 200, height: 300))
        b.identifier = "b"
        fixture.window.addSubview(a)
        fixture.window.addSubview(b)
        fixture.clock.step()
        return (fixture, a, b)
    }

    @Test func movingWithinTheWindowKeepsAnimationsGoing() {
        let (fixture, a, b) = scene()
        let card = View(frame: Rect(x: 0, y: 0, width: 20, height: 20))
        a.addSubview(card)
        fixture.clock.step()
        let finished = CompletionLog<Bool>()
        View.animate(withDuration: 0.5, animations: { card.center = Point(x: 100, y: 100) }, completion: finished.record)
        fixture.clock.run(for: 0.2)
        b.addSubview(card)
        #expect(card.hasRunningAnimations)
        fixture.runUntilIdle()
        #expect(finished.calls == [true])
    }

    @Test func movingWithinTheWindowKeepsTheTouchAndFocus() {
        let (fixture, a, b) = scene()
        let probe = HookProbe(frame: Rect(x: 10, y: 10, width: 50, height: 50))
        a.addSubview(probe)
        fixture.clock.step()
        #expect(probe.becomeFirstResponder())
        fixture.window.send(.pointerDown(Point(x: 20, y: 20), button: 1, time: 0))
        b.addSubview(probe)
        #expect(fixture.window.firstResponder === probe)
        #expect(probe.isFirstResponder)
        #expect(probe.touches == [.began], "the touch was not cancelled by the move")
        fixture.window.send(.pointerUp(Point(x: 20, y: 20), button: 1, time: 0.1))
        #expect(probe.touches == [.began, .ended])
        #expect(fixture.window.firstResponder === probe)
    }

    @Test func leavingTheWindowStillStopsAnimationsAndDropsFocus() {
        let (fixture, a, _) = scene()
        let probe = HookProbe(frame: Rect(x: 10, y: 10, width: 50, height: 50))
        a.addSubview(probe)
        probe.becomeFirstResponder()
        let finished = CompletionLog<Bool>()
        View.animate(withDuration: 0.5, animations: { probe.alpha = 0.5 }, completion: finished.record)
        let elsewhere = View()
        elsewhere.addSubview(probe)
        fixture.clock.step()
        #expect(!probe.hasRunningAnimations)
        #expect(finished.calls == [false])
        #expect(fixture.window.firstResponder == nil)
    }

    @Test func moveHooksComeInOrder() {
        let (fixture, a, b) = scene()
        let probe = HookProbe()
        a.addSubview(probe)
        #expect(probe.calls == ["willMoveToWindow(window)", "willMoveToSuperview(a)", "didMoveToSuperview(a)", "didMoveToWindow(window)"])
        probe.calls = []
        b.addSubview(probe)
        #expect(probe.calls == ["willMoveToSuperview(b)", "didMoveToSuperview(b)"], "no window hooks for a move inside the window")
        probe.calls = []
        probe.removeFromSuperview()
        #expect(probe.calls == ["willMoveToWindow(nil)", "willMoveToSuperview(nil)", "didMoveToSuperview(nil)", "didMoveToWindow(nil)"])
        withExtendedLifetime(fixture) {}
    }

    @Test func aMoveRedrawsTheOldAndNewPlaces() {
        let (fixture, a, b) = scene()
        let card = View(frame: Rect(x: 10, y: 10, width: 20, height: 20))
        card.backgroundColor = .red
        a.addSubview(card)
        fixture.clock.step()
        b.addSubview(card)
        fixture.clock.step()
        let damage = fixture.window.lastDamage
        #expect(damage.rects.contains { $0.contains(Point(x: 15, y: 15)) }, "the old place is redrawn")
        #expect(damage.rects.contains { $0.contains(Point(x: 215, y: 15)) }, "the new place is drawn")
    }

    @Test func controllerThatIsFirstResponderIsClearedWhenItsViewLeaves() {
        final class FocusableController: ViewController {
            override var canBecomeFirstResponder: Bool { true }
        }
        let (fixture, a, _) = scene()
        let controller = FocusableController()
        a.addSubview(controller.view)
        #expect(controller.becomeFirstResponder())
        controller.view.removeFromSuperview()
        #expect(fixture.window.firstResponder == nil)
    }
}
