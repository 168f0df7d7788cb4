import Testing
import Proscenium

/// The root controller's view is always at the bottom of the window and presentations above it.
@MainActor @Suite("Window layering")
struct WindowLayeringTests {
    @Test func aNewRootControllerGoesBelowPresentations() {
        let fixture = PresentationFixture()
        let presented = ViewController()
        presented.modalPresentationStyle = .overFullScreen
        fixture.root.present(presented, animated: false)
        let replacement = LoggingViewController("replacement", log: fixture.log)
        fixture.window.rootViewController = replacement
        #expect(fixture.window.subviews.first === replacement.view)
        #expect(fixture.root.viewIfLoaded?.window == nil)
        #expect(presented.view.window === fixture.window)
        #expect(fixture.window.hitTest(Point(x: 10, y: 10), with: nil)?.isDescendant(of: presented.view) == true)
        #expect(fixture.log.entries == ["root.viewWillDisappear(false)", "replacement.viewWillAppear(false)",
                                        "root.viewDidDisappear(false)", "replacement.viewDidAppear(false)"]
                || fixture.log.entries == ["root.viewWillDisappear(false)", "root.viewDidDisappear(false)",
                                           "replacement.viewWillAppear(false)", "replacement.viewDidAppear(false)"])
    }

    @Test func viewsAddedToTheWindowStayBelowPresentations() {
        let fixture = PresentationFixture()
        let presented = ViewController()
        presented.modalPresentationStyle = .overFullScreen
        fixture.root.present(presented, animated: false)
        let overlay = View(frame: fixture.window.bounds)
        fixture.window.addSubview(overlay)
        #expect(fixture.window.hitTest(Point(x: 10, y: 10), with: nil)?.isDescendant(of: presented.view) == true)
    }

    @Test func withoutPresentationsTouchesReachTheRoot() {
        let fixture = PresentationFixture()
        let presented = ViewController()
        presented.modalPresentationStyle = .overFullScreen
        fixture.root.present(presented, animated: false)
        presented.dismiss(animated: false)
        #expect(fixture.window.hitTest(Point(x: 40, y: 40), with: nil) === fixture.root.button)
    }

    @Test func childControllersAppearWithTheirParent() {
        let fixture = PresentationFixture()
        let child = LoggingViewController("child", log: fixture.log)
        fixture.root.addChild(child)
        fixture.root.view.addSubview(child.view)
        child.didMove(toParent: fixture.root)
        #expect(fixture.log.entries == ["child.viewWillAppear(false)", "child.viewDidAppear(false)"])
        #expect(child.parent === fixture.root)
        #expect(fixture.root.children.count == 1 && fixture.root.children.first === child)

        fixture.log.entries = []
        let presented = LoggingViewController("presented", log: fixture.log)
        presented.modalPresentationStyle = .fullScreen
        fixture.root.present(presented, animated: false)
        #expect(fixture.log.entries.contains("child.viewWillDisappear(false)"))
        #expect(fixture.log.entries.contains("child.viewDidDisappear(false)"))

        fixture.log.entries = []
        child.willMove(toParent: nil)
        child.view.removeFromSuperview()
        child.removeFromParent()
        #expect(fixture.log.entries.isEmpty, "already off screen")
        #expect(fixture.root.children.isEmpty)
    }
}
