import Testing
@testable import Proscenium

/// What a pushed screen is told first, and pushes and pops asked for from the callbacks that end a push or
/// pop: they wait until every one of those callbacks has run, so each screen's containment and appearance
/// callbacks stay paired and in UIKit's order.
@MainActor @Suite("Navigation requests from callbacks")
struct NavigationCallbackRequestTests {
    /// Logs the delegate's willShow and didShow into the fixture's log.
    final class ShowLog: NavigationControllerDelegate {
        let log: ProbeLog
        init(log: ProbeLog) { self.log = log }
        func navigationController(_ navigationController: NavigationController, willShow viewController: ViewController, animated: Bool) {
            log.entries.append("willShow \(viewController.title ?? "")")
        }
        func navigationController(_ navigationController: NavigationController, didShow viewController: ViewController, animated: Bool) {
            log.entries.append("didShow \(viewController.title ?? "")")
        }
    }

    /// A screen that builds itself in viewDidLoad, with a child controller whose view it shows.
    final class BuiltScreen: ViewController {
        let log: ProbeLog
        let child = ViewController()
        init(log: ProbeLog) {
            self.log = log
            super.init()
            title = "Built"
        }
        override func viewDidLoad() {
            log.entries.append("Built.viewDidLoad")
            addChild(child)
            view.addSubview(child.view)
            child.didMove(toParent: self)
        }
        override func viewWillAppear(_ animated: Bool) { log.entries.append("Built.viewWillAppear") }
    }

    @Test("a pushed screen loads its view before willShow and viewWillAppear; a child it adds there appears with it")
    func aPushedScreenLoadsFirst() {
        let fixture = NavigationFixture()
        let delegate = ShowLog(log: fixture.log)
        fixture.navigation.delegate = delegate
        let built = BuiltScreen(log: fixture.log)
        fixture.navigation.pushViewController(built, animated: true)
        fixture.runUntilIdle()
        let entries = fixture.log.entries.filter { !$0.hasPrefix("A.") }
        #expect(Array(entries.prefix(3)) == ["Built.viewDidLoad", "willShow Built", "Built.viewWillAppear"], "\(entries)")
        #expect(built.appearanceState == .appeared && built.child.appearanceState == .appeared)
    }

    @Test("a pop asked for from the pushed screen's viewDidAppear runs once the push has ended: joined, shown, then removed")
    func aPopFromViewDidAppearWaits() {
        let fixture = NavigationFixture()
        let delegate = ShowLog(log: fixture.log)
        fixture.navigation.delegate = delegate
        let b = fixture.screen("B")
        b.onDidAppear = { screen in
            screen.onDidAppear = nil
            screen.navigationController?.popViewController(animated: false)
        }
        fixture.navigation.pushViewController(b, animated: true)
        fixture.runUntilIdle()
        #expect(fixture.stack == ["A"] && fixture.shownScreens == ["A"] && b.parent == nil)
        #expect(!b.isMovingToParent && !b.isMovingFromParent)
        #expect(fixture.log.entries == [
            "B.willMove(toParent: navigation)",
            "willShow B",
            "A.viewWillDisappear",
            "B.viewWillAppear moving to parent",
            "A.viewDidDisappear",
            "B.viewDidAppear moving to parent",
            "B.didMove(toParent: navigation)",
            "didShow B",
            "B.willMove(toParent: nil)",
            "willShow A",
            "B.viewWillDisappear moving from parent",
            "A.viewWillAppear",
            "B.viewDidDisappear moving from parent",
            "A.viewDidAppear",
            "B.didMove(toParent: nil)",
            "didShow A",
        ])
    }

    @Test("a push asked for from the popped screen's viewDidDisappear waits for the pop: the delegate hears of each in turn")
    func aPushFromViewDidDisappearWaits() {
        let (fixture, b) = NavigationFixture.withScreenPushed()
        let delegate = ShowLog(log: fixture.log)
        fixture.navigation.delegate = delegate
        let c = fixture.screen("C")
        b.onDidDisappear = { screen in
            screen.onDidDisappear = nil
            fixture.navigation.pushViewController(c, animated: true)
        }
        fixture.navigation.popViewController(animated: true)
        fixture.runUntilIdle()
        #expect(fixture.stack == ["A", "C"] && fixture.shownScreens == ["C"])
        #expect(fixture.log.entries.filter { $0.hasPrefix("willShow") || $0.hasPrefix("didShow") }
                == ["willShow A", "didShow A", "willShow C", "didShow C"], "\(fixture.log.entries)")
        #expect(fixture.a.appearanceState == .disappeared && c.appearanceState == .appeared)
    }

    /// A screen that, as it loads, asks for another screen to be pushed after it.
    final class ForwardingScreen: ViewController {
        let following: ViewController
        init(next: ViewController) {
            following = next
            super.init()
            title = "Forwarding"
        }
        override func viewDidLoad() { navigationController?.pushViewController(following, animated: true) }
    }

    @Test("a push asked for from a pushed screen's viewDidLoad waits for that push: one slide after the other")
    func aPushFromViewDidLoadWaits() {
        let fixture = NavigationFixture()
        let c = fixture.screen("C")
        let forwarding = ForwardingScreen(next: c)
        fixture.navigation.pushViewController(forwarding, animated: true)
        #expect(fixture.stack == ["A", "Forwarding"], "C waits")
        fixture.runUntilIdle()
        #expect(fixture.stack == ["A", "Forwarding", "C"] && fixture.shownScreens == ["C"])
        #expect(forwarding.parent === fixture.navigation && c.appearanceState == .appeared)
    }
}
