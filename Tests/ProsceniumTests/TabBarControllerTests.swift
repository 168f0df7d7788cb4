import Testing
@testable import Proscenium

/// UIKit's tab bar controller: every tab a child, only the selected one's view in the window, instant
/// switches with the appearance callbacks in UIKit's order, the delegate's say and animators, the tab keys,
/// items that follow their titles and badges.
@MainActor @Suite("Tab bar controller")
struct TabBarControllerTests {
    let log = ProbeLog()
    let clock = ManualFrameClock()
    let window: Window
    let tabs = TabBarController()
    let inbox: LoggingViewController, archive: LoggingViewController, settings: LoggingViewController

    init() {
        window = Window(size: Size(width: 600, height: 400), clock: clock)
        inbox = LoggingViewController("inbox", log: log)
        archive = LoggingViewController("archive", log: log)
        settings = LoggingViewController("settings", log: log)
        inbox.title = "Inbox"
        archive.title = "Archive"
        settings.title = "Settings"
        tabs.viewControllers = [inbox, archive, settings]
        window.rootViewController = tabs
        clock.step()
        log.entries = []
    }

    func click(_ view: View) {
        let point = view.convert(Point(x: view.bounds.midX, y: view.bounds.midY), to: window)
        window.send(.pointerDown(point, button: 1, time: clock.now))
        window.send(.pointerUp(point, button: 1, time: clock.now))
        clock.run(for: 0.1)
    }

    func press(_ key: Key, _ modifiers: KeyModifiers = []) {
        window.send(.keyDown(key, modifiers: modifiers, time: clock.now))
        window.send(.keyUp(key, modifiers: modifiers, time: clock.now))
        clock.run(for: 0.1)
    }

    @Test("every tab is a child; the first shows above the bar, the others are out of the window")
    func layout() {
        #expect(tabs.children.count == 3 && tabs.selectedViewController === inbox && tabs.selectedIndex == 0)
        #expect(inbox.view.window === window && archive.viewIfLoaded?.window == nil)
        #expect(inbox.view.convert(inbox.view.bounds, to: window) == Rect(x: 0, y: 0, width: 600, height: 400 - TabBar.height))
        #expect(tabs.tabBar.frame == Rect(x: 0, y: 400 - TabBar.height, width: 600, height: TabBar.height))
        #expect(tabs.tabBar.buttons.map(\.title) == ["Inbox", "Archive", "Settings"])
        #expect(inbox.tabBarController === tabs && inbox.appearanceState == .appeared)
        window.resize(to: Size(width: 500, height: 300))
        clock.step()
        #expect(inbox.view.frame.size == Size(width: 500, height: 300 - TabBar.height))
    }

    @Test("clicking a tab switches at once: both wills, then both dids, as UIKit; the bar marks the selected tab")
    func clickSwitches() throws {
        click(tabs.tabBar.buttons[1])
        #expect(tabs.selectedViewController === archive)
        #expect(log.entries == ["inbox.viewWillDisappear(false)", "archive.viewWillAppear(false)",
                                "inbox.viewDidDisappear(false)", "archive.viewDidAppear(false)"])
        #expect(archive.view.window === window && inbox.view.window == nil)
        let tree = AccessibilityTree(window: window)
        let selected = tree.nodes.values.filter { $0.traits.contains(.selected) }.map(\.label)
        #expect(selected == ["Archive"])
        #expect(window.consistencyProblems().isEmpty)
    }

    /// Refuses Settings, records picks, and slides with the navigation animator.
    final class Delegate: TabBarControllerDelegate {
        var picked: [String] = []
        var animates = false
        func tabBarController(_ tabBarController: TabBarController, shouldSelect viewController: ViewController) -> Bool {
            viewController.title != "Settings"
        }
        func tabBarController(_ tabBarController: TabBarController, didSelect viewController: ViewController) {
            picked.append(viewController.title ?? "")
        }
        func tabBarController(_ tabBarController: TabBarController, animationControllerForTransitionFrom from: ViewController,
                              to: ViewController) -> AnimatedTransitioning? {
            animates ? NavigationTransitionAnimator(operation: .push) : nil
        }
    }

    @Test("the delegate may refuse a pick and hears each one made, the selected tab's too; setting selectedIndex asks nobody")
    func delegateSays() {
        let delegate = Delegate()
        tabs.delegate = delegate
        click(tabs.tabBar.buttons[2])
        #expect(tabs.selectedViewController === inbox && delegate.picked.isEmpty)
        click(tabs.tabBar.buttons[0])
        #expect(delegate.picked == ["Inbox"] && log.entries.isEmpty, "re-picking the selected tab switches nothing")
        tabs.selectedIndex = 2
        #expect(tabs.selectedViewController === settings && delegate.picked == ["Inbox"])
        let warnings = collectingWarnings { tabs.selectedIndex = 7 }
        #expect(tabs.selectedIndex == 2 && warnings.count == 1)
        withExtendedLifetime(delegate) {}
    }

    @Test("a delegate's animator runs the switch: mid-way both screens show and share a coordinator; appearances balance at the end")
    func animatedSwitch() {
        let delegate = Delegate()
        delegate.animates = true
        tabs.delegate = delegate
        click(tabs.tabBar.buttons[1])
        #expect(archive.transitionCoordinator != nil && inbox.transitionCoordinator === archive.transitionCoordinator)
        #expect(inbox.view.window === window && archive.view.window === window, "both in the middle of the slide")
        #expect(log.entries == ["inbox.viewWillDisappear(true)", "archive.viewWillAppear(true)"])
        click(tabs.tabBar.buttons[0])
        #expect(tabs.selectedViewController === archive, "a pick during the slide is dropped")
        clock.run(for: 1.5)
        #expect(inbox.viewIfLoaded?.window == nil && archive.view.window === window)
        #expect(log.entries == ["inbox.viewWillDisappear(true)", "archive.viewWillAppear(true)",
                                "inbox.viewDidDisappear(true)", "archive.viewDidAppear(true)"])
        #expect(archive.transitionCoordinator == nil && window.consistencyProblems().isEmpty)
        withExtendedLifetime(delegate) {}
    }

    @Test("Alt+2 picks the second tab and Ctrl+Page Down and Up step, wrapping and skipping disabled tabs, even from an editing field")
    func tabKeys() {
        let field = TextField(frame: Rect(x: 10, y: 80, width: 200, height: 36))
        inbox.view.addSubview(field)
        #expect(field.becomeFirstResponder())
        press(.character("2"), .alternate)
        #expect(tabs.selectedViewController === archive)
        settings.tabBarItem.isEnabled = false
        press(.pageDown, .control)
        #expect(tabs.selectedViewController === inbox, "Settings is disabled: from Archive to Inbox")
        press(.pageUp, .control)
        #expect(tabs.selectedViewController === archive)
        press(.character("3"), .alternate)
        #expect(tabs.selectedViewController === archive && !tabs.tabBar.buttons[2].isEnabled)
    }

    @Test("items follow their titles and badges; a controller's title names its tab until the item has one")
    func itemsFollow() {
        archive.tabBarItem.badgeValue = "3"
        inbox.title = "Mail"
        settings.tabBarItem.title = "Preferences"
        clock.step()
        #expect(tabs.tabBar.buttons.map(\.title) == ["Mail", "Archive", "Preferences"])
        #expect(tabs.tabBar.buttons[1].accessibilityValue == "3")
        let badge = window.allViews().compactMap { $0 as? Label }.first { $0.text == "3" }
        #expect(badge?.isHidden == false && badge?.window === window)
        archive.tabBarItem.badgeValue = nil
        #expect(badge?.isHidden == true)
    }

    @Test("replacing the tabs keeps the selected screen if it stays, else shows the one now at its index (else the first), as UIKit's; those gone leave")
    func replacingTabs() {
        tabs.selectedIndex = 1
        log.entries = []
        let extra = LoggingViewController("extra", log: log)
        tabs.setViewControllers([extra, archive], animated: false)
        #expect(tabs.selectedViewController === archive && tabs.selectedIndex == 1 && inbox.parent == nil)
        #expect(log.entries.isEmpty, "the shown screen stays shown")
        tabs.viewControllers = [extra, settings]
        #expect(tabs.selectedViewController === settings && archive.parent == nil && archive.viewIfLoaded?.window == nil)
        #expect(log.entries == ["archive.viewWillDisappear(false)", "settings.viewWillAppear(false)",
                                "archive.viewDidDisappear(false)", "settings.viewDidAppear(false)"])
        log.entries = []
        tabs.viewControllers = [inbox]
        #expect(tabs.selectedViewController === inbox, "index 1 is gone: the first")
        tabs.viewControllers = nil
        #expect(tabs.selectedViewController == nil && tabs.children.isEmpty && tabs.tabBar.buttons.isEmpty)
        #expect(window.consistencyProblems().isEmpty)
    }

    @Test("a list naming a controller twice, the tab bar controller itself, another container's child or a presented controller is refused whole")
    func refusedLists() {
        let navigation = NavigationController(rootViewController: ViewController())
        let pushed = ViewController()
        navigation.pushViewController(pushed, animated: false)
        for list in [[inbox, inbox], [inbox, tabs], [archive, pushed]] as [[ViewController]] {
            let warnings = collectingWarnings { tabs.viewControllers = list }
            #expect(warnings.count == 1 && tabs.viewControllers?.count == 3, "\(warnings)")
        }
        #expect(pushed.parent === navigation)
    }

    /// A screen that logs its loading too.
    final class LoadLogging: ViewController {
        let log: ProbeLog
        init(log: ProbeLog) { self.log = log; super.init() }
        override func viewDidLoad() { log.entries.append("root.viewDidLoad") }
        override func viewWillAppear(_ animated: Bool) { log.entries.append("root.viewWillAppear") }
        override func viewDidAppear(_ animated: Bool) { log.entries.append("root.viewDidAppear") }
    }

    @Test("a tab holding a navigation controller: first shown, its screen loads, then appears with it (both wills, both dids); the self-check is clean")
    func navigationInATab() {
        let root = LoadLogging(log: log)
        let navigation = NavigationController(rootViewController: root)
        navigation.title = "Browse"
        tabs.viewControllers = [inbox, navigation]
        log.entries = []
        click(tabs.tabBar.buttons[1])
        #expect(log.entries == ["root.viewDidLoad", "inbox.viewWillDisappear(false)", "root.viewWillAppear",
                                "inbox.viewDidDisappear(false)", "root.viewDidAppear"], "\(log.entries)")
        #expect(root.appearanceState == .appeared && window.consistencyProblems().isEmpty, "\(window.consistencyProblems())")
        navigation.pushViewController(ViewController(), animated: false)
        click(tabs.tabBar.buttons[1])
        clock.run(for: 1)
        #expect(navigation.viewControllers.count == 1, "picking the selected tab again pops to its root")
    }

    /// Adds the new screen, then cancels.
    final class CancellingAnimator: AnimatedTransitioning {
        func transitionDuration(using context: TransitionContext) -> Double { 0.2 }
        func animateTransition(using context: TransitionContext) {
            if let to = context.view(forKey: .to) { context.containerView.addSubview(to) }
            View.animate(withDuration: 0.2, animations: {}) { _ in context.completeTransition(false) }
        }
    }

    final class Cancelling: TabBarControllerDelegate {
        func tabBarController(_ tabBarController: TabBarController, animationControllerForTransitionFrom from: ViewController,
                              to: ViewController) -> AnimatedTransitioning? { CancellingAnimator() }
    }

    @Test("a cancelled animated switch leaves the first tab selected and shown, each screen's appearance turned around")
    func cancelledSwitch() {
        let delegate = Cancelling()
        tabs.delegate = delegate
        log.entries = []
        click(tabs.tabBar.buttons[1])
        clock.run(for: 1)
        #expect(tabs.selectedViewController === inbox && tabs.tabBar.selectedIndex == 0)
        // Both wills, then the cancellation turns each around, then both dids, as the switch ends them.
        #expect(log.entries == ["inbox.viewWillDisappear(true)", "archive.viewWillAppear(true)",
                                "inbox.viewWillAppear(true)", "archive.viewWillDisappear(true)",
                                "inbox.viewDidAppear(true)", "archive.viewDidDisappear(true)"], "\(log.entries)")
        #expect(inbox.view.window === window && archive.viewIfLoaded?.window == nil)
        #expect(inbox.appearanceState == .appeared && archive.appearanceState == .disappeared)
        #expect(window.consistencyProblems().isEmpty, "\(window.consistencyProblems())")
        withExtendedLifetime(delegate) {}
    }

    @Test("selecting by code during an animated switch waits for its end, then applies")
    func codeWaitsForTheSwitch() {
        let delegate = Delegate()
        delegate.animates = true
        tabs.delegate = delegate
        click(tabs.tabBar.buttons[1])
        tabs.selectedIndex = 0
        #expect(tabs.selectedViewController === archive)
        clock.run(for: 1.5)
        #expect(tabs.selectedViewController === inbox && inbox.view.window === window && archive.viewIfLoaded?.window == nil)
        #expect(window.consistencyProblems().isEmpty)
        withExtendedLifetime(delegate) {}
    }

    @Test("a tab taken away dismisses what it presented, full screen over the tab bar controller though it is; the tab keys wait meanwhile")
    func removedTabsPresentationGoes() {
        tabs.selectedIndex = 1
        let sheet = ViewController()
        archive.present(sheet, animated: false)
        clock.run(for: 0.5)
        #expect(window.presentedViewControllers.first === sheet)
        press(.character("1"), .alternate)
        #expect(tabs.selectedIndex == 1, "no tab switch under a presentation")
        tabs.viewControllers = [inbox, settings]
        clock.run(for: 1)
        #expect(archive.presentedViewController == nil && window.presentedViewControllers.isEmpty)
    }
}
