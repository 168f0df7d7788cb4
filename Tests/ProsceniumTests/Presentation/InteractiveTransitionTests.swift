import Testing
import Proscenium

/// A percent-driven transition can be scrubbed, finished and cancelled, with the right callbacks.
@MainActor @Suite("Interactive transitions")
struct InteractiveTransitionTests {
    /// Presents without interaction, then starts an interactive dismissal.
    private func dismissInteractively() -> (PresentationFixture, LoggingViewController, PercentDrivenInteractiveTransition, CompletionLog<String>) {
        let fixture = PresentationFixture()
        let delegate = LoggingDelegate(log: fixture.log)
        let interaction = PercentDrivenInteractiveTransition()
        delegate.dismissalInteraction = interaction
        let presented = fixture.makePresented(delegate: delegate)
        fixture.root.present(presented, animated: false)
        fixture.frames(1)
        fixture.log.entries = []
        let done = CompletionLog<String>()
        presented.dismiss(animated: true) { done.record("dismissed") }
        return (fixture, presented, interaction, done)
    }

    @Test func updateScrubsTheTransition() {
        let (fixture, presented, interaction, _) = dismissInteractively()
        #expect(presented.transitionCoordinator?.isInteractive == true)
        let start = presented.view.presentation.frame.minY
        interaction.update(0.5)
        fixture.clock.step()
        let half = presented.view.presentation.frame.minY
        #expect(half > start, "the default dismissal slides down")
        fixture.clock.run(for: 1)
        #expect(presented.view.presentation.frame.minY == half, "nothing moves while the finger rests")
        #expect(presented.isBeingDismissed)
        interaction.update(0.25)
        fixture.clock.step()
        #expect(presented.view.presentation.frame.minY < half)
    }

    @Test func finishCompletesTheDismissal() {
        let (fixture, presented, interaction, done) = dismissInteractively()
        interaction.update(0.6)
        fixture.clock.step()
        interaction.finish()
        #expect(presented.transitionCoordinator?.isInteractive == false)
        fixture.runUntilIdle()
        #expect(done.calls == ["dismissed"])
        #expect(fixture.log.entries == [
            "presented.viewWillDisappear(true)", "pc.dismissalTransitionWillBegin",
            "pc.dismissalTransitionDidEnd(true)", "presented.viewDidDisappear(true)",
        ])
        #expect(presented.view.window == nil)
    }

    @Test func cancelGoesBackAndKeepsThePresentation() {
        let (fixture, presented, interaction, done) = dismissInteractively()
        let start = presented.view.presentation.frame
        interaction.update(0.3)
        fixture.clock.step()
        var cancelledSeen = false
        presented.transitionCoordinator?.notifyWhenInteractionChanges { context in cancelledSeen = context.isCancelled }
        interaction.cancel()
        #expect(cancelledSeen)
        fixture.runUntilIdle()
        #expect(done.calls.isEmpty)
        #expect(fixture.log.entries == [
            "presented.viewWillDisappear(true)", "pc.dismissalTransitionWillBegin",
            "pc.dismissalTransitionDidEnd(false)", "presented.viewWillAppear(true)", "presented.viewDidAppear(true)",
        ])
        #expect(presented.view.presentation.frame == start)
        #expect(presented.view.frame == start)
        #expect(fixture.root.presentedViewController === presented)
        #expect(!presented.isBeingDismissed)
    }

    @Test func finishWithAVelocityStartsWithThatVelocity() {
        let (fixture, presented, interaction, done) = dismissInteractively()
        interaction.update(0.5)
        fixture.clock.step()
        let travel = fixture.window.bounds.height - 30 // from the frame's top (30) to the bottom edge
        let y0 = presented.view.presentation.frame.minY
        interaction.finish(velocity: 3) // three whole transitions per second
        // A tenth of a millisecond: short enough that the spring's deceleration does not show.
        fixture.clock.advance(by: 0.0001)
        fixture.window.setNeedsFrame()
        fixture.clock.runFrameIfNeeded()
        let speed = (presented.view.presentation.frame.minY - y0) / 0.0001
        #expect(abs(speed - 3 * travel) < 0.05 * 3 * travel, "starts at \(3 * travel) pt/s, measured \(speed)")
        fixture.runUntilIdle()
        #expect(done.calls == ["dismissed"])
    }

    @Test func interactivePresentationCanBeCancelled() {
        let fixture = PresentationFixture()
        let delegate = LoggingDelegate(log: fixture.log)
        let interaction = PercentDrivenInteractiveTransition()
        delegate.presentationInteraction = interaction
        let presented = fixture.makePresented(delegate: delegate)
        var completed = false
        fixture.root.present(presented, animated: true) { completed = true }
        interaction.update(0.4)
        fixture.clock.step()
        interaction.cancel()
        fixture.runUntilIdle()
        #expect(!completed)
        #expect(fixture.log.entries == [
            "presented.viewWillAppear(true)", "pc.presentationTransitionWillBegin",
            "pc.presentationTransitionDidEnd(false)", "presented.viewWillDisappear(true)", "presented.viewDidDisappear(true)",
        ])
        #expect(fixture.window.presentedViewControllers.isEmpty)
    }
}
