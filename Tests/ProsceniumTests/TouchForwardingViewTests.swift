import Testing
import Proscenium

/// A touch-forwarding overlay above content: touches on its empty parts fall through to passthrough views.
@MainActor @Suite("TouchForwardingView")
struct TouchForwardingViewTests {
    /// Content below: `back` (0, 0)–(200, 200) and `front` (100, 0)–(300, 200) overlapping at x 100–200.
    /// Above it, a full-size forwarding view holding a `panel` at (100, 250)–(200, 290).
    @MainActor private struct Scene {
        let root = View(frame: Rect(x: 0, y: 0, width: 400, height: 300))
        let content = View(frame: Rect(x: 0, y: 0, width: 400, height: 300))
        let back = View(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        let front = View(frame: Rect(x: 100, y: 0, width: 200, height: 200))
        let forwarding = TouchForwardingView(frame: Rect(x: 0, y: 0, width: 400, height: 300))
        let panel = View(frame: Rect(x: 100, y: 250, width: 100, height: 40))

        init() {
            root.addSubview(content)
            content.addSubview(back)
            content.addSubview(front)
            root.addSubview(forwarding)
            forwarding.addSubview(panel)
        }

        func hit(_ x: Double, _ y: Double) -> View? {
            root.hitTest(Point(x: x, y: y), with: nil)
        }
    }

    @Test func withoutPassthroughViewsTheEmptyAreaBlocks() {
        let scene = Scene()
        #expect(scene.hit(50, 50) === scene.forwarding)
        #expect(scene.hit(150, 270) === scene.panel)
    }

    @Test func touchOnASubviewGoesToTheSubview() {
        let scene = Scene()
        scene.forwarding.passthroughViews = [scene.content]
        #expect(scene.hit(150, 270) === scene.panel)
    }

    @Test func onePassthroughViewTakesTouchesItHits() {
        let scene = Scene()
        scene.forwarding.passthroughViews = [scene.back]
        #expect(scene.hit(50, 50) === scene.back)
        // Where the passthrough view is not, the forwarding view keeps the touch: `front` is not a passthrough.
        #expect(scene.hit(250, 50) === scene.forwarding)
        #expect(scene.hit(50, 250) === scene.forwarding)
    }

    @Test func passthroughViewReturnsItsDeepestHit() {
        let scene = Scene()
        scene.forwarding.passthroughViews = [scene.content]
        #expect(scene.hit(50, 50) === scene.back)
        #expect(scene.hit(150, 50) === scene.front)
        #expect(scene.hit(350, 250) === scene.content)
    }

    @Test func firstPassthroughViewThatHitsWins() {
        let scene = Scene()
        scene.forwarding.passthroughViews = [scene.back, scene.front]
        #expect(scene.hit(150, 50) === scene.back)
        #expect(scene.hit(250, 50) === scene.front, "the second is tried when the first misses")
        #expect(scene.hit(350, 50) === scene.forwarding, "neither hits")
    }

    @Test func passthroughOrderMatters() {
        let scene = Scene()
        scene.forwarding.passthroughViews = [scene.front, scene.back]
        #expect(scene.hit(150, 50) === scene.front)
        #expect(scene.hit(50, 50) === scene.back)
    }

    @Test func hiddenPassthroughViewIsSkipped() {
        let scene = Scene()
        scene.forwarding.passthroughViews = [scene.front, scene.back]
        scene.front.isHidden = true
        #expect(scene.hit(150, 50) === scene.back)
        #expect(scene.hit(250, 50) === scene.forwarding)
    }

    @Test func passthroughViewGetsThePointInItsOwnCoordinates() {
        let root = View(frame: Rect(x: 0, y: 0, width: 400, height: 300))
        let target = View(frame: Rect(x: 200, y: 100, width: 100, height: 100))
        let targetChild = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        target.addSubview(targetChild)
        root.addSubview(target)
        // The forwarding view is offset, so the point must be converted, not passed through as is.
        let forwarding = TouchForwardingView(frame: Rect(x: 150, y: 50, width: 200, height: 200))
        forwarding.passthroughViews = [target]
        root.addSubview(forwarding)
        #expect(root.hitTest(Point(x: 205, y: 105), with: nil) === targetChild)
        #expect(root.hitTest(Point(x: 250, y: 150), with: nil) === target)
        #expect(root.hitTest(Point(x: 160, y: 60), with: nil) === forwarding)
    }

    @Test func touchThroughTheWindowReachesThePassthroughView() {
        let window = Window(size: Size(width: 400, height: 300), clock: ManualFrameClock())
        let below = TouchProbeView(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        let forwarding = TouchForwardingView(frame: Rect(x: 0, y: 0, width: 400, height: 300))
        forwarding.passthroughViews = [below]
        window.addSubview(below)
        window.addSubview(forwarding)
        window.send(.pointerDown(Point(x: 20, y: 30), button: 1, time: 0))
        window.send(.pointerUp(Point(x: 20, y: 30), button: 1, time: 0.1))
        #expect(below.records == [ProbeTouchRecord(phase: .began, location: Point(x: 20, y: 30)),
                                  ProbeTouchRecord(phase: .ended, location: Point(x: 20, y: 30))])
    }

    // MARK: - Passthrough views that cannot take the touch

    @Test func hiddenOrNonInteractivePassthroughViewsAreSkipped() {
        let scene = Scene()
        scene.forwarding.passthroughViews = [scene.back]
        scene.back.isHidden = true
        #expect(scene.hit(50, 50) === scene.forwarding)
        scene.back.isHidden = false
        scene.content.isUserInteractionEnabled = false
        #expect(scene.hit(50, 50) === scene.forwarding, "an ancestor that takes no touches")
        scene.content.isUserInteractionEnabled = true
        #expect(scene.hit(50, 50) === scene.back)
    }

    @Test func anAncestorAsPassthroughViewDoesNotRecurse() {
        let scene = Scene()
        scene.forwarding.passthroughViews = [scene.root, scene.back]
        #expect(scene.hit(50, 50) === scene.back, "the ancestor is skipped, the next one is tried")
    }

    @Test func aPassthroughViewInAnotherWindowIsSkipped() {
        let clock = ManualFrameClock()
        let window = Window(size: Size(width: 400, height: 300), clock: clock)
        let other = Window(size: Size(width: 400, height: 300), clock: clock)
        let elsewhere = View(frame: Rect(x: 0, y: 0, width: 400, height: 300))
        other.addSubview(elsewhere)
        let forwarding = TouchForwardingView(frame: Rect(x: 0, y: 0, width: 400, height: 300))
        forwarding.passthroughViews = [elsewhere]
        window.addSubview(forwarding)
        #expect(window.hitTest(Point(x: 10, y: 10), with: nil) === forwarding)
    }
}
