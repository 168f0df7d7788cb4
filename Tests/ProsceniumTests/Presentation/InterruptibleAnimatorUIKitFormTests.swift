import Testing
import Proscenium

/// An animator ported from UIKit vends its interruptible animator in UIKit's form (returning the animator
/// itself, not an optional one) and starts it from `animateTransition`; that animator is the one a
/// percent-driven transition scrubs.
@MainActor @Suite("Interruptible animator in UIKit's form")
struct InterruptibleAnimatorUIKitFormTests {
    /// Slides the presented view down from above the container in a property animator, UIKit style.
    @MainActor final class PortedSlideAnimator: AnimatedTransitioning {
        private var running: PropertyAnimator?

        func transitionDuration(using transitionContext: TransitionContext) -> Double { 0.4 }

        func interruptibleAnimator(using transitionContext: TransitionContext) -> ViewImplicitlyAnimating {
            if let running { return running }
            let presented = transitionContext.viewController(forKey: .to)!
            let view = transitionContext.view(forKey: .to)!
            let final = transitionContext.finalFrame(for: presented)
            view.frame = final.offsetBy(dx: 0, dy: -final.maxY)
            transitionContext.containerView.addSubview(view)
            let animator = PropertyAnimator(duration: transitionDuration(using: transitionContext), curve: .linear) {
                view.frame = final
            }
            animator.addCompletion { position in transitionContext.completeTransition(position == .end) }
            running = animator
            return animator
        }

        func animateTransition(using transitionContext: TransitionContext) {
            let animator = interruptibleAnimator(using: transitionContext)
            animator.startAnimation()
        }

        func animationEnded(_ transitionCompleted: Bool) { running = nil }
    }

    @Test func aPercentDrivenPresentationScrubsThePortedAnimator() {
        let fixture = PresentationFixture()
        let delegate = LoggingDelegate(log: fixture.log)
        let interaction = PercentDrivenInteractiveTransition()
        delegate.presentationAnimator = PortedSlideAnimator()
        delegate.presentationInteraction = interaction
        let presented = fixture.makePresented(delegate: delegate)
        let done = CompletionLog<Bool>()
        fixture.root.present(presented, animated: true) { done.record(true) }

        interaction.update(0.5)
        fixture.frames(3)
        let final = Rect(x: 30, y: 30, width: 340, height: 240)
        #expect(abs(presented.view.presentation.frame.minY - (final.minY - final.maxY / 2)) < 1e-6,
                "held half-way: \(presented.view.presentation.frame)")
        #expect(done.calls.isEmpty)

        interaction.finish()
        fixture.runUntilIdle()
        #expect(done.calls == [true])
        #expect(presented.view.frame == final)
    }
}
