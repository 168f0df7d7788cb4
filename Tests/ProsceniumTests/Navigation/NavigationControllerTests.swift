import Testing
@testable import Proscenium

/// Pushes and pops: the stack, the views, the bar, and UIKit's order of appearance and containment
/// callbacks, on a manual clock.
@MainActor @Suite("Navigation controller")
struct NavigationControllerTests {
    @Test("a push: the stack changes at once, the new screen slides in over the old, callbacks in UIKit's order")
    func pushSlidesInWithUIKitsCallbackOrder() {
        let fixture = NavigationFixture()
        let b = fixture.screen("B")
        var coordinators: [Bool] = []
        var alongside = false
        b.onWillAppear = { screen in
            coordinators.append(screen.transitionCoordinator != nil)
            screen.transitionCoordinator?.animate(alongsideTransition: { _ in alongside = true }, completion: { context in
                fixture.log.entries.append("coordinator completion (cancelled: \(context.isCancelled))")
            })
        }
        fixture.navigation.pushViewController(b, animated: true)
        #expect(fixture.stack == ["A", "B"] && fixture.navigation.topViewController === b)
        #expect(b.parent === fixture.navigation && b.navigationController === fixture.navigation)
        fixture.frames(6)
        // Mid-slide: both screens show, B on top and still to the right of its place, A moved left under it.
        #expect(fixture.shownScreens == ["A", "B"])
        let bOffset = b.view.presentation.transform.tx, aOffset = fixture.a.view.presentation.transform.tx
        #expect(bOffset > 0 && bOffset < 400, "B is on its way in: \(bOffset)")
        #expect(aOffset < 0 && aOffset > -400 / 3.0, "A moves a third of the way left: \(aOffset)")
        #expect(fixture.navigation.transitionCoordinator != nil && fixture.a.transitionCoordinator != nil)
        fixture.runUntilIdle()
        #expect(fixture.shownScreens == ["B"] && fixture.a.view.superview == nil)
        #expect(b.view.frame == Rect(x: 0, y: 0, width: 400, height: 300 - NavigationBar.height))
        #expect(fixture.a.view.transform == .identity && b.view.transform == .identity)
        #expect(coordinators == [true] && alongside && fixture.navigation.transitionCoordinator == nil)
        #expect(fixture.log.entries == [
            "B.willMove(toParent: navigation)",
            "A.viewWillDisappear",
            "B.viewWillAppear moving to parent",
            "coordinator completion (cancelled: false)",
            "A.viewDidDisappear",
            "B.viewDidAppear moving to parent",
            "B.didMove(toParent: navigation)",
        ])
        #expect(!b.isMovingToParent)
    }

    @Test("a pop by the bar's back button: B leaves, A comes back, callbacks in UIKit's order")
    func backButtonPops() {
        let fixture = NavigationFixture()
        let b = fixture.screen("B")
        fixture.navigation.pushViewController(b, animated: false)
        fixture.frames(1)
        #expect(fixture.navigation.navigationBar.titleLabel.text == "B")
        #expect(fixture.navigation.navigationBar.backButton.title == "‹ A" && !fixture.navigation.navigationBar.backButton.isHidden)
        fixture.log.entries = []
        fixture.tap("navigation-back")
        #expect(fixture.stack == ["A"])
        fixture.frames(6)
        #expect(fixture.shownScreens == ["A", "B"], "A slides back in under B")
        fixture.runUntilIdle()
        #expect(fixture.shownScreens == ["A"] && b.parent == nil)
        #expect(fixture.navigation.navigationBar.titleLabel.text == "A" && fixture.navigation.navigationBar.backButton.isHidden)
        #expect(fixture.log.entries == [
            "B.willMove(toParent: nil)",
            "B.viewWillDisappear moving from parent",
            "A.viewWillAppear",
            "B.viewDidDisappear moving from parent",
            "A.viewDidAppear",
            "B.didMove(toParent: nil)",
        ])
        #expect(!b.isMovingFromParent)
    }

    @Test("pop to root from three deep: the middle screen leaves without appearing; popping the root is refused")
    func popToRootAndTheRoot() {
        let fixture = NavigationFixture()
        let b = fixture.screen("B"), c = fixture.screen("C")
        fixture.navigation.setViewControllers([fixture.a, b, c], animated: false)
        #expect(fixture.shownScreens == ["C"] && fixture.navigation.navigationBar.backButton.title == "‹ B")
        fixture.log.entries = []
        let popped = fixture.navigation.popToRootViewController(animated: true)
        #expect(popped?.map { $0.title ?? "" } == ["B", "C"] && popped?.first === b)
        fixture.runUntilIdle()
        #expect(fixture.stack == ["A"] && fixture.shownScreens == ["A"])
        #expect(!fixture.log.entries.contains { $0.hasPrefix("B.view") }, "B was never on screen: \(fixture.log.entries)")
        #expect(fixture.log.entries.contains("B.didMove(toParent: nil)") && fixture.log.entries.contains("C.didMove(toParent: nil)"))
        var warnings: [String] = []
        let saved = Warnings.handler
        Warnings.handler = { warnings.append($0) }
        defer { Warnings.handler = saved }
        #expect(fixture.navigation.popViewController(animated: true) == nil)
        #expect(warnings.count == 1 && warnings[0].contains("only its root"))
    }

    @Test("refused with a warning naming the controller: pushing one already in the stack, in another container, presented; an empty or doubled stack")
    func badRequestsAreRefused() {
        let fixture = NavigationFixture()
        var warnings: [String] = []
        let saved = Warnings.handler
        Warnings.handler = { warnings.append($0) }
        defer { Warnings.handler = saved }
        fixture.navigation.pushViewController(fixture.a, animated: true)
        fixture.navigation.pushViewController(fixture.navigation, animated: true)
        let other = NavigationController(rootViewController: fixture.screen("Elsewhere"))
        fixture.navigation.pushViewController(other.topViewController!, animated: true)
        fixture.navigation.setViewControllers([], animated: true)
        let b = fixture.screen("B")
        fixture.navigation.setViewControllers([fixture.a, b, b], animated: true)
        let presented = fixture.screen("Presented")
        fixture.navigation.present(presented, animated: false)
        fixture.navigation.pushViewController(presented, animated: false)
        #expect(fixture.stack == ["A"])
        #expect(warnings.count == 6, "\(warnings)")
        #expect(warnings[0].contains("\"A\"") && warnings[2].contains("\"Elsewhere\"") && warnings[5].contains("presented"))
    }

    @Test("a push asked for during a push waits for it, then runs: the stack ends A, B, C with C shown")
    func pushDuringPushWaits() {
        let fixture = NavigationFixture()
        let b = fixture.screen("B"), c = fixture.screen("C")
        fixture.navigation.pushViewController(b, animated: true)
        fixture.frames(3)
        fixture.navigation.pushViewController(c, animated: true)
        #expect(fixture.stack == ["A", "B"], "C waits")
        fixture.runUntilIdle()
        #expect(fixture.stack == ["A", "B", "C"] && fixture.shownScreens == ["C"])
        #expect(fixture.log.entries.filter { $0.hasSuffix("Appear") || $0.contains("Appear ") }.count == 4)
    }

    @Test("setViewControllers with a new top moves as a push; with a top from the stack, as a pop")
    func setViewControllersAnimates() {
        let fixture = NavigationFixture()
        let b = fixture.screen("B"), c = fixture.screen("C")
        fixture.navigation.setViewControllers([fixture.a, b, c], animated: true)
        fixture.frames(4)
        #expect(fixture.shownScreens == ["A", "C"] && c.view.presentation.transform.tx > 0)
        fixture.runUntilIdle()
        fixture.navigation.setViewControllers([fixture.a], animated: true)
        fixture.frames(4)
        #expect(fixture.shownScreens == ["A", "C"] && fixture.a.view.presentation.transform.tx < 0, "A comes back from the left")
        fixture.runUntilIdle()
        #expect(fixture.shownScreens == ["A"] && b.parent == nil && c.parent == nil)
    }

    @Test("a popped screen, its view and its bar items are freed once the pop is over")
    func poppedScreensAreFreed() {
        let fixture = NavigationFixture()
        weak var popped: NavigationScreen?
        weak var poppedView: View?
        do {
            let b = fixture.screen("B")
            b.navigationItem.rightBarButtonItem = BarButtonItem(title: "Done") { [weak b] in _ = b?.title }
            popped = b
            poppedView = b.view
            fixture.navigation.pushViewController(b, animated: true)
            fixture.runUntilIdle()
            fixture.navigation.popViewController(animated: true)
            fixture.runUntilIdle()
        }
        #expect(popped == nil && poppedView == nil)
    }

    @Test("under reduced motion a push fades the new screen in for 0.2 s, nothing slides")
    func reducedMotionFades() {
        let saved = AnimationSettings.reduceMotion
        AnimationSettings.reduceMotion = true
        defer { AnimationSettings.reduceMotion = saved }
        let fixture = NavigationFixture()
        let b = fixture.screen("B")
        fixture.navigation.pushViewController(b, animated: true)
        fixture.frames(6)
        #expect(b.view.presentation.transform == .identity && fixture.a.view.presentation.transform == .identity)
        #expect(b.view.presentation.alpha > 0.05 && b.view.presentation.alpha < 0.95, "fading in: \(b.view.presentation.alpha)")
        fixture.frames(8)
        #expect(fixture.shownScreens == ["B"] && b.view.alpha == 1, "over after 0.2 s")
    }

    @Test("a push asked for from the pushed screen's viewWillAppear waits for the push; a resize mid-push ends with the screens filling the new size")
    func reentrantPushAndResizeMidPush() {
        let fixture = NavigationFixture()
        let b = fixture.screen("B"), c = fixture.screen("C")
        b.onWillAppear = { [unowned c] screen in
            guard let navigation = screen.navigationController, navigation.viewControllers.count == 2 else { return }
            navigation.pushViewController(c, animated: true)
        }
        fixture.navigation.pushViewController(b, animated: true)
        #expect(fixture.stack == ["A", "B"], "C waits for B's push")
        fixture.frames(5)
        fixture.window.resize(to: Size(width: 500, height: 360))
        fixture.runUntilIdle()
        #expect(fixture.stack == ["A", "B", "C"] && fixture.shownScreens == ["C"])
        #expect(c.view.frame == Rect(x: 0, y: 0, width: 500, height: 360 - NavigationBar.height) && c.view.transform == .identity)
        #expect(fixture.navigation.navigationBar.frame.width == 500)
    }
}
