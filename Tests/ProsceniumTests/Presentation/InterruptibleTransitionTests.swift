import Testing
import Proscenium

/// A dismissal during the presentation (or a presentation during the dismissal) does not queue: it turns
/// the motion around from where the view is, with the speed it has, and the callbacks stay paired.
@MainActor @Suite("Interruptible transitions")
struct InterruptibleTransitionTests {
    private enum Driver { case viewAnimateSpring, propertyAnimatorSpring }

    private func fixture(_ driver: Driver) -> (PresentationFixture, LoggingViewController, LoggingDelegate) {
        let fixture = PresentationFixture()
        let delegate = LoggingDelegate(log: fixture.log)
        let spring = SpringTimingParameters(dampingRatio: 0.8)
        switch driver {
        case .viewAnimateSpring:
            let present = ViewAnimateAnimator(isPresenting: true, log: fixture.log)
            present.timing = spring
            let dismiss = ViewAnimateAnimator(isPresenting: false, log: fixture.log)
            dismiss.timing = spring
            delegate.presentationAnimator = present
            delegate.dismissalAnimator = dismiss
        case .propertyAnimatorSpring:
            delegate.presentationAnimator = SlideTransitionAnimator(isPresenting: true, edge: .top, duration: 0.5, timingParameters: spring)
            delegate.dismissalAnimator = SlideTransitionAnimator(isPresenting: false, edge: .top, duration: 0.5, timingParameters: spring)
        }
        return (fixture, fixture.makePresented(delegate: delegate), delegate)
    }

    /// The top edge of the presented view 0.1 ms before, at, and 0.1 ms after an interruption made after
    /// `before` seconds of frames: steps that short show a jump in position or speed, while a spring's
    /// acceleration moves the view by a thousandth of a point or so.
    private func samples(_ fixture: PresentationFixture, _ view: View, before: Double,
                         interrupt: () -> Void) -> (earlier: Double, at: Double, later: Double) {
        let step = 0.0001
        fixture.clock.run(for: before)
        fixture.clock.advance(by: step)
        let earlier = view.presentation.frame.minY
        fixture.window.setNeedsFrame()
        fixture.clock.advance(by: step)
        let at = view.presentation.frame.minY
        interrupt()
        fixture.window.setNeedsFrame()
        fixture.clock.advance(by: step)
        return (earlier, at, view.presentation.frame.minY)
    }

    /// Position continuous and velocity continuous across the interruption: over 0.1 ms the view moves
    /// about as far after it as before it; turning around on the spot would reverse the step.
    private func expectSmooth(_ s: (earlier: Double, at: Double, later: Double), _ comment: Comment) {
        let before = s.at - s.earlier, after = s.later - s.at
        #expect(abs(before) > 0.01, "\(comment): it was moving")
        #expect(abs(after - before) < 0.1 * abs(before), "\(comment): moved \(before) then \(after) in 0.1 ms")
    }

    @Test(arguments: [Driver.viewAnimateSpring, .propertyAnimatorSpring])
    private func dismissDuringThePresentationTurnsAround(driver: Driver) {
        let (fixture, presented, delegate) = fixture(driver)
        defer { withExtendedLifetime(delegate) {} }
        var presentCompleted = false, dismissCompleted = false
        fixture.root.present(presented, animated: true) { presentCompleted = true }
        let s = samples(fixture, presented.view, before: 0.1) {
            presented.dismiss(animated: true) { dismissCompleted = true }
        }
        expectSmooth(s, "\(driver)")
        fixture.runUntilIdle()
        #expect(!presentCompleted)
        #expect(dismissCompleted)
        #expect(fixture.log.entries.filter { $0.hasPrefix("pc.") } == [
            "pc.presentationTransitionWillBegin", "pc.presentationTransitionDidEnd(false)",
            "pc.dismissalTransitionWillBegin", "pc.dismissalTransitionDidEnd(true)",
        ])
        #expect(fixture.log.entries.filter { $0.hasPrefix("presented.") } == [
            "presented.viewWillAppear(true)", "presented.viewWillDisappear(true)", "presented.viewDidDisappear(true)",
        ])
        #expect(fixture.root.presentedViewController == nil)
        #expect(fixture.window.animationEngine.animationCount == 0)
    }

    @Test(arguments: [Driver.viewAnimateSpring, .propertyAnimatorSpring])
    private func presentDuringTheDismissalTurnsBack(driver: Driver) {
        let (fixture, presented, delegate) = fixture(driver)
        defer { withExtendedLifetime(delegate) {} }
        fixture.root.present(presented, animated: true)
        fixture.runUntilIdle()
        fixture.log.entries = []
        var dismissCompleted = false, presentCompleted = false
        presented.dismiss(animated: true) { dismissCompleted = true }
        let s = samples(fixture, presented.view, before: 0.1) {
            fixture.root.present(presented, animated: true) { presentCompleted = true }
        }
        if driver == .propertyAnimatorSpring { expectSmooth(s, "\(driver)") }
        fixture.runUntilIdle()
        #expect(!dismissCompleted)
        #expect(presentCompleted)
        #expect(fixture.log.entries.filter { $0.hasPrefix("pc.") } == [
            "pc.dismissalTransitionWillBegin", "pc.dismissalTransitionDidEnd(false)",
            "pc.presentationTransitionWillBegin", "pc.presentationTransitionDidEnd(true)",
        ])
        #expect(fixture.root.presentedViewController === presented)
        #expect(presented.view.presentation.frame == Rect(x: 30, y: 30, width: 340, height: 240))
        #expect(presented.view.window === fixture.window)
        let dimming = try! #require(logged(presented)?.dimmingView)
        #expect(dimming.alpha == 0.4 && dimming.presentation.alpha == 0.4)
    }

    private func logged(_ controller: ViewController) -> LoggingPresentationController? {
        controller.presentationController as? LoggingPresentationController
    }

    @Test func theDimmingFadesBackOutWhenThePresentationTurnsAround() {
        let (fixture, presented, delegate) = fixture(.propertyAnimatorSpring)
        fixture.root.present(presented, animated: true)
        fixture.clock.run(for: 0.15)
        let dimming = try! #require(delegate.lastPresentationController?.dimmingView)
        let reached = dimming.presentation.alpha
        #expect(reached > 0)
        presented.dismiss(animated: true)
        fixture.clock.step()
        #expect(dimming.window != nil, "the chrome leaves with the dismissal, not at once")
        #expect(abs(dimming.presentation.alpha - reached) < 0.1)
        fixture.runUntilIdle()
        #expect(dimming.window == nil)
    }

    @Test func aDoubleClickOnPresentPresentsOnce() {
        let fixture = PresentationFixture()
        var presentations = 0
        fixture.window.presentationObserver = { event in if event.kind == .presentationWillBegin { presentations += 1 } }
        let sheet = ViewController()
        sheet.modalPresentationStyle = .formSheet
        fixture.root.button.addAction { _ in fixture.root.present(sheet, animated: true) }
        for time in [0.0, 0.15] {
            fixture.window.send(.pointerDown(Point(x: 40, y: 40), button: 1, time: time))
            fixture.window.send(.pointerUp(Point(x: 40, y: 40), button: 1, time: time + 0.05))
        }
        fixture.runUntilIdle()
        #expect(presentations == 1)
        #expect(fixture.window.presentedViewControllers.count == 1)
    }
}
