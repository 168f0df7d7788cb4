import Proscenium
import Testing

/// A controller presented again from the completion of its own dismissal, by an animator that shrinks it
/// to almost nothing on the way out (the gallery's cool card): the new presentation finds the view as it
/// was, and it ends at its frame, not with the shrink folded into its bounds.
@MainActor @Suite struct PresentAgainFromDismissalCompletionTests {
    /// Grows the view from 0.001 and shrinks it back, as the cool card does.
    final class GrowAnimator: PropertyTransitionAnimator {
        init(isPresenting: Bool) {
            super.init(isPresenting: isPresenting, duration: 0.3, timingParameters: CubicTimingParameters(animationCurve: .easeOut))
        }
        override func prepare(_ view: View, in context: TransitionContext) {
            if isPresenting { view.transform = AffineTransform(scaleX: 0.001, y: 0.001) }
        }
        override func animate(_ view: View, in context: TransitionContext) {
            view.transform = isPresenting ? .identity : AffineTransform(scaleX: 0.001, y: 0.001)
        }
    }

    @Test func theViewEndsAtItsFrameUnscaled() throws {
        let fixture = PresentationFixture()
        let delegate = LoggingDelegate(log: fixture.log)
        delegate.presentationAnimator = GrowAnimator(isPresenting: true)
        delegate.dismissalAnimator = GrowAnimator(isPresenting: false)
        let presented = fixture.makePresented(delegate: delegate)
        fixture.root.present(presented, animated: true)
        fixture.runUntilIdle()
        let target = Rect(x: 30, y: 30, width: 340, height: 240)
        #expect(presented.view.frame == target)

        presented.dismiss(animated: true) { [unowned presented, root = fixture.root] in
            delegate.presentationAnimator = GrowAnimator(isPresenting: true)
            root.present(presented, animated: true)
        }
        fixture.runUntilIdle()
        #expect(fixture.root.presentedViewController === presented)
        #expect(presented.view.transform == .identity)
        #expect(presented.view.bounds.size == target.size, "not 1000 times the size, as with the shrink folded in")
        #expect(presented.view.frame == target)
    }
}
