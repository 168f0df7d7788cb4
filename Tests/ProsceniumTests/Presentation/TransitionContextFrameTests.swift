import Testing
import Proscenium

/// What the transition context answers for frames, as UIKit's does for a custom presentation: the
/// presented controller's final frame while presenting, and while dismissing the frame its view has
/// when the dismissal starts, for both the initial and the final frame (UIKit leaves the view where it
/// is; the animator decides where it goes).
@MainActor @Suite("Transition context frames")
struct TransitionContextFrameTests {
    /// Records what the context answers when the animator starts, then ends the transition at once.
    @MainActor private final class FrameProbeAnimator: AnimatedTransitioning {
        var answers: (initial: Rect, final: Rect, presentingFinal: Rect)?
        func transitionDuration(using context: TransitionContext) -> Double { 0.3 }
        func animateTransition(using context: TransitionContext) {
            let presented = context.viewController(forKey: context.isPresenting ? .to : .from)!
            let presenting = context.viewController(forKey: context.isPresenting ? .from : .to)!
            answers = (context.initialFrame(for: presented), context.finalFrame(for: presented),
                       context.finalFrame(for: presenting))
            if context.isPresenting {
                let view = context.view(forKey: .to)!
                view.frame = context.finalFrame(for: presented)
                context.containerView.addSubview(view)
            }
            context.completeTransition(true)
        }
    }

    @Test func aDismissalStartsAndEndsAtThePresentedViewsFrame() {
        let fixture = PresentationFixture()
        let delegate = LoggingDelegate(log: fixture.log)
        let presenting = FrameProbeAnimator(), dismissing = FrameProbeAnimator()
        delegate.presentationAnimator = presenting
        delegate.dismissalAnimator = dismissing
        let presented = fixture.makePresented(delegate: delegate)
        fixture.root.present(presented, animated: true)
        fixture.runUntilIdle()
        let inset = Rect(x: 30, y: 30, width: 340, height: 240)
        #expect(presenting.answers?.initial == .zero)
        #expect(presenting.answers?.final == inset)

        presented.view.center = Point(x: 210, y: 160)  // moved by the app: the dismissal starts from here
        presented.dismiss(animated: true)
        fixture.runUntilIdle()
        let moved = inset.offsetBy(dx: 10, dy: 10)
        #expect(dismissing.answers?.initial == moved)
        #expect(dismissing.answers?.final == moved)
        #expect(dismissing.answers?.presentingFinal == Rect(x: 0, y: 0, width: 400, height: 300))
    }

    /// Records the style each transition's context reports, then ends the transition at once.
    @MainActor private final class StyleProbeAnimator: AnimatedTransitioning {
        var styles: [ModalPresentationStyle] = []
        func transitionDuration(using context: TransitionContext) -> Double { 0.3 }
        func animateTransition(using context: TransitionContext) {
            styles.append(context.presentationStyle)
            if context.isPresenting, let view = context.view(forKey: .to) {
                view.frame = context.finalFrame(for: context.viewController(forKey: .to)!)
                context.containerView.addSubview(view)
            }
            context.completeTransition(true)
        }
    }

    /// Gives the animator for both transitions and adapts every presentation to a bottom sheet.
    @MainActor private final class SheetEverywhere: TransitioningDelegate, AdaptivePresentationControllerDelegate {
        let animator = StyleProbeAnimator()
        func animationController(forPresented presented: ViewController, presenting: ViewController,
                                 source: ViewController) -> AnimatedTransitioning? { animator }
        func animationController(forDismissed dismissed: ViewController) -> AnimatedTransitioning? { animator }
        func adaptivePresentationStyle(for controller: PresentationController, traitCollection traits: TraitCollection,
                                       containerSize size: Size) -> ModalPresentationStyle? { .bottomSheet }
    }

    @Test("a presentation adapted to another style reports that style to its presentation's and its dismissal's animator alike")
    func anAdaptedPresentationReportsOneStyle() {
        let fixture = PresentationFixture()
        let delegate = SheetEverywhere()
        let presented = ViewController()
        presented.modalPresentationStyle = .popover
        presented.transitioningDelegate = delegate
        presented.popoverPresentationController?.sourceView = fixture.root.view
        presented.presentationController?.delegate = delegate
        fixture.root.present(presented, animated: true)
        fixture.runUntilIdle()
        presented.dismiss(animated: true)
        fixture.runUntilIdle()
        #expect(delegate.animator.styles == [.bottomSheet, .bottomSheet])
    }
}
