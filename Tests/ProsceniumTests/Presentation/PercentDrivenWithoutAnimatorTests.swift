import Testing
import Proscenium

/// UIKit's percent-driven transition scrubs an animator built on `View.animate` by pausing layer time;
/// Proscenium can only scrub an interruptible animator. Handed one without, it says so (once per
/// transition) instead of silently letting the transition run by itself.
@MainActor @Suite("Percent-driven transition without an interruptible animator")
struct PercentDrivenWithoutAnimatorTests {
    @Test func drivingAViewAnimateAnimatorWarnsOnceAndTheTransitionRunsByItself() {
        var warnings: [String] = []
        let previous = Warnings.handler
        Warnings.handler = { warnings.append($0) }
        defer { Warnings.handler = previous }

        let fixture = PresentationFixture()
        let delegate = LoggingDelegate(log: fixture.log)
        let interaction = PercentDrivenInteractiveTransition()
        delegate.presentationAnimator = ViewAnimateAnimator(isPresenting: true, log: fixture.log)
        delegate.presentationInteraction = interaction
        let presented = fixture.makePresented(delegate: delegate)
        let done = CompletionLog<Bool>()
        fixture.root.present(presented, animated: true) { done.record(true) }
        interaction.update(0.5)
        interaction.finish()

        #expect(warnings.count == 1, "\(warnings)")
        let warning = warnings.first ?? ""
        #expect(warning.contains("ViewAnimateAnimator") && warning.contains("interruptibleAnimator(using:)"), "\(warning)")
        fixture.runUntilIdle()
        #expect(done.calls == [true])
    }

    /// Taking over a transition that started by itself (`wantsInteractiveStart` false) warns the same way.
    @Test func takingOverAViewAnimateTransitionWarns() {
        var warnings: [String] = []
        let previous = Warnings.handler
        Warnings.handler = { warnings.append($0) }
        defer { Warnings.handler = previous }

        let fixture = PresentationFixture()
        let delegate = LoggingDelegate(log: fixture.log)
        let interaction = PercentDrivenInteractiveTransition()
        interaction.wantsInteractiveStart = false
        delegate.presentationAnimator = ViewAnimateAnimator(isPresenting: true, log: fixture.log)
        delegate.presentationInteraction = interaction
        let presented = fixture.makePresented(delegate: delegate)
        fixture.root.present(presented, animated: true)
        #expect(warnings.isEmpty, "running by itself is what was asked for")
        fixture.clock.run(for: 0.1)
        interaction.pause()
        interaction.update(0.2)
        #expect(warnings.count == 1, "\(warnings)")
        fixture.runUntilIdle()
        #expect(presented.view.frame == Rect(x: 30, y: 30, width: 340, height: 240))
    }
}
