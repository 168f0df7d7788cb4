@testable import Proscenium
import Testing

/// A percent-driven interaction controller that lets the transition start by itself can take it over,
/// as in UIKit, and each use starts from nothing.
@MainActor @Suite("Percent-driven takeover")
struct InteractionTakeoverTests {
    @Test func pauseTakesOverATransitionThatStartedByItself() {
        let fixture = PresentationFixture()
        let delegate = LoggingDelegate(log: fixture.log)
        delegate.presentationAnimator = SlideTransitionAnimator(isPresenting: true, edge: .bottom, duration: 0.5,
                                                                timingParameters: CubicTimingParameters(animationCurve: .linear))
        let interaction = PercentDrivenInteractiveTransition()
        interaction.wantsInteractiveStart = false
        delegate.presentationInteraction = interaction
        let presented = fixture.makePresented(delegate: delegate)
        fixture.root.present(presented, animated: true)
        fixture.frames(12)
        let coordinator = try! #require(presented.transitionCoordinator)
        #expect(!coordinator.isInteractive)
        interaction.pause()
        #expect(coordinator.isInteractive)
        let y = presented.view.presentation.frame.minY
        fixture.frames(10)
        #expect(abs(presented.view.presentation.frame.minY - y) < 0.5, "paused where it was")
        interaction.update(0.9)
        fixture.frames(1)
        let nearEnd = presented.view.presentation.frame.minY
        #expect(nearEnd < y, "scrubbed forward")
        interaction.finish()
        fixture.runUntilIdle()
        #expect(presented.view.frame.minY == 30)
        #expect(fixture.log.entries.contains("pc.presentationTransitionDidEnd(true)"))
    }

    @Test func updateAloneTakesOverToo() {
        let fixture = PresentationFixture()
        let delegate = LoggingDelegate(log: fixture.log)
        let interaction = PercentDrivenInteractiveTransition()
        interaction.wantsInteractiveStart = false
        delegate.presentationInteraction = interaction
        let presented = fixture.makePresented(delegate: delegate)
        fixture.root.present(presented, animated: true)
        fixture.frames(5)
        interaction.update(0.5)
        #expect(presented.transitionCoordinator?.isInteractive == true)
        #expect(interaction.percentComplete == 0.5)
        interaction.cancel()
        fixture.runUntilIdle()
        #expect(fixture.window.presentations.isEmpty)
    }

    @Test func percentCompleteStartsFromNothingOnEachUse() {
        let fixture = PresentationFixture()
        let delegate = LoggingDelegate(log: fixture.log)
        let interaction = PercentDrivenInteractiveTransition()
        delegate.dismissalInteraction = interaction
        let presented = fixture.makePresented(delegate: delegate)
        fixture.root.present(presented, animated: true)
        fixture.runUntilIdle()
        presented.dismiss(animated: true)
        interaction.update(0.7)
        interaction.cancel()
        fixture.runUntilIdle()
        #expect(presented.view.window === fixture.window)
        presented.dismiss(animated: true)
        #expect(interaction.percentComplete == 0)
        fixture.frames(2)
        #expect(presented.view.presentation.frame.minY == 30, "the second dismissal starts at its beginning")
        interaction.finish()
        fixture.runUntilIdle()
        #expect(fixture.window.presentations.isEmpty)
    }
}
