import Testing
@testable import Proscenium

/// What a controller can ask in its appearance callbacks and during a transition, as UIKit answers it:
/// `isBeingPresented` and `isBeingDismissed` in the did-callbacks, the presenter's coordinator when a
/// dismissal takes several presentations, the presented view's corners after a cancelled presentation,
/// and requests UIKit refuses answered with a warning.
@MainActor @Suite("Presentation callback state")
struct PresentationCallbackStateTests {
    /// Records `isBeingPresented` and `isBeingDismissed` in each appearance callback.
    final class AskingController: ViewController {
        var answers: [String] = []
        override func viewWillAppear(_ animated: Bool) { answers.append("willAppear presented=\(isBeingPresented)") }
        override func viewDidAppear(_ animated: Bool) { answers.append("didAppear presented=\(isBeingPresented)") }
        override func viewWillDisappear(_ animated: Bool) { answers.append("willDisappear dismissed=\(isBeingDismissed)") }
        override func viewDidDisappear(_ animated: Bool) { answers.append("didDisappear dismissed=\(isBeingDismissed)") }
    }

    /// The fixture's root presenting a logging controller interactively, 0.4 of the way and a frame on.
    private func presentedInteractively(_ fixture: PresentationFixture, before update: (LoggingDelegate) -> Void = { _ in })
        -> (LoggingViewController, PercentDrivenInteractiveTransition) {
        let delegate = LoggingDelegate(log: fixture.log)
        let interaction = PercentDrivenInteractiveTransition()
        delegate.presentationInteraction = interaction
        let presented = fixture.makePresented(delegate: delegate)
        fixture.root.present(presented, animated: true)
        update(delegate)
        interaction.update(0.4)
        fixture.clock.step()
        return (presented, interaction)
    }

    @Test("isBeingPresented holds in viewDidAppear and isBeingDismissed in viewDidDisappear, animated or not")
    func beingPresentedAndDismissedInTheDidCallbacks() {
        for animated in [true, false] {
            let fixture = PresentationFixture()
            let presented = AskingController()
            presented.modalPresentationStyle = .formSheet
            fixture.root.present(presented, animated: animated)
            fixture.runUntilIdle()
            #expect(!presented.isBeingPresented)
            presented.dismiss(animated: animated)
            fixture.runUntilIdle()
            #expect(!presented.isBeingDismissed)
            #expect(presented.answers == ["willAppear presented=true", "didAppear presented=true",
                                          "willDisappear dismissed=true", "didDisappear dismissed=true"], "\(presented.answers)")
        }
    }

    @Test("a controller below two presentations dismissed at once has the transition's coordinator, and its alongside block runs")
    func thePresenterOfADismissedGroupHasTheCoordinator() {
        let fixture = PresentationFixture()
        let delegate = LoggingDelegate(log: fixture.log)
        delegate.presentationAnimator = ViewAnimateAnimator(isPresenting: true, log: fixture.log)
        delegate.dismissalAnimator = ViewAnimateAnimator(isPresenting: false, log: fixture.log)
        let first = fixture.makePresented("first", delegate: delegate)
        let second = fixture.makePresented("second", delegate: delegate)
        fixture.root.present(first, animated: false)
        first.present(second, animated: false)
        fixture.root.dismiss(animated: true)
        let coordinator = fixture.root.transitionCoordinator
        #expect(coordinator != nil && coordinator === second.transitionCoordinator)
        var ran = false, ended = false
        coordinator?.animate(alongsideTransition: { _ in ran = true }, completion: { _ in ended = true })
        fixture.runUntilIdle()
        #expect(ran && ended)
        #expect(fixture.root.transitionCoordinator == nil)
    }

    @Test("a cancelled presentation gives the presented view back its own corners")
    func aCancelledPresentationRestoresTheCorners() {
        let fixture = PresentationFixture()
        let (presented, interaction) = presentedInteractively(fixture) { delegate in
            delegate.lastPresentationController?.roundPresentedViewCorners(12)
        }
        #expect(presented.view.cornerRadius == 12 && presented.view.clipsToBounds)
        interaction.cancel()
        fixture.runUntilIdle()
        #expect(fixture.window.presentedViewControllers.isEmpty)
        #expect(presented.view.cornerRadius == 0 && !presented.view.clipsToBounds)
    }

    @Test("an interactive update with NaN is refused: the transition stays where it was")
    func aNaNUpdateIsRefused() {
        let fixture = PresentationFixture()
        let (presented, interaction) = presentedInteractively(fixture)
        let frame = presented.view.presentation.frame
        let warnings = collectingWarnings {
            interaction.update(.nan)
            fixture.clock.step()
        }
        #expect(warnings.count == 1)
        #expect(interaction.percentComplete == 0.4 && presented.transitionCoordinator?.percentComplete == 0.4)
        #expect(presented.view.presentation.frame == frame)
        interaction.finish()
        fixture.runUntilIdle()
        #expect(fixture.window.presentedViewControllers.count == 1 && presented.view.presentation.frame.minY.isFinite)
    }

    @Test("what UIKit refuses to present is refused with one warning naming why")
    func refusedPresentationsWarn() {
        let fixture = PresentationFixture()
        let first = AskingController(), second = AskingController(), child = AskingController(), loose = ViewController()
        fixture.root.addChild(child)
        let warnings = collectingWarnings {
            fixture.root.present(first, animated: false)
            fixture.root.present(second, animated: false)
            first.present(first, animated: false)
            second.present(first, animated: false)
            first.present(child, animated: false)
            loose.present(second, animated: false)
        }
        #expect(warnings.count == 5, "\(warnings)")
        #expect(warnings.first?.contains("already presents") == true)
        #expect(fixture.window.presentedViewControllers.map { $0 as AnyObject } .elementsEqual([first]) { $0 === $1 })
    }
}
