import Testing
import Proscenium

/// A dismissal during the presentation (or a presentation during the dismissal) does not queue: it turns
/// the motion around from where the view is, with the speed it has, and the callbacks stay paired.
@MainActor @Suite("Interruptible transitions")
struct InterruptibleTransitionTests {
    /// How the transition is animated: `View.animate` with spring timing parameters; `View.animate` with
    /// UIKit's `usingSpringWithDamping` as the seeds write their animators (not interruptible: the core
    /// turns it around itself); a `PropertyTransitionAnimator` (interruptible).
    private enum Driver { case viewAnimateSpring, seedStyleViewAnimate, propertyAnimatorSpring }
    private nonisolated static let allDrivers: [Driver] = [.viewAnimateSpring, .seedStyleViewAnimate, .propertyAnimatorSpring]

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
        case .seedStyleViewAnimate:
            delegate.presentationAnimator = SeedStyleSpringAnimator(isPresenting: true)
            delegate.dismissalAnimator = SeedStyleSpringAnimator(isPresenting: false)
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

    @Test(arguments: allDrivers)
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

    @Test(arguments: allDrivers)
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
        expectSmooth(s, "\(driver)")
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

    /// The dimming's alpha on screen 0.1 ms before, at, and 0.1 ms after the interruption.
    private func dimmingSamples(_ fixture: PresentationFixture, _ dimming: View, before: Double,
                                interrupt: () -> Void) -> (earlier: Double, at: Double, later: Double) {
        let step = 0.0001
        fixture.clock.run(for: before)
        fixture.clock.advance(by: step)
        let earlier = dimming.presentation.alpha
        fixture.window.setNeedsFrame()
        fixture.clock.advance(by: step)
        let at = dimming.presentation.alpha
        interrupt()
        fixture.window.setNeedsFrame()
        fixture.clock.advance(by: step)
        return (earlier, at, dimming.presentation.alpha)
    }

    /// The dimming neither jumps to either end nor stops when the transition turns around: over 0.1 ms it
    /// changes by a hair, and then it heads the other way.
    @Test(arguments: allDrivers)
    private func theDimmingTurnsAroundFromWhereItIs(driver: Driver) throws {
        do { // dismissed while it comes in
            let (fixture, presented, delegate) = fixture(driver)
            defer { withExtendedLifetime(delegate) {} }
            fixture.root.present(presented, animated: true)
            fixture.clock.step()
            let dimming = try #require(delegate.lastPresentationController?.dimmingView)
            let s = dimmingSamples(fixture, dimming, before: 0.1) { presented.dismiss(animated: true) }
            #expect(s.at > 0.02 && s.at < 0.38, "\(driver): half-way in, \(s.at)")
            #expect(abs(s.later - s.at) < 0.01, "\(driver), dismissed while presenting: \(s.at) then \(s.later) 0.1 ms later")
            fixture.clock.run(for: 0.05)
            #expect(dimming.presentation.alpha < s.at, "\(driver): and fading out from there: \(dimming.presentation.alpha)")
            fixture.runUntilIdle()
            #expect(fixture.root.presentedViewController == nil)
        }
        do { // presented again while it leaves
            let (fixture, presented, delegate) = fixture(driver)
            defer { withExtendedLifetime(delegate) {} }
            fixture.root.present(presented, animated: true)
            fixture.runUntilIdle()
            let dimming = try #require(delegate.lastPresentationController?.dimmingView)
            presented.dismiss(animated: true)
            let s = dimmingSamples(fixture, dimming, before: 0.1) { fixture.root.present(presented, animated: true) }
            #expect(s.at > 0.02 && s.at < 0.38, "\(driver): half-way out, \(s.at)")
            #expect(abs(s.later - s.at) < 0.01, "\(driver), presented while dismissing: \(s.at) then \(s.later) 0.1 ms later")
            fixture.clock.run(for: 0.05)
            #expect(dimming.presentation.alpha > s.at, "\(driver): and fading in from there: \(dimming.presentation.alpha)")
            fixture.runUntilIdle()
            #expect(dimming.presentation.alpha == 0.4)
        }
    }

    /// Present, dismiss at 0.1 s, present again 0.05 s later, while the view still moves fast: both turns
    /// are smooth, and at no frame after does the view jump (off-screen, to slide in again).
    @Test(arguments: allDrivers)
    private func presentDismissPresentQuicklyNeverJumps(driver: Driver) {
        let (fixture, presented, delegate) = fixture(driver)
        defer { withExtendedLifetime(delegate) {} }
        fixture.root.present(presented, animated: true)
        let first = samples(fixture, presented.view, before: 0.1) { presented.dismiss(animated: true) }
        expectSmooth(first, "\(driver), dismissed while presenting")
        let second = samples(fixture, presented.view, before: 0.05) { fixture.root.present(presented, animated: true) }
        expectSmooth(second, "\(driver), presented again while dismissing")
        let largestStep = largestFrameStep(fixture, presented.view)
        // Compared with the largest step of a presentation left alone: a jump off-screen is ten times that.
        let (plainFixture, plainPresented, plainDelegate) = self.fixture(driver)
        defer { withExtendedLifetime(plainDelegate) {} }
        plainFixture.root.present(plainPresented, animated: true)
        plainFixture.clock.step()
        let plainStep = largestFrameStep(plainFixture, plainPresented.view)
        #expect(largestStep < 1.5 * plainStep + 1, "\(driver): a frame moved the view \(largestStep) points, \(plainStep) at most uninterrupted")
        fixture.runUntilIdle()
        #expect(fixture.root.presentedViewController === presented)
        #expect(presented.view.presentation.frame == Rect(x: 30, y: 30, width: 340, height: 240))
    }

    /// The largest move of `view`'s top edge from one frame to the next over the next second.
    private func largestFrameStep(_ fixture: PresentationFixture, _ view: View) -> Double {
        var previous = view.presentation.frame.minY, largest = 0.0
        for _ in 0..<60 {
            fixture.window.setNeedsFrame()
            fixture.clock.step()
            let top = view.presentation.frame.minY
            largest = max(largest, abs(top - previous))
            previous = top
        }
        return largest
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

/// An animator written the way the seeds and UIKit code write them: `animateTransition` puts the view in
/// place, calls `View.animate(withDuration:delay:usingSpringWithDamping:…)` and completes the transition
/// in the completion. It vends no interruptible animator. Slides from above the container and back.
@MainActor private final class SeedStyleSpringAnimator: AnimatedTransitioning {
    let isPresenting: Bool

    init(isPresenting: Bool) { self.isPresenting = isPresenting }

    func transitionDuration(using context: TransitionContext) -> Double { 0.5 }

    func animateTransition(using context: TransitionContext) {
        let key: TransitionKey = isPresenting ? .to : .from
        guard let controller = context.viewController(forKey: key), let view = context.view(forKey: key) else {
            context.completeTransition(false)
            return
        }
        let final = context.finalFrame(for: controller)
        let shown = isPresenting ? final : view.frame
        let hidden = shown.offsetBy(dx: 0, dy: -shown.maxY)
        if isPresenting {
            view.frame = hidden
            context.containerView.addSubview(view)
        }
        let isPresenting = isPresenting
        View.animate(withDuration: transitionDuration(using: context), delay: 0, usingSpringWithDamping: 0.8,
                     initialSpringVelocity: 0, options: [], animations: {
            view.frame = isPresenting ? shown : hidden
        }, completion: { _ in
            context.completeTransition(!context.transitionWasCancelled)
        })
    }
}
