@testable import Proscenium
import Testing

/// A presented view that an animator scales (the gallery's cool card grows from 0.001) is placed by the
/// presentation by its centre and bounds, so a resize or a turn-around in the middle of the transition
/// does not fold the in-flight scale into its bounds: soak seed 53 left the card 300,000 points wide.
@MainActor @Suite("Relayout under an animator's scale")
struct ScaledTransitionRelayoutTests {
    /// Grows the presented view from 0.001 to its size, and shrinks it back to 0.001 when dismissed.
    @MainActor private final class GrowingAnimator: AnimatedTransitioning {
        func transitionDuration(using context: TransitionContext) -> Double { 0.6 }
        func animateTransition(using context: TransitionContext) {
            let presenting = context.isPresenting
            let controller = context.viewController(forKey: presenting ? .to : .from)!
            let view = controller.view
            let tiny = AffineTransform(scaleX: 0.001, y: 0.001)
            if presenting {
                view.frame = context.finalFrame(for: controller)
                view.transform = tiny
                context.containerView.addSubview(view)
            }
            View.animate(withDuration: 0.6, delay: 0, options: [.allowUserInteraction, .beginFromCurrentState],
                         animations: { view.transform = presenting ? .identity : tiny },
                         completion: { _ in
                             let completed = !context.transitionWasCancelled
                             if !presenting, completed { view.removeFromSuperview() }
                             context.completeTransition(completed)
                         })
        }
    }

    private func presentGrowing(_ fixture: PresentationFixture) -> ViewController {
        let delegate = LoggingDelegate(log: fixture.log)
        delegate.presentationAnimator = GrowingAnimator()
        delegate.dismissalAnimator = GrowingAnimator()
        let presented = fixture.makePresented(delegate: delegate)
        fixture.root.present(presented, animated: true)
        return presented
    }

    @Test func aResizeWhileTheViewIsStillTinyKeepsItsSize() throws {
        let fixture = PresentationFixture()
        let presented = presentGrowing(fixture)
        fixture.frames(3)
        fixture.window.resize(to: Size(width: 500, height: 400))
        fixture.frames(1)
        let controller = try #require(presented.presentationController)
        let target = controller.frameOfPresentedViewInContainerView
        #expect(presented.view.bounds.size == target.size, "the scale in flight stays out of the bounds")
        fixture.runUntilIdle()
        #expect(presented.view.transform.isIdentity)
        #expect(presented.view.frame == target)
    }

    @Test func presentedAgainWhileShrinkingItComesBackAtItsSize() throws {
        let fixture = PresentationFixture()
        let presented = presentGrowing(fixture)
        fixture.runUntilIdle()
        presented.dismiss(animated: true)
        fixture.frames(20)
        fixture.window.resize(to: Size(width: 500, height: 400))
        fixture.frames(1)
        fixture.root.present(presented, animated: true)
        fixture.frames(1)
        let controller = try #require(presented.presentationController)
        let target = controller.frameOfPresentedViewInContainerView
        #expect(presented.view.bounds.size == target.size, "the scale in flight stays out of the bounds")
        fixture.runUntilIdle()
        #expect(presented.presentingViewController === fixture.root)
        #expect(presented.view.transform.isIdentity)
        #expect(presented.view.frame == target)
    }
}
