import Testing
import Proscenium

/// Where recognizers follow UIKit's documented behaviour past the basics: an edge pan decided before it
/// can begin, a claim that holds when the recognizer detaches itself, taps counted in runs of their own,
/// and a pan's velocity and translation in the given view's scale.
@MainActor @Suite("Gesture recognizers as UIKit's")
struct GestureRecognizerUIKitTests {
    private static let dt = 1.0 / 32

    /// The window, probe view and state log the basic recognizer tests use.
    private typealias Fixture = GestureRecognizerTests.Fixture

    @Test("an edge pan set off diagonally down, or outward, fails before it can begin; straight in, it begins")
    func edgePanDirection() {
        let f = Fixture(ScreenEdgePanGestureRecognizer())
        f.down(5, 100, 0)
        f.move(11, 108, Self.dt)  // 10 points away, more down than in
        f.up(11, 108, 2 * Self.dt)
        f.down(15, 100, 1)
        f.move(9, 108, 1 + Self.dt)  // outward
        f.up(9, 108, 1 + 2 * Self.dt)
        #expect(f.states.value.isEmpty)
        #expect(f.view.phases.filter { $0 == .ended }.count == 2, "the touches went on to the view")
        f.down(5, 100, 2)
        f.move(15, 104, 2 + Self.dt)
        #expect(f.states.value == [.began])
    }

    @Test("a tap recognizer that removes itself in its action still claims the touch: the outer one fails, the view is cancelled")
    func selfRemovingRecognizerKeepsItsClaim() {
        let scene = ProbeScene()
        let outer = TouchProbeView(frame: Rect(x: 0, y: 0, width: 400, height: 300))
        let inner = TouchProbeView(frame: Rect(x: 50, y: 50, width: 100, height: 100))
        scene.window.addSubview(outer)
        outer.addSubview(inner)
        let taps = ProbeBox<[String]>([])
        outer.addGestureRecognizer(TapGestureRecognizer { _ in taps.value.append("outer") })
        inner.addGestureRecognizer(TapGestureRecognizer { recognizer in
            taps.value.append("inner")
            recognizer.view?.removeGestureRecognizer(recognizer)
        })
        scene.window.send(.pointerDown(Point(x: 100, y: 100), button: 1, time: 0))
        scene.window.send(.pointerUp(Point(x: 100, y: 100), button: 1, time: 0.05))
        #expect(taps.value == ["inner"])
        #expect(inner.phases == [.began, .cancelled])
    }

    @Test("a double-tap recognizer fires once on a triple click and twice on four clicks")
    func tapsCountedInRuns() {
        let tap = TapGestureRecognizer()
        tap.numberOfTapsRequired = 2
        let f = Fixture(tap)
        for index in 0..<3 {
            let t = Double(index) * 0.1
            f.down(100, 100, t)
            f.up(100, 100, t + 0.02)
        }
        #expect(f.states.value == [.recognized])
        f.down(100, 100, 0.3)
        f.up(100, 100, 0.32)
        #expect(f.states.value == [.recognized, .recognized])
    }

    @Test("a pan's velocity and a translation set are in the given view's scale")
    func panInAScaledView() {
        let pan = PanGestureRecognizer()
        let f = Fixture(pan)
        let zoomed = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        zoomed.transform = AffineTransform(scaleX: 2, y: 2)
        f.view.addSubview(zoomed)
        f.down(300, 200, 0)
        f.move(340, 180, Self.dt)
        #expect(pan.velocity(in: nil) == Point(x: 1280, y: -640))
        #expect(pan.velocity(in: zoomed) == Point(x: 640, y: -320))
        pan.setTranslation(Point(x: 10, y: 0), in: zoomed)
        #expect(pan.translation(in: zoomed) == Point(x: 10, y: 0))
        #expect(pan.translation(in: nil) == Point(x: 20, y: 0))
    }
}
