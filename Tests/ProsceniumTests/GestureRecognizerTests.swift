import Testing
import Proscenium

/// Tap and pan recognizers fed through the window, and how they interact with the touched view.
@MainActor @Suite("Gesture recognizers")
struct GestureRecognizerTests {
    /// A window with a 400×300 probe view holding `recognizer`, logging the states its actions see;
    /// shared with `GestureRecognizerUIKitTests`.
    @MainActor struct Fixture {
        let scene = ProbeScene()
        let view = TouchProbeView(frame: Rect(x: 0, y: 0, width: 400, height: 300))
        let states = ProbeBox<[GestureRecognizer.State]>([])

        init(_ recognizer: GestureRecognizer) {
            scene.window.addSubview(view)
            view.addGestureRecognizer(recognizer)
            recognizer.addAction { [states] in states.value.append($0.state) }
        }

        func down(_ x: Double, _ y: Double, _ t: Double = 0) {
            scene.window.send(.pointerDown(Point(x: x, y: y), button: 1, time: t))
        }
        func move(_ x: Double, _ y: Double, _ t: Double = 0) {
            scene.window.send(.pointerMoved(Point(x: x, y: y), time: t))
        }
        func up(_ x: Double, _ y: Double, _ t: Double = 0) {
            scene.window.send(.pointerUp(Point(x: x, y: y), button: 1, time: t))
        }
    }

    // MARK: - Tap

    @Test func tapFiresOnReleaseWithinTenPoints() {
        let f = Fixture(TapGestureRecognizer())
        f.down(50, 50)
        f.move(56, 58)  // exactly 10 away
        #expect(f.states.value.isEmpty, "nothing before release")
        f.up(56, 58)
        #expect(f.states.value == [.recognized])
    }

    @Test func tapFailsWhenMovedPastTenPoints() {
        let f = Fixture(TapGestureRecognizer())
        f.down(50, 50)
        f.move(61, 50)
        f.move(52, 50)  // coming back does not revive it
        f.up(52, 50)
        #expect(f.states.value.isEmpty)
    }

    @Test func tapFailsWhenReleasedPastTenPointsWithoutAMove() {
        let f = Fixture(TapGestureRecognizer())
        f.down(50, 50)
        f.up(80, 50)  // the platform may report no motion between press and release
        #expect(f.states.value.isEmpty)
    }

    @Test func tapWorksAgainAfterAFailedAttempt() {
        let f = Fixture(TapGestureRecognizer())
        f.down(50, 50, 0)
        f.move(90, 50, 0.1)
        f.up(90, 50, 0.2)
        f.down(200, 100, 1)
        f.up(200, 100, 1.1)
        #expect(f.states.value == [.recognized])
    }

    @Test func recognizedTapCancelsTheViewsTouch() {
        let f = Fixture(TapGestureRecognizer())
        f.down(50, 50)
        f.up(50, 50)
        #expect(f.view.phases == [.began, .cancelled])
    }

    @Test func failedTapLeavesTheViewsTouchAlone() {
        let f = Fixture(TapGestureRecognizer())
        f.down(50, 50)
        f.move(100, 50)
        f.up(100, 50)
        #expect(f.view.phases == [.began, .moved, .ended])
    }

    // MARK: - Pan

    /// Times are multiples of 1/32 s, exact in binary, so the expected velocities are exact.
    private static let dt = 1.0 / 32

    @Test func panReportsTranslationFromThePress() {
        let pan = PanGestureRecognizer()
        let f = Fixture(pan)
        let translations = ProbeBox<[Point]>([])
        pan.addAction { translations.value.append(($0 as! PanGestureRecognizer).translation(in: nil)) }
        f.down(100, 100, 0)
        f.move(105, 100, Self.dt)      // 5: not yet a pan
        #expect(f.states.value.isEmpty)
        f.move(110, 100, 2 * Self.dt)  // 10: begins
        f.move(130, 90, 3 * Self.dt)
        f.up(160, 80, 4 * Self.dt)
        #expect(f.states.value == [.began, .changed, .ended])
        #expect(translations.value == [Point(x: 10, y: 0), Point(x: 30, y: -10), Point(x: 60, y: -20)])
    }

    @Test func panTranslationIsInTheGivenViewsScale() {
        let pan = PanGestureRecognizer()
        let f = Fixture(pan)
        let zoomed = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        zoomed.transform = AffineTransform(scaleX: 2, y: 2)
        f.view.addSubview(zoomed)
        let translations = ProbeBox<[Point]>([])
        pan.addAction { translations.value.append(($0 as! PanGestureRecognizer).translation(in: zoomed)) }
        f.down(300, 200, 0)
        f.move(340, 180, Self.dt)
        #expect(translations.value == [Point(x: 20, y: -10)])
    }

    @Test func panVelocityCoversTheLastTenthOfASecond() {
        let pan = PanGestureRecognizer()
        let f = Fixture(pan)
        let velocities = ProbeBox<[Point]>([])
        pan.addAction { velocities.value.append(($0 as! PanGestureRecognizer).velocity(in: nil)) }
        f.down(100, 100, 0)
        f.move(110, 100, 1 * Self.dt)  // began: 10 pt in 1/32 s = 320 pt/s
        f.move(130, 110, 2 * Self.dt)  // 30, 10 in 2/32 s
        f.move(160, 120, 3 * Self.dt)  // 60, 20 in 3/32 s
        f.move(200, 120, 4 * Self.dt)  // the press is now 4/32 s old: from (110, 100), 90, 20 in 3/32 s
        f.up(200, 120, 4 * Self.dt)
        #expect(velocities.value == [Point(x: 320, y: 0), Point(x: 480, y: 160), Point(x: 640, y: 640.0 / 3),
                                     Point(x: 960, y: 640.0 / 3), Point(x: 960, y: 640.0 / 3)])
    }

    @Test func panThatNeverMovesFarEnoughFails() {
        let f = Fixture(PanGestureRecognizer())
        f.down(100, 100, 0)
        f.move(104, 103, Self.dt)
        f.up(104, 103, 2 * Self.dt)
        #expect(f.states.value.isEmpty)
        #expect(f.view.phases == [.began, .moved, .ended])
    }

    @Test func recognizingCancelsTheViewsTouches() {
        let f = Fixture(PanGestureRecognizer())
        f.down(100, 100, 0)
        f.move(105, 100, Self.dt)       // below the pan threshold: the view sees the move
        f.move(130, 100, 2 * Self.dt)   // the pan begins: the view's touch is cancelled
        f.move(150, 100, 3 * Self.dt)
        f.up(150, 100, 4 * Self.dt)
        #expect(f.states.value == [.began, .changed, .ended])
        #expect(f.view.phases == [.began, .moved, .cancelled])
    }

    @Test func recognizerThatDoesNotCancelLeavesTheViewsTouches() {
        let pan = PanGestureRecognizer()
        pan.cancelsTouchesInView = false
        let f = Fixture(pan)
        f.down(100, 100, 0)
        f.move(130, 100, Self.dt)
        f.up(130, 100, 2 * Self.dt)
        #expect(f.states.value == [.began, .ended])
        #expect(f.view.phases == [.began, .moved, .ended])
    }

    @Test func disabledRecognizerSeesNothing() {
        let tap = TapGestureRecognizer()
        tap.isEnabled = false
        let f = Fixture(tap)
        f.down(50, 50)
        f.up(50, 50)
        #expect(f.states.value.isEmpty)
        #expect(f.view.phases == [.began, .ended])
    }

    // MARK: - Controls

    @Test func tapRecognizerOnASuperviewDoesNotStealAButtonsTap() {
        let tap = TapGestureRecognizer()
        let f = Fixture(tap)
        let taps = ProbeBox(0)
        let button = Button(title: "OK", frame: Rect(x: 50, y: 50, width: 100, height: 44)) { _ in taps.value += 1 }
        f.view.addSubview(button)
        f.down(100, 70)
        #expect(button.isHighlighted)
        f.up(100, 70)
        #expect(taps.value == 1)
        #expect(f.states.value.isEmpty)

        // Elsewhere in the container the recognizer still works.
        f.down(300, 200, 1)
        f.up(300, 200, 1.1)
        #expect(f.states.value == [.recognized])
        #expect(taps.value == 1)
    }

    @Test func tapRecognizerOnTheButtonItselfStillRuns() {
        let f = Fixture(TapGestureRecognizer())
        let button = Button(title: "OK", frame: Rect(x: 50, y: 50, width: 100, height: 44))
        let ownTap = TapGestureRecognizer()
        let fired = ProbeBox(0)
        ownTap.addAction { _ in fired.value += 1 }
        button.addGestureRecognizer(ownTap)
        f.view.addSubview(button)
        f.down(100, 70)
        f.up(100, 70)
        #expect(fired.value == 1)
        #expect(f.states.value.isEmpty, "the superview's tap still yields to the button")
    }
}
