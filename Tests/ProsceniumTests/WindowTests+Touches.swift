import Testing
import Proscenium

/// Pointer input becoming touches: ownership, coordinates and the responder chain.
@MainActor @Suite("Window touch delivery")
struct WindowTouchTests {
    private func press(_ window: Window, at x: Double, _ y: Double, time: Double = 0) {
        window.send(.pointerDown(Point(x: x, y: y), button: 1, time: time))
    }

    private func move(_ window: Window, to x: Double, _ y: Double, time: Double = 0) {
        window.send(.pointerMoved(Point(x: x, y: y), time: time))
    }

    private func release(_ window: Window, at x: Double, _ y: Double, time: Double = 0) {
        window.send(.pointerUp(Point(x: x, y: y), button: 1, time: time))
    }

    @Test func viewHitAtPressOwnsTheTouchUntilRelease() {
        let scene = ProbeScene()
        let a = TouchProbeView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let b = TouchProbeView(frame: Rect(x: 200, y: 0, width: 100, height: 100))
        scene.window.addSubview(a)
        scene.window.addSubview(b)
        press(scene.window, at: 50, 50)
        move(scene.window, to: 250, 50)   // over b
        move(scene.window, to: 390, 290)  // outside both
        release(scene.window, at: 250, 50)
        #expect(a.phases == [.began, .moved, .moved, .ended])
        #expect(b.records.isEmpty)
    }

    @Test func touchLocationsAreInTheViewsOwnSpace() {
        let scene = ProbeScene()
        let parent = View(frame: Rect(x: 100, y: 50, width: 200, height: 200))
        let view = TouchProbeView(frame: Rect(x: 20, y: 30, width: 100, height: 100))
        view.transform = AffineTransform(scaleX: 2, y: 2)  // centre (170, 130) in the window
        parent.addSubview(view)
        scene.window.addSubview(parent)
        press(scene.window, at: 170, 130)
        move(scene.window, to: 190, 110)
        release(scene.window, at: 250, 140)  // outside the view: still its touch
        #expect(view.records == [
            ProbeTouchRecord(phase: .began, location: Point(x: 50, y: 50)),
            ProbeTouchRecord(phase: .moved, location: Point(x: 60, y: 40)),
            ProbeTouchRecord(phase: .ended, location: Point(x: 90, y: 55)),
        ])
    }

    @Test func moveToTheSameLocationIsNotDelivered() {
        let scene = ProbeScene()
        let view = TouchProbeView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        scene.window.addSubview(view)
        press(scene.window, at: 10, 10)
        move(scene.window, to: 10, 10)
        release(scene.window, at: 10, 10)
        #expect(view.phases == [.began, .ended])
    }

    @Test func unhandledTouchInAPlainSubviewTravelsToTheSuperview() {
        let scene = ProbeScene()
        let parent = TouchProbeView(frame: Rect(x: 100, y: 100, width: 200, height: 150))
        let plain = View(frame: Rect(x: 10, y: 10, width: 50, height: 50))
        parent.addSubview(plain)
        scene.window.addSubview(parent)
        #expect(scene.window.hitTest(Point(x: 120, y: 120), with: nil) === plain)
        press(scene.window, at: 120, 120)
        move(scene.window, to: 130, 125)
        release(scene.window, at: 130, 125)
        #expect(parent.records == [
            ProbeTouchRecord(phase: .began, location: Point(x: 20, y: 20)),
            ProbeTouchRecord(phase: .moved, location: Point(x: 30, y: 25)),
            ProbeTouchRecord(phase: .ended, location: Point(x: 30, y: 25)),
        ])
    }

    @Test func unhandledTouchTravelsThroughTheRootViewToItsController() {
        let scene = ProbeScene()
        let controller = ProbeViewController()
        scene.window.rootViewController = controller
        let plain = View(frame: Rect(x: 10, y: 10, width: 50, height: 50))
        controller.view.addSubview(plain)
        press(scene.window, at: 20, 20)
        move(scene.window, to: 25, 25)
        release(scene.window, at: 25, 25)
        #expect(controller.touchPhases == [.began, .moved, .ended])
    }

    @Test func handledTouchStopsAtTheView() {
        let scene = ProbeScene()
        let controller = ProbeViewController()
        scene.window.rootViewController = controller
        let probe = TouchProbeView(frame: Rect(x: 10, y: 10, width: 50, height: 50))
        controller.view.addSubview(probe)
        press(scene.window, at: 20, 20)
        release(scene.window, at: 20, 20)
        #expect(probe.phases == [.began, .ended])
        #expect(controller.touchPhases.isEmpty)
    }

    @Test func removingTheTouchedViewCancelsItsTouch() {
        let scene = ProbeScene()
        let view = TouchProbeView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        scene.window.addSubview(view)
        press(scene.window, at: 10, 10)
        view.removeFromSuperview()
        move(scene.window, to: 20, 20)
        release(scene.window, at: 20, 20)
        #expect(view.phases == [.began, .cancelled])
    }
}

/// A Button tracking a touch: highlight while pressed, one action on a tap inside, none far outside.
@MainActor @Suite("Button touch tracking")
struct ButtonTouchTests {
    /// A 100×44 button at (50, 50) in a 400×300 window, counting its actions.
    private func makeScene() -> (scene: ProbeScene, button: Button, taps: ProbeBox<Int>) {
        let scene = ProbeScene()
        let taps = ProbeBox(0)
        let button = Button(title: "OK", frame: Rect(x: 50, y: 50, width: 100, height: 44)) { _ in taps.value += 1 }
        scene.window.addSubview(button)
        scene.step()
        return (scene, button, taps)
    }

    @Test func tapInsideFiresTheActionOnce() {
        let (scene, _, taps) = makeScene()
        scene.window.send(.pointerDown(Point(x: 100, y: 70), button: 1, time: 0))
        #expect(taps.value == 0, "not on press")
        scene.window.send(.pointerUp(Point(x: 100, y: 70), button: 1, time: 0.1))
        #expect(taps.value == 1)
    }

    @Test func tapOnTheTitleLabelFiresTheButton() {
        let (scene, button, taps) = makeScene()
        #expect(scene.window.hitTest(Point(x: 100, y: 72), with: nil) === button)
        scene.window.send(.pointerDown(Point(x: 100, y: 72), button: 1, time: 0))
        scene.window.send(.pointerUp(Point(x: 100, y: 72), button: 1, time: 0.1))
        #expect(taps.value == 1)
    }

    @Test func releaseWithinTheSlopStillFires() {
        let (scene, _, taps) = makeScene()
        scene.window.send(.pointerDown(Point(x: 100, y: 70), button: 1, time: 0))
        scene.window.send(.pointerMoved(Point(x: 100, y: 150), time: 0.05))  // 56 below the bottom edge
        scene.window.send(.pointerUp(Point(x: 100, y: 150), button: 1, time: 0.1))
        #expect(taps.value == 1)
    }

    @Test func releaseBeyondTheSlopDoesNotFire() {
        let (scene, _, taps) = makeScene()
        scene.window.send(.pointerDown(Point(x: 100, y: 70), button: 1, time: 0))
        scene.window.send(.pointerMoved(Point(x: 100, y: 180), time: 0.05))  // 86 below the bottom edge
        scene.window.send(.pointerUp(Point(x: 100, y: 180), button: 1, time: 0.1))
        #expect(taps.value == 0)
    }

    @Test func buttonIsHighlightedOnlyWhilePressedInside() {
        let (scene, button, _) = makeScene()
        #expect(!button.isHighlighted)
        scene.window.send(.pointerDown(Point(x: 100, y: 70), button: 1, time: 0))
        #expect(button.isHighlighted)
        scene.window.send(.pointerMoved(Point(x: 390, y: 290), time: 0.05))
        #expect(!button.isHighlighted, "dragged beyond the slop")
        scene.window.send(.pointerMoved(Point(x: 110, y: 75), time: 0.1))
        #expect(button.isHighlighted, "back inside")
        scene.window.send(.pointerUp(Point(x: 110, y: 75), button: 1, time: 0.15))
        #expect(!button.isHighlighted)
    }

    @Test func highlightDarkensTheBackground() {
        let (scene, button, _) = makeScene()
        let normal = button.fillColor
        scene.window.send(.pointerDown(Point(x: 100, y: 70), button: 1, time: 0))
        #expect(button.fillColor != normal)
        scene.window.send(.pointerUp(Point(x: 100, y: 70), button: 1, time: 0.1))
        #expect(button.fillColor == normal)
    }

    @Test func disabledButtonDoesNotFire() {
        let (scene, button, taps) = makeScene()
        button.isEnabled = false
        scene.window.send(.pointerDown(Point(x: 100, y: 70), button: 1, time: 0))
        #expect(!button.isHighlighted)
        scene.window.send(.pointerUp(Point(x: 100, y: 70), button: 1, time: 0.1))
        #expect(taps.value == 0)
    }
}
