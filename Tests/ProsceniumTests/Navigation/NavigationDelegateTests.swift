import Testing
@testable import Proscenium

/// Transitions a navigation controller's delegate vends — the same animators and interaction controllers
/// presentations use — and an app's own container running one through the public context.
@MainActor @Suite("Navigation delegate and container transitions")
struct NavigationDelegateTests {
    /// Supplies a cross-fade and, when asked, a percent-driven interaction; logs what it is told.
    final class Delegate: NavigationControllerDelegate {
        let log: ProbeLog
        var interaction: PercentDrivenInteractiveTransition?
        var operations: [NavigationOperation] = []
        init(log: ProbeLog) { self.log = log }
        func navigationController(_ navigationController: NavigationController, willShow viewController: ViewController, animated: Bool) {
            log.entries.append("willShow \(viewController.title ?? "")")
        }
        func navigationController(_ navigationController: NavigationController, didShow viewController: ViewController, animated: Bool) {
            log.entries.append("didShow \(viewController.title ?? "")")
        }
        func navigationController(_ navigationController: NavigationController, animationControllerFor operation: NavigationOperation,
                                  from: ViewController, to: ViewController) -> AnimatedTransitioning? {
            operations.append(operation)
            return FadeAnimator()
        }
        func navigationController(_ navigationController: NavigationController,
                                  interactionControllerFor animationController: AnimatedTransitioning) -> InteractiveTransitioning? {
            interaction
        }
    }

    /// Fades the new screen in over the old one (push) or the old one out (pop), on one animator.
    final class FadeAnimator: AnimatedTransitioning {
        private var animator: PropertyAnimator?
        func transitionDuration(using context: TransitionContext) -> Double { 0.3 }
        func animateTransition(using context: TransitionContext) { interruptibleAnimator(using: context)?.startAnimation() }
        func interruptibleAnimator(using context: TransitionContext) -> ViewImplicitlyAnimating? {
            if let animator { return animator }
            let from = context.view(forKey: .from)!, to = context.view(forKey: .to)!
            let toController = context.viewController(forKey: .to)!
            #expect(context.presentationStyle == .none && context.initialFrame(for: toController) == .zero)
            to.frame = context.finalFrame(for: toController)
            context.containerView.insertSubview(to, belowSubview: from)
            let animator = PropertyAnimator(duration: 0.3, curve: .linear) { from.alpha = 0 }
            animator.addCompletion { [weak context] position in
                from.alpha = 1
                context?.completeTransition(position == .end)
            }
            self.animator = animator
            return animator
        }
    }

    @Test("the delegate hears willShow and didShow for the root as the controller first appears, around the root's own callbacks, and for a top set while on screen")
    func theRootIsShownToo() {
        let log = ProbeLog()
        let clock = ManualFrameClock(startTime: 10, framesPerSecond: 60)
        let window = Window(size: Size(width: 400, height: 300), clock: clock)
        let a = NavigationScreen("A", log: log)
        let navigation = NavigationController(rootViewController: a)
        let delegate = Delegate(log: log)
        navigation.delegate = delegate
        window.rootViewController = navigation
        clock.step()
        #expect(log.entries.filter { $0.contains("Show") || $0.contains("Appear") }
            == ["willShow A", "A.viewWillAppear", "A.viewDidAppear", "didShow A"], "\(log.entries)")
        log.entries = []
        let c = NavigationScreen("C", log: log)
        navigation.setViewControllers([c], animated: false)
        #expect(log.entries.filter { $0.contains("Show") } == ["willShow C", "didShow C"], "\(log.entries)")
    }

    @Test("setting a controller's title sets its navigation item's, which the bar shows")
    func titleSetsTheItemsTitle() {
        let fixture = NavigationFixture()
        fixture.a.navigationItem.title = "Inbox"
        fixture.frames(1)
        fixture.a.title = "Inbox (3)"
        fixture.frames(1)
        #expect(fixture.a.navigationItem.title == "Inbox (3)")
        #expect(fixture.navigation.navigationBar.titleLabel.text == "Inbox (3)")
    }

    @Test("the delegate's animator runs push and pop; willShow and didShow frame each")
    func delegateAnimatorRuns() {
        let fixture = NavigationFixture()
        let delegate = Delegate(log: fixture.log)
        fixture.navigation.delegate = delegate
        let b = fixture.screen("B")
        fixture.navigation.pushViewController(b, animated: true)
        fixture.frames(9)
        let faded = fixture.a.view.presentation.alpha
        #expect(faded > 0.1 && faded < 0.9, "A half faded: \(faded)")
        fixture.runUntilIdle()
        fixture.navigation.popViewController(animated: true)
        fixture.runUntilIdle()
        #expect(delegate.operations == [.push, .pop] && fixture.shownScreens == ["A"])
        #expect(fixture.log.entries.filter { $0.hasPrefix("willShow") || $0.hasPrefix("didShow") }
            == ["willShow B", "didShow B", "willShow A", "didShow A"])
    }

    @Test("an interactive pop let go halfway is cancelled: B stays on top, the stack is back, callbacks paired as UIKit's")
    func interactivePopCancelled() {
        let fixture = NavigationFixture()
        let b = fixture.screen("B")
        fixture.navigation.pushViewController(b, animated: false)
        fixture.frames(1)
        let delegate = Delegate(log: fixture.log)
        let interaction = PercentDrivenInteractiveTransition()
        delegate.interaction = interaction
        fixture.navigation.delegate = delegate
        fixture.log.entries = []
        fixture.navigation.popViewController(animated: true)
        #expect(fixture.stack == ["A"])
        interaction.update(0.5)
        fixture.frames(2)
        #expect(abs(b.view.presentation.alpha - 0.5) < 0.01 && fixture.shownScreens == ["A", "B"])
        #expect(b.transitionCoordinator?.isInteractive == true)
        interaction.cancel()
        fixture.runUntilIdle()
        #expect(fixture.stack == ["A", "B"] && fixture.shownScreens == ["B"] && b.parent === fixture.navigation)
        #expect(fixture.log.entries.filter { !$0.hasPrefix("willShow") } == [
            "B.willMove(toParent: nil)",
            "B.viewWillDisappear moving from parent",
            "A.viewWillAppear",
            "A.viewWillDisappear",
            "A.viewDidDisappear",
            "B.viewWillAppear",
            "B.viewDidAppear",
            "B.didMove(toParent: navigation)",
        ])
        // Finished the next time.
        delegate.interaction = nil
        fixture.navigation.popViewController(animated: true)
        fixture.runUntilIdle()
        #expect(fixture.stack == ["A"] && fixture.shownScreens == ["A"])
    }

    /// A tab-like container of its own: shows one child at a time and moves between them with any animator.
    final class Tabs: ViewController {
        var current: ViewController
        var ended: [Bool] = []
        init(first: ViewController) {
            current = first
            super.init()
            addChild(first)
        }
        override func viewDidLoad() {
            current.view.frame = view.bounds
            view.addSubview(current.view)
            current.didMove(toParent: self)
        }
        func select(_ next: ViewController) {
            let from = current
            addChild(next)
            from.beginRemovingFromParent()
            let context = TransitionContext(containerView: view, from: from, to: next, in: self, isAnimated: true,
                                            animator: NavigationTransitionAnimator(operation: .push)) { [unowned self] completed in
                ended.append(completed)
                from.view.removeFromSuperview()
                from.removeFromParent()
                next.didMove(toParent: self)
            }
            current = next
            context.start()
        }
    }

    @Test("an app's own container runs the navigation slide through the public context, with a coordinator for its children")
    func appContainerTransition() {
        let clock = ManualFrameClock(startTime: 10, framesPerSecond: 60)
        let window = Window(size: Size(width: 400, height: 300), clock: clock)
        let log = ProbeLog()
        let first = NavigationScreen("First", log: log), second = NavigationScreen("Second", log: log)
        let tabs = Tabs(first: first)
        window.rootViewController = tabs
        clock.step()
        var alongside = false
        second.onWillAppear = { _ in }
        tabs.select(second)
        #expect(second.transitionCoordinator != nil && first.transitionCoordinator != nil)
        second.transitionCoordinator?.animate(alongsideTransition: { _ in alongside = true })
        for _ in 0..<5 { window.setNeedsFrame(); clock.step() }
        #expect(second.view.presentation.transform.tx > 0 && second.view.presentation.transform.tx < 400)
        AnimationFixture.runUntilIdle(window: window, clock: clock, limit: 5)
        #expect(tabs.ended == [true] && alongside && tabs.children.count == 1 && tabs.children[0] === second)
        #expect(tabs.view.subviews.compactMap(\.identifier) == ["Second"] && second.transitionCoordinator == nil)
    }
}
