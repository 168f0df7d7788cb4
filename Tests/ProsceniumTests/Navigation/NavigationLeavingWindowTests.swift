@testable import Proscenium
import Testing

/// A navigation controller taken off the screen while a push or pop runs (the scene holding it dismissed,
/// its window's root replaced): the transition still ends, as UIKit's does when its animations are removed
/// with the views, so the stack is not left moving, the delegate hears `didShow`, and appearance balances.
@MainActor @Suite("Navigation leaving the window mid-transition")
struct NavigationLeavingWindowTests {
    final class Observer: NavigationControllerDelegate {
        var shown: [String] = []
        /// The coordinators' completions, as `completed` or `cancelled`, in order.
        var ended: [String] = []
        func navigationController(_ navigationController: NavigationController, willShow viewController: ViewController, animated: Bool) {
            navigationController.transitionCoordinator?.animate(alongsideTransition: nil) { [weak self] context in
                self?.ended.append(context.isCancelled ? "cancelled" : "completed")
            }
        }
        func navigationController(_ navigationController: NavigationController, didShow viewController: ViewController, animated: Bool) {
            shown.append(viewController.title ?? "?")
        }
    }

    /// A home root presenting, full screen, a navigation controller over "A".
    private func presented() -> (fixture: NavigationFixture, home: ViewController, navigation: NavigationController, observer: Observer) {
        let fixture = NavigationFixture()
        let home = ViewController()
        fixture.window.rootViewController = home
        fixture.clock.step()
        let navigation = NavigationController(rootViewController: fixture.screen("A"))
        let observer = Observer()
        navigation.delegate = observer
        home.present(navigation, animated: false)
        fixture.runUntilIdle()
        // The root was shown as the controller appeared, in the presentation's transition.
        #expect(observer.shown == ["A"] && observer.ended == ["completed"])
        observer.shown = []
        observer.ended = []
        fixture.log.entries = []
        return (fixture, home, navigation, observer)
    }

    @Test("dismissed while a push runs: the push ends (B on top, didShow B), the dismissal ends, nothing keeps moving")
    func dismissedDuringAPush() {
        let (fixture, home, navigation, observer) = presented()
        navigation.pushViewController(fixture.screen("B"), animated: true)
        fixture.frames(5)
        home.dismiss(animated: true)
        fixture.runUntilIdle()
        #expect(navigation.transitionCoordinator == nil, "the push ended")
        #expect(observer.shown == ["B"])
        #expect(observer.ended == ["completed"], "the coordinator's completion ran")
        #expect(navigation.viewControllers.map(\.title) == ["A", "B"])
        #expect(fixture.window.presentedViewControllers.isEmpty)
        #expect(!fixture.window.animationEngine.hasRunningAnimations)
    }

    @Test("dismissed while a pop runs, without animation: the pop ends (A on top, didShow A)")
    func dismissedDuringAPop() {
        let (fixture, home, navigation, observer) = presented()
        navigation.pushViewController(fixture.screen("B"), animated: false)
        fixture.runUntilIdle()
        observer.shown = []
        observer.ended = []
        navigation.popViewController(animated: true)
        fixture.frames(4)
        home.dismiss(animated: false)
        fixture.runUntilIdle()
        #expect(navigation.transitionCoordinator == nil, "the pop ended")
        #expect(observer.shown == ["A"])
        #expect(observer.ended == ["completed"], "the coordinator's completion ran")
        #expect(navigation.viewControllers.map(\.title) == ["A"])
        // Presented again: it pushes and pops as before.
        home.present(navigation, animated: false)
        fixture.runUntilIdle()
        navigation.pushViewController(fixture.screen("C"), animated: true)
        fixture.runUntilIdle()
        #expect(navigation.viewControllers.map(\.title) == ["A", "C"] && observer.shown.last == "C")
    }
}

/// The same, with nothing but the presentation holding the navigation controller: dismissed, it is freed
/// mid-push, and the push ends with it.
@MainActor @Suite("Navigation freed mid-transition")
struct NavigationFreedTests {
    @Test("freed with the dismissal while a push runs: the coordinator's completions run, completed, and it is freed")
    func freedDuringAPush() {
        let fixture = NavigationFixture()
        let home = ViewController()
        fixture.window.rootViewController = home
        fixture.clock.step()
        var ended: [String] = []
        weak var freed: NavigationController?
        do {
            let navigation = NavigationController(rootViewController: fixture.screen("A"))
            freed = navigation
            home.present(navigation, animated: false)
            fixture.runUntilIdle()
            navigation.pushViewController(fixture.screen("B"), animated: true)
            navigation.transitionCoordinator?.animate(alongsideTransition: nil) { context in
                ended.append(context.isCancelled ? "cancelled" : "completed")
            }
            fixture.frames(3)
        }
        home.dismiss(animated: false)
        fixture.runUntilIdle()
        #expect(freed == nil, "nothing keeps the dismissed navigation controller")
        #expect(ended == ["completed"])
        #expect(!fixture.window.animationEngine.hasRunningAnimations)
    }
}
