import Testing
@testable import Proscenium

/// Pushes asked for before the navigation controller is on screen, and children embedded or taken out
/// while a screen moves: the screen the user sees is the one that appears, each once, as in UIKit.
@MainActor @Suite("Navigation requests made while it appears, and children that come and go mid-transition")
struct NavigationEarlyRequestTests {
    /// A screen that pushes `next` from its `viewDidLoad` (a deep link restored).
    @MainActor final class Restoring: ViewController {
        let linked: ViewController
        init(_ linked: ViewController) {
            self.linked = linked
            super.init()
        }
        override func viewDidLoad() { navigationController?.pushViewController(linked, animated: false) }
    }

    @Test("a push from the root screen's viewDidLoad shows the pushed screen alone, and only it appears")
    func pushFromTheRootsViewDidLoad() {
        let log = ProbeLog()
        let clock = ManualFrameClock()
        let window = Window(size: Size(width: 400, height: 300), clock: clock)
        let detail = NavigationScreen("detail", log: log)
        let root = Restoring(detail)
        let navigation = NavigationController(rootViewController: root)
        window.rootViewController = navigation
        clock.step()
        #expect(navigation.contentView.subviews.map(\.identifier) == ["detail"])
        #expect(root.appearanceState == .disappeared && detail.appearanceState == .appeared)
        #expect(log.entries.filter { $0.contains("Appear") } == ["detail.viewWillAppear", "detail.viewDidAppear"])
        #expect(window.consistencyProblems().isEmpty)
    }

    @Test("a push from the root screen's viewWillAppear while the navigation controller first appears: the pushed screen appears")
    func pushFromViewWillAppearWhileAppearing() {
        for animated in [false, true] {
            let log = ProbeLog()
            let clock = ManualFrameClock()
            let window = Window(size: Size(width: 400, height: 300), clock: clock)
            let root = NavigationScreen("A", log: log), detail = NavigationScreen("B", log: log)
            let navigation = NavigationController(rootViewController: root)
            root.onWillAppear = { screen in
                guard screen.navigationController?.topViewController === screen else { return }
                screen.navigationController?.pushViewController(detail, animated: animated)
            }
            window.rootViewController = navigation
            AnimationFixture.runUntilIdle(window: window, clock: clock, limit: 5)
            #expect(navigation.topViewController === detail)
            #expect(detail.appearanceState == .appeared && root.appearanceState == .disappeared, "animated: \(animated)")
            #expect(window.consistencyProblems().isEmpty, "\(window.consistencyProblems())")
        }
    }

    @Test("a child embedded while its screen slides in appears with it; one taken out while it slides away disappears")
    func childrenMidTransition() {
        let fixture = NavigationFixture()
        let b = fixture.screen("B")
        fixture.navigation.pushViewController(b, animated: true)
        fixture.frames(3)
        let child = NavigationScreen("child", log: fixture.log)
        b.addChild(child)
        b.view.addSubview(child.view)
        child.didMove(toParent: b)
        fixture.runUntilIdle()
        #expect(child.appearanceState == .appeared)
        #expect(fixture.window.consistencyProblems().isEmpty, "\(fixture.window.consistencyProblems())")

        fixture.navigation.popViewController(animated: true)
        fixture.frames(3)
        #expect(child.appearanceState == .disappearing)
        child.willMove(toParent: nil)
        child.view.removeFromSuperview()
        child.removeFromParent()
        fixture.runUntilIdle()
        #expect(child.appearanceState == .disappeared)
        #expect(fixture.log.entries.filter { $0.hasPrefix("child.view") }.suffix(2) == ["child.viewWillDisappear", "child.viewDidDisappear"])
        #expect(fixture.window.consistencyProblems().isEmpty, "\(fixture.window.consistencyProblems())")
    }
}
