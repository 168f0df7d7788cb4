import Testing
import Proscenium

/// The order of presentation-controller hooks, appearance callbacks and completion blocks, as UIKit
/// documents it, for every kind of presentation and dismissal.
@MainActor @Suite("Presentation lifecycle")
struct PresentationLifecycleTests {
    private func animators(_ fixture: PresentationFixture, _ delegate: LoggingDelegate) {
        delegate.presentationAnimator = ViewAnimateAnimator(isPresenting: true, log: fixture.log)
        delegate.dismissalAnimator = ViewAnimateAnimator(isPresenting: false, log: fixture.log)
    }

    @Test func animatedPresentAndDismissCallEveryHookInOrder() {
        let fixture = PresentationFixture()
        let delegate = LoggingDelegate(log: fixture.log)
        animators(fixture, delegate)
        let presented = fixture.makePresented(delegate: delegate)

        fixture.root.present(presented, animated: true) { fixture.log.entries.append("present.completion") }
        #expect(presented.isBeingPresented)
        #expect(fixture.root.presentedViewController === presented)
        #expect(presented.presentingViewController === fixture.root)
        fixture.runUntilIdle()
        #expect(fixture.log.entries == [
            "presented.viewWillAppear(true)", "pc.presentationTransitionWillBegin", "animator.present",
            "pc.presentationTransitionDidEnd(true)", "presented.viewDidAppear(true)", "present.completion",
        ])
        #expect(!presented.isBeingPresented)

        fixture.log.entries = []
        presented.dismiss(animated: true) { fixture.log.entries.append("dismiss.completion") }
        #expect(presented.isBeingDismissed)
        fixture.runUntilIdle()
        #expect(fixture.log.entries == [
            "presented.viewWillDisappear(true)", "pc.dismissalTransitionWillBegin", "animator.dismiss",
            "pc.dismissalTransitionDidEnd(true)", "presented.viewDidDisappear(true)", "dismiss.completion",
        ])
        #expect(fixture.root.presentedViewController == nil)
        #expect(presented.presentingViewController == nil)
        #expect(presented.viewIfLoaded?.window == nil)
    }

    @Test func presentationTakesAsLongAsItsAnimator() {
        let fixture = PresentationFixture()
        let delegate = LoggingDelegate(log: fixture.log)
        animators(fixture, delegate)
        var done = false
        fixture.root.present(fixture.makePresented(delegate: delegate), animated: true) { done = true }
        fixture.clock.run(for: 0.45)
        #expect(!done)
        fixture.clock.run(for: 0.1)
        #expect(done)
    }

    @Test func unanimatedPresentAndDismissCompleteAtOnceWithTheSameHooks() {
        let fixture = PresentationFixture()
        let delegate = LoggingDelegate(log: fixture.log)
        animators(fixture, delegate)
        let presented = fixture.makePresented(delegate: delegate)

        fixture.root.present(presented, animated: false) { fixture.log.entries.append("present.completion") }
        presented.dismiss(animated: false) { fixture.log.entries.append("dismiss.completion") }
        #expect(fixture.log.entries == [
            "presented.viewWillAppear(false)", "pc.presentationTransitionWillBegin",
            "pc.presentationTransitionDidEnd(true)", "presented.viewDidAppear(false)", "present.completion",
            "presented.viewWillDisappear(false)", "pc.dismissalTransitionWillBegin",
            "pc.dismissalTransitionDidEnd(true)", "presented.viewDidDisappear(false)", "dismiss.completion",
        ], "no animator runs without animation")
    }

    @Test func unanimatedPresentationPutsThePresentedViewAtItsFrame() {
        let fixture = PresentationFixture()
        let delegate = LoggingDelegate(log: fixture.log)
        let presented = fixture.makePresented(delegate: delegate)
        fixture.root.present(presented, animated: false)
        #expect(presented.view.window === fixture.window)
        #expect(presented.view.frame == Rect(x: 30, y: 30, width: 340, height: 240))
    }

    @Test func cancelledPresentationPairsTheAppearanceCallbacksAndSkipsTheCompletion() {
        let fixture = PresentationFixture()
        let delegate = LoggingDelegate(log: fixture.log)
        let animator = ViewAnimateAnimator(isPresenting: true, log: fixture.log)
        animator.result = false
        delegate.presentationAnimator = animator
        let presented = fixture.makePresented(delegate: delegate)

        fixture.root.present(presented, animated: true) { fixture.log.entries.append("present.completion") }
        fixture.runUntilIdle()
        #expect(fixture.log.entries == [
            "presented.viewWillAppear(true)", "pc.presentationTransitionWillBegin", "animator.present",
            "pc.presentationTransitionDidEnd(false)", "presented.viewWillDisappear(true)",
            "presented.viewDidDisappear(true)",
        ])
        #expect(fixture.root.presentedViewController == nil)
        #expect(presented.presentingViewController == nil)
        #expect(presented.view.window == nil)
        #expect(fixture.window.presentedViewControllers.isEmpty)
    }

    @Test func cancelledDismissalKeepsThePresentation() {
        let fixture = PresentationFixture()
        let delegate = LoggingDelegate(log: fixture.log)
        let animator = ViewAnimateAnimator(isPresenting: false, log: fixture.log)
        animator.result = false
        delegate.dismissalAnimator = animator
        let presented = fixture.makePresented(delegate: delegate)
        fixture.root.present(presented, animated: false)
        fixture.log.entries = []

        presented.dismiss(animated: true) { fixture.log.entries.append("dismiss.completion") }
        fixture.runUntilIdle()
        #expect(fixture.log.entries == [
            "presented.viewWillDisappear(true)", "pc.dismissalTransitionWillBegin", "animator.dismiss",
            "pc.dismissalTransitionDidEnd(false)", "presented.viewWillAppear(true)", "presented.viewDidAppear(true)",
        ])
        #expect(fixture.root.presentedViewController === presented)
        #expect(presented.view.window === fixture.window)
        #expect(delegate.lastPresentationController?.dimmingView.alpha == 0.4, "the alongside fade went back")
    }

    @Test func fullScreenPresentationHidesThePresenterAndBringsItBack() {
        let fixture = PresentationFixture()
        let presented = LoggingViewController("presented", log: fixture.log)
        presented.modalPresentationStyle = .fullScreen

        fixture.root.present(presented, animated: true) { fixture.log.entries.append("present.completion") }
        #expect(fixture.root.view.window === fixture.window, "the presenter stays during the transition")
        fixture.runUntilIdle()
        #expect(fixture.log.entries == [
            "root.viewWillDisappear(true)", "presented.viewWillAppear(true)",
            "presented.viewDidAppear(true)", "root.viewDidDisappear(true)", "present.completion",
        ])
        #expect(fixture.root.view.window == nil, "nothing hidden is drawn")
        #expect(presented.view.frame == fixture.window.bounds)

        fixture.log.entries = []
        presented.dismiss(animated: true)
        #expect(fixture.root.view.window === fixture.window)
        #expect(fixture.window.subviews.first === fixture.root.view, "back at the bottom of the window")
        fixture.runUntilIdle()
        #expect(fixture.log.entries == [
            "presented.viewWillDisappear(true)", "root.viewWillAppear(true)",
            "presented.viewDidDisappear(true)", "root.viewDidAppear(true)",
        ])
    }

    @Test func presentedControllerCanPresentAnotherAndDismissingTheLowerTakesBoth() {
        let fixture = PresentationFixture()
        let delegate = LoggingDelegate(log: fixture.log)
        animators(fixture, delegate)
        let first = fixture.makePresented("first", delegate: delegate)
        let second = fixture.makePresented("second", delegate: delegate)

        fixture.root.present(first, animated: true)
        fixture.runUntilIdle()
        first.present(second, animated: true)
        fixture.runUntilIdle()
        #expect(second.presentingViewController === first)
        #expect(fixture.window.presentedViewControllers.count == 2)
        #expect(fixture.window.presentedViewControllers.first === first && fixture.window.presentedViewControllers.last === second)
        #expect(fixture.window.topViewController === second)

        fixture.log.entries = []
        fixture.root.dismiss(animated: true) { fixture.log.entries.append("dismiss.completion") }
        #expect(first.isBeingDismissed && second.isBeingDismissed, "one transition takes both")
        #expect(fixture.window.topViewController === fixture.root)
        // UIKit's rule: the top one animates, the one between leaves with it at once.
        #expect(first.view.window == nil)
        #expect(first.transitionCoordinator === second.transitionCoordinator && first.transitionCoordinator != nil)
        let start = second.view.presentation.frame.minY
        fixture.clock.step()
        #expect(second.view.presentation.frame.minY != start, "the top one moves at once")
        fixture.clock.run(for: 0.1)
        #expect(first.isBeingDismissed, "it ends with the top one, not before")
        fixture.runUntilIdle()
        #expect(fixture.log.entries.filter { $0.hasSuffix("viewWillDisappear(true)") }
                == ["second.viewWillDisappear(true)", "first.viewWillDisappear(true)"], "top first")
        #expect(fixture.log.entries.contains("second.viewDidDisappear(true)"))
        #expect(fixture.log.entries.last == "dismiss.completion")
        #expect(fixture.window.presentedViewControllers.isEmpty)
        #expect(first.presentedViewController == nil)
        #expect(second.view.window == nil && first.view.window == nil)
    }

    /// An animated dismissal turns a running presentation around (see InterruptibleTransitionTests); an
    /// unanimated one ends it as interrupted and completes at once: nothing waits for a transition.
    @Test func unanimatedDismissAskedDuringThePresentationHappensAtOnce() {
        let fixture = PresentationFixture()
        let delegate = LoggingDelegate(log: fixture.log)
        animators(fixture, delegate)
        let presented = fixture.makePresented(delegate: delegate)
        var presentCompleted = false
        fixture.root.present(presented, animated: true) { presentCompleted = true }
        fixture.clock.run(for: 0.1)
        presented.dismiss(animated: false) { fixture.log.entries.append("dismiss.completion") }
        #expect(presented.presentingViewController == nil && presented.viewIfLoaded?.window == nil)
        #expect(fixture.log.entries.last == "dismiss.completion")
        #expect(fixture.log.entries.filter { $0.hasPrefix("pc.") } == [
            "pc.presentationTransitionWillBegin", "pc.presentationTransitionDidEnd(false)",
            "pc.dismissalTransitionWillBegin", "pc.dismissalTransitionDidEnd(true)",
        ])
        fixture.runUntilIdle()
        #expect(!presentCompleted, "an interrupted presentation does not complete")
        #expect(fixture.window.consistencyProblems().isEmpty)
    }

    @Test func aControllerThatPresentsAlreadyPresentsNothingMore() {
        let fixture = PresentationFixture()
        let delegate = LoggingDelegate(log: fixture.log)
        let first = fixture.makePresented("first", delegate: delegate)
        let second = fixture.makePresented("second", delegate: delegate)
        fixture.root.present(first, animated: true)
        fixture.root.present(second, animated: true)
        fixture.runUntilIdle()
        #expect(fixture.window.presentedViewControllers.count == 1)
        #expect(second.presentingViewController == nil)
    }

    @Test func presentedControllersRespondersContinueToThePresenter() {
        let fixture = PresentationFixture()
        let delegate = LoggingDelegate(log: fixture.log)
        let presented = fixture.makePresented(delegate: delegate)
        fixture.root.present(presented, animated: false)
        #expect(presented.next === fixture.root)
        #expect(presented.view.next === presented)
    }

    @Test func transitionCoordinatorExistsOnlyDuringTheTransition() {
        let fixture = PresentationFixture()
        let delegate = LoggingDelegate(log: fixture.log)
        animators(fixture, delegate)
        let presented = fixture.makePresented(delegate: delegate)
        #expect(presented.transitionCoordinator == nil)
        fixture.root.present(presented, animated: true)
        #expect(presented.transitionCoordinator != nil)
        #expect(fixture.root.transitionCoordinator === presented.transitionCoordinator)
        #expect(presented.transitionCoordinator?.isPresenting == true)
        fixture.runUntilIdle()
        #expect(presented.transitionCoordinator == nil)
    }

    @Test func transitioningDelegateIsHeldWeakly() {
        let fixture = PresentationFixture()
        let controller = ViewController()
        weak var weakDelegate: LoggingDelegate?
        do {
            let delegate = LoggingDelegate(log: fixture.log)
            weakDelegate = delegate
            controller.transitioningDelegate = delegate
        }
        #expect(weakDelegate == nil)
        #expect(controller.transitioningDelegate == nil)
    }

    @Test func theWindowReportsEveryPhaseToItsObserver() {
        let fixture = PresentationFixture()
        var events: [String] = []
        fixture.window.presentationObserver = { event in
            events.append("\(event.kind.rawValue)\(event.completed.map { "(\($0))" } ?? "")")
        }
        var actions: [String] = []
        fixture.window.controlActionObserver = { control in actions.append(control.identifier ?? "?") }
        let presented = ViewController()
        presented.modalPresentationStyle = .alert
        fixture.root.present(presented, animated: true)
        fixture.runUntilIdle()
        presented.dismiss(animated: true)
        fixture.runUntilIdle()
        #expect(events == ["presentationWillBegin", "presentationDidEnd(true)", "dismissalWillBegin", "dismissalDidEnd(true)"])
        fixture.root.button.sendActions()
        #expect(actions == ["root-button"])
    }
}

/// Observers hear of a transition's end once the presentation's state is final, so they can present or
/// dismiss again right away (the demo's continuous loop does).
@MainActor @Suite("Presentation observers")
struct PresentationObserverTests {
    @Test func anObserverCanPresentAgainWhenADismissalEnds() {
        let fixture = PresentationFixture()
        let card = ViewController()
        card.modalPresentationStyle = .formSheet
        var cycles = 0
        fixture.window.presentationObserver = { event in
            guard event.completed == true else { return }
            if event.kind == .presentationDidEnd { event.controller.dismiss(animated: true) }
            if event.kind == .dismissalDidEnd, cycles < 3 {
                cycles += 1
                fixture.root.present(card, animated: true)
            }
        }
        fixture.root.present(card, animated: true)
        fixture.runUntilIdle()
        #expect(cycles == 3)
        #expect(fixture.root.presentedViewController == nil)
    }
}
