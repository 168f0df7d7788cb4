import Testing
import Proscenium

/// Alongside animations run on the transition's own timeline: same start, same end, same timing, also
/// when they join after the transition began.
@MainActor @Suite("Alongside animations")
struct AlongsideAnimationTests {
    /// Presents with a linear 0.5 s `View.animate` animator; returns the fixture, the presented controller
    /// and a marker view in the root whose alpha tests animate alongside.
    private func present(timing: TimingCurveProvider = CubicTimingParameters(animationCurve: .linear),
                         alongside: Bool = true) -> (PresentationFixture, LoggingViewController, View, CompletionLog<Bool>) {
        let fixture = PresentationFixture()
        let delegate = LoggingDelegate(log: fixture.log)
        let animator = ViewAnimateAnimator(isPresenting: true, log: fixture.log)
        animator.timing = timing
        delegate.presentationAnimator = animator
        let marker = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        marker.alpha = 0
        fixture.root.view.addSubview(marker)
        let presented = fixture.makePresented(delegate: delegate)
        let ended = CompletionLog<Bool>()
        fixture.root.present(presented, animated: true)
        if alongside {
            presented.transitionCoordinator?.animate(alongsideTransition: { _ in marker.alpha = 1 }) { context in
                ended.record(context.isCancelled)
            }
        }
        return (fixture, presented, marker, ended)
    }

    @Test func alongsideAnimationFollowsTheTransitionsTiming() {
        let (fixture, presented, marker, ended) = present()
        let startY = presented.view.presentation.frame.minY
        let finalY = 30.0
        for _ in 0..<20 {
            fixture.clock.step()
            let cardProgress = (presented.view.presentation.frame.minY - startY) / (finalY - startY)
            #expect(abs(marker.presentation.alpha - cardProgress) < 1e-6, "alpha and card move together")
        }
        fixture.runUntilIdle()
        #expect(marker.presentation.alpha == 1)
        #expect(ended.calls == [false])
    }

    @Test func alongsideAnimationUsesASpringTransitionsTiming() {
        let (fixture, presented, marker, _) = present(timing: SpringTimingParameters(dampingRatio: 1))
        let startY = presented.view.presentation.frame.minY
        for _ in 0..<10 {
            fixture.clock.step()
            let cardProgress = (presented.view.presentation.frame.minY - startY) / (30 - startY)
            #expect(abs(marker.presentation.alpha - min(cardProgress, 1)) < 1e-6)
        }
    }

    @Test func alongsideAnimationEndsTogetherWithTheTransition() {
        let (fixture, presented, marker, ended) = present()
        var transitionEnded = false
        presented.transitionCoordinator?.animate(alongsideTransition: nil) { _ in transitionEnded = true }
        while !transitionEnded {
            #expect(marker.presentation.alpha < 1 || transitionEnded)
            fixture.clock.step()
        }
        #expect(marker.presentation.alpha == 1)
        #expect(!marker.hasRunningAnimations)
        #expect(ended.calls == [false])
    }

    @Test func alongsideAnimationAddedLateRunsOverTheRestAndEndsWithTheTransition() {
        let (fixture, presented, marker, _) = present(alongside: false)
        fixture.clock.run(for: 0.2)
        let late = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        fixture.root.view.addSubview(late)
        presented.transitionCoordinator?.animate(alongsideTransition: { _ in late.center = Point(x: 105, y: 5) })
        fixture.clock.step()
        let early = late.presentation.center.x
        #expect(early > 5 && early < 105, "it moves, from where it was")
        var previous = early
        var frames = 0
        while presented.isBeingPresented {
            fixture.clock.step()
            #expect(late.presentation.center.x >= previous)
            previous = late.presentation.center.x
            frames += 1
        }
        #expect(late.presentation.center.x == 105, "it arrived when the transition ended")
        #expect(frames < 20, "it did not outlast the transition")
        _ = marker
    }

    @Test func alongsideAfterTheTransitionEndedRunsNothing() {
        let (fixture, presented, _, _) = present(alongside: false)
        let coordinator = try! #require(presented.transitionCoordinator)
        fixture.runUntilIdle()
        var ran = false
        let accepted = coordinator.animate(alongsideTransition: { _ in ran = true })
        #expect(!accepted)
        #expect(!ran)
    }

    @Test func alongsideAnimationJoinsAnInterruptibleAnimatorAndScrubsWithIt() {
        let fixture = PresentationFixture()
        let delegate = LoggingDelegate(log: fixture.log)
        let interaction = PercentDrivenInteractiveTransition()
        delegate.presentationInteraction = interaction
        let presented = fixture.makePresented(delegate: delegate)
        fixture.root.present(presented, animated: true)
        let dimming = try! #require(delegate.lastPresentationController?.dimmingView)
        interaction.update(0.5)
        fixture.clock.step()
        #expect(abs(dimming.presentation.alpha - 0.2) < 1e-6, "half of the 0.4 dimming at half-way")
        interaction.update(0.25)
        fixture.clock.step()
        #expect(abs(dimming.presentation.alpha - 0.1) < 1e-6)
    }
}
