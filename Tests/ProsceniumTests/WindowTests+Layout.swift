import Testing
import Proscenium

/// The layout pass: once per dirty view per frame, only dirty views, top-down.
@MainActor @Suite("Window layout pass")
struct WindowLayoutTests {
    @Test func burstOfRequestsAndResizesCostsOneWindowLayout() {
        let scene = ProbeScene()
        scene.step()
        #expect(scene.window.windowLayoutCount == 1)

        for _ in 0..<3 { scene.window.setNeedsLayout() }
        for i in 1...20 { scene.window.resize(to: Size(width: 400 + Double(i), height: 300 + Double(i) / 2)) }
        scene.window.setNeedsLayout()
        #expect(scene.window.windowLayoutCount == 1, "no layout before the frame")
        scene.step()
        #expect(scene.window.windowLayoutCount == 2)
        #expect(scene.window.bounds.size == Size(width: 420, height: 310))

        scene.forceFrame()
        #expect(scene.window.windowLayoutCount == 2, "a later frame does not lay out again")
    }

    @Test func viewLaysOutOncePerFrameHoweverOftenItIsAsked() {
        let scene = ProbeScene()
        let log = ProbeLog()
        let view = LayoutProbeView("view", frame: Rect(x: 0, y: 0, width: 100, height: 100), log: log)
        scene.window.addSubview(view)
        scene.step()
        #expect(view.layoutCount == 1)

        for i in 1...10 {
            view.setNeedsLayout()
            view.bounds.size = Size(width: 100 + Double(i), height: 100)
        }
        scene.step()
        #expect(view.layoutCount == 2)
    }

    @Test func onlyDirtyViewsLayOut() {
        let scene = ProbeScene()
        let log = ProbeLog()
        let a = LayoutProbeView("a", frame: Rect(x: 0, y: 0, width: 100, height: 100), log: log)
        let a1 = LayoutProbeView("a1", frame: Rect(x: 0, y: 0, width: 50, height: 50), log: log)
        let b = LayoutProbeView("b", frame: Rect(x: 100, y: 0, width: 100, height: 100), log: log)
        a.addSubview(a1)
        scene.window.addSubview(a)
        scene.window.addSubview(b)
        scene.step()
        #expect(log.entries == ["a", "a1", "b"])

        log.entries = []
        a1.setNeedsLayout()
        scene.step()
        #expect(log.entries == ["a1"])
        #expect(scene.window.windowLayoutCount == 1, "the window was not dirty")
    }

    @Test func parentLaysOutBeforeChild() {
        let scene = ProbeScene()
        let log = ProbeLog()
        let parent = LayoutProbeView("parent", frame: Rect(x: 0, y: 0, width: 200, height: 200), log: log)
        let child = LayoutProbeView("child", frame: Rect(x: 0, y: 0, width: 50, height: 50), log: log)
        parent.addSubview(child)
        scene.window.addSubview(parent)
        scene.step()

        log.entries = []
        child.setNeedsLayout()   // asked first, still laid out second
        parent.setNeedsLayout()
        scene.step()
        #expect(log.entries == ["parent", "child"])
    }

    @Test func childResizedByItsParentsLayoutLaysOutInTheSamePass() {
        let scene = ProbeScene()
        let log = ProbeLog()
        let parent = LayoutProbeView("parent", frame: Rect(x: 0, y: 0, width: 200, height: 200), log: log)
        let child = LayoutProbeView("child", frame: Rect(x: 0, y: 0, width: 50, height: 50), log: log)
        parent.addSubview(child)
        scene.window.addSubview(parent)
        scene.step()

        parent.onLayout = { parent in
            child.frame = Rect(x: 0, y: 0, width: parent.bounds.width / 2, height: 50)
        }
        log.entries = []
        parent.bounds.size = Size(width: 300, height: 200)
        scene.step()
        #expect(log.entries == ["parent", "child"])
        #expect(child.bounds.size == Size(width: 150, height: 50))
        #expect(!child.needsLayout)
    }

    @Test func boundsSizeChangeAsksForLayout() {
        let view = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        view.layoutIfNeeded()
        #expect(!view.needsLayout)
        view.bounds = Rect(x: 0, y: 0, width: 120, height: 100)
        #expect(view.needsLayout)
    }

    @Test func boundsOriginChangeDoesNotAskForLayout() {
        let view = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        view.layoutIfNeeded()
        view.bounds = Rect(x: 0, y: 40, width: 100, height: 100)
        #expect(!view.needsLayout)
    }

    @Test func movingAViewDoesNotLayItOut() {
        let scene = ProbeScene()
        let log = ProbeLog()
        let view = LayoutProbeView("view", frame: Rect(x: 0, y: 0, width: 100, height: 100), log: log)
        scene.window.addSubview(view)
        scene.step()
        let frames = scene.window.frameCount

        view.frame = Rect(x: 50, y: 20, width: 100, height: 100)
        view.bounds.origin = Point(x: 0, y: 10)
        scene.step()
        #expect(scene.window.frameCount == frames + 1, "the move did ask for a frame")
        #expect(view.layoutCount == 1)
    }

    @Test func windowResizeLaysOutTheRootViewControllersViewInTheSameFrame() {
        let scene = ProbeScene()
        let log = ProbeLog()
        let root = LayoutProbeView("root", log: log)
        let controller = ViewController()
        controller.view = root
        scene.window.rootViewController = controller
        scene.step()
        #expect(root.frame == Rect(x: 0, y: 0, width: 400, height: 300))
        #expect(root.layoutCount == 1)

        scene.window.resize(to: Size(width: 500, height: 350))
        scene.step()
        #expect(root.frame == Rect(x: 0, y: 0, width: 500, height: 350))
        #expect(root.layoutCount == 2)
    }
}
