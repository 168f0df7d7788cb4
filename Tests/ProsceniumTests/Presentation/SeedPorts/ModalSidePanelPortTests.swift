import Testing
@testable import Proscenium

// The modal side panel sample (seed 001) ported with the renames the compiler demands: a presentation
// controller that is its own transitioning delegate and animator, shrinks the presenting view to 0.85
// beside the panel (scale first, then a frame moved right), and puts it back on dismissal. Two changes
// beyond renames: its direction flag is `presentingForward`, because `PresentationController` already
// has an `isPresenting`; and its tap recognizer has no delegate to ask (Proscenium's recognizers have
// none), so `handleTap` alone keeps taps on the panel from dismissing.

@MainActor private final class ModalSidePanelPresentationController: PresentationController {
    var backgroundView: View!
    var presentingViewSuperview: View!
    var presentingForward = false
    var widthVisibleOfPresentingView = 60.0
    var paddingWidth = 40.0
    var presentationScalePercent = 0.85

    override init(presentedViewController: ViewController, presenting presentingViewController: ViewController?) {
        super.init(presentedViewController: presentedViewController, presenting: presentingViewController)
        presentedViewController.modalPresentationStyle = .custom
    }

    override func containerViewDidLayoutSubviews() {
        super.containerViewDidLayoutSubviews()
        if presentingForward {
            let view = presentingViewController!.view
            view.transform = AffineTransform(scaleX: presentationScalePercent, y: presentationScalePercent)
            var frame = view.frame
            frame.origin.x = containerView!.frame.maxX - widthVisibleOfPresentingView
            view.frame = frame
        }
    }

    override var frameOfPresentedViewInContainerView: Rect {
        let bounds = containerView!.bounds
        return Rect(x: 0, y: bounds.size.height * (1.0 - presentationScalePercent) / 2.0,
                    width: bounds.size.width - widthVisibleOfPresentingView - paddingWidth,
                    height: bounds.size.height * presentationScalePercent)
    }

    override func presentationTransitionWillBegin() {
        super.presentationTransitionWillBegin()
        presentingForward = true
    }

    override func dismissalTransitionWillBegin() {
        super.dismissalTransitionWillBegin()
        presentingForward = false
    }

    override func dismissalTransitionDidEnd(_ completed: Bool) {
        super.dismissalTransitionDidEnd(completed)
        presentingViewSuperview = nil
    }

    func handleTap(_ gesture: GestureRecognizer) {
        if gesture.state == .recognized {
            let location = gesture.location(in: presentedViewController.view)
            if !presentedViewController.view.point(inside: location, with: nil) {
                presentingViewController!.dismiss(animated: true, completion: nil)
            }
        }
    }
}

extension ModalSidePanelPresentationController: TransitioningDelegate {
    func animationController(forPresented presented: ViewController, presenting: ViewController,
                             source: ViewController) -> AnimatedTransitioning? { self }
    func animationController(forDismissed dismissed: ViewController) -> AnimatedTransitioning? { self }
    func presentationController(forPresented presented: ViewController, presenting: ViewController?,
                                source: ViewController) -> PresentationController? { self }
}

extension ModalSidePanelPresentationController: AnimatedTransitioning {
    func transitionDuration(using transitionContext: TransitionContext) -> Double { 0.50 }

    func animateTransition(using transitionContext: TransitionContext) {
        if presentingForward {
            animatePresentingTransition(transitionContext)
        } else {
            animateDismissingTransition(transitionContext)
        }
    }

    private func animatePresentingTransition(_ transitionContext: TransitionContext) {
        let fromViewController = presentingViewController!
        let toViewController = presentedViewController
        let containerView = transitionContext.containerView
        let toView = toViewController.view
        let fromView = fromViewController.view
        var toViewInitialFrame = transitionContext.initialFrame(for: toViewController)
        let toViewFinalFrame = transitionContext.finalFrame(for: toViewController)
        let transitionDuration = self.transitionDuration(using: transitionContext)

        let tap = TapGestureRecognizer { [unowned self] gesture in handleTap(gesture) }
        containerView.addGestureRecognizer(tap)

        toView.backgroundColor = .clear
        backgroundView = View(frame: containerView.bounds)
        backgroundView.backgroundColor = .black
        containerView.addSubview(backgroundView)

        presentingViewSuperview = fromView.superview
        fromView.cornerRadius = 5.0
        fromView.clipsToBounds = true
        containerView.addSubview(fromView)
        containerView.addSubview(toView)

        toViewInitialFrame.size = toViewFinalFrame.size
        toViewInitialFrame.origin = Point(x: -toViewFinalFrame.size.width - paddingWidth,
                                          y: (containerView.bounds.size.height - toViewFinalFrame.size.height) / 2.0)
        toView.frame = toViewInitialFrame
        toView.transform = AffineTransform(scaleX: presentationScalePercent, y: presentationScalePercent)
        toView.alpha = 0
        presentingViewController!.view.isUserInteractionEnabled = false

        View.animate(withDuration: transitionDuration, delay: 0, usingSpringWithDamping: 1.0, initialSpringVelocity: 0.3,
                     options: [], animations: {
            toView.transform = .identity
            toView.frame = toViewFinalFrame
            toView.alpha = 1
            fromView.transform = AffineTransform(scaleX: self.presentationScalePercent, y: self.presentationScalePercent)
            var frame = fromView.frame
            frame.origin.x = containerView.frame.maxX - self.widthVisibleOfPresentingView
            fromView.frame = frame
        }) { _ in
            let wasCancelled = transitionContext.transitionWasCancelled
            transitionContext.completeTransition(!wasCancelled)
        }
    }

    private func animateDismissingTransition(_ transitionContext: TransitionContext) {
        let fromViewController = presentedViewController
        let toViewController = presentingViewController!
        let toView = presentingViewController!.view
        let fromView = presentedViewController.view
        var fromViewFinalFrame = transitionContext.finalFrame(for: fromViewController)
        let toViewFinalFrame = transitionContext.finalFrame(for: toViewController)
        let transitionDuration = self.transitionDuration(using: transitionContext)

        fromViewFinalFrame = fromView.frame
        fromViewFinalFrame.origin.x = -fromViewFinalFrame.size.width - paddingWidth

        View.animate(withDuration: transitionDuration, delay: 0, usingSpringWithDamping: 1.0, initialSpringVelocity: 0.3,
                     options: [], animations: {
            fromView.frame = fromViewFinalFrame
            fromView.transform = AffineTransform(scaleX: self.presentationScalePercent, y: self.presentationScalePercent)
            toView.transform = .identity
            toView.frame = toViewFinalFrame
            fromView.alpha = 0
        }) { _ in
            let wasCancelled = transitionContext.transitionWasCancelled
            if !wasCancelled {
                toView.cornerRadius = 0
                toView.clipsToBounds = false
                self.presentingViewSuperview.addSubview(toView)
                self.presentingViewSuperview = nil
                self.backgroundView.removeFromSuperview()
                self.presentingViewController!.view.isUserInteractionEnabled = true
            }
            transitionContext.completeTransition(!wasCancelled)
        }
    }
}

/// The ported side panel: the presenting view shrinks to 0.85 of its size with 60 points of it left
/// showing at the right edge, the panel slides in from the left, and dismissal puts everything back.
@MainActor @Suite("Seed port: modal side panel")
struct ModalSidePanelPortTests {
    private static let size = Size(width: 1024, height: 768)

    private func near(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 1e-6 }
    private func near(_ a: Rect, _ b: Rect) -> Bool {
        near(a.minX, b.minX) && near(a.minY, b.minY) && near(a.width, b.width) && near(a.height, b.height)
    }

    @Test("a dark panel leaves the light screen it scales aside light; the chrome around the panel is dark")
    func theScreenAsideKeepsItsStyle() {
        let fixture = PresentationFixture(size: Self.size)
        let panel = ViewController()
        panel.overrideUserInterfaceStyle = .dark
        let controller = ModalSidePanelPresentationController(presentedViewController: panel, presenting: fixture.root)
        panel.transitioningDelegate = controller
        fixture.root.present(panel, animated: true)
        fixture.runUntilIdle()
        #expect(fixture.root.view.superview === controller.containerView, "the screen sits in the panel's container")
        #expect(fixture.root.view.drawingStyle == .light, "the screen keeps the window's style")
        #expect(fixture.root.view.traitCollection.userInterfaceStyle == .light)
        #expect(panel.view.drawingStyle == .dark && controller.backgroundView.drawingStyle == .dark)
        #expect(fixture.window.consistencyProblems().isEmpty, "\(fixture.window.consistencyProblems())")
    }

    @Test func thePresentingViewShrinksTo85PercentBesideThePanelAndComesBack() {
        let fixture = PresentationFixture(size: Self.size)
        let panel = ViewController()
        let controller = ModalSidePanelPresentationController(presentedViewController: panel, presenting: fixture.root)
        panel.transitioningDelegate = controller
        fixture.root.present(panel, animated: true)
        let presenting = fixture.root.view

        fixture.clock.run(for: 0.15)
        let scale = presenting.presentation.transform.a
        #expect(scale < 0.99 && scale > 0.851, "the presenting view is on its way to 0.85: \(scale)")
        #expect(presenting.presentation.bounds.size == Self.size, "only the transform shrinks it")

        fixture.runUntilIdle()
        #expect(presenting.transform == AffineTransform(scaleX: 0.85, y: 0.85))
        #expect(near(presenting.bounds.width, Self.size.width) && near(presenting.bounds.height, Self.size.height),
                "its bounds keep the window's size: \(presenting.bounds)")
        let shrunk = Rect(x: Self.size.width - 60, y: Self.size.height * 0.075,
                          width: Self.size.width * 0.85, height: Self.size.height * 0.85)
        #expect(near(presenting.frame, shrunk), "60 points of it show at the right edge: \(presenting.frame)")
        #expect(near(presenting.presentation.frame, shrunk))
        #expect(near(panel.view.frame, controller.frameOfPresentedViewInContainerView))
        #expect(panel.view.presentation.alpha == 1)

        panel.dismiss(animated: true)
        fixture.runUntilIdle()
        #expect(presenting.superview === fixture.window)
        #expect(presenting.transform == .identity)
        #expect(presenting.frame == Rect(origin: .zero, size: Self.size))
        #expect(presenting.cornerRadius == 0 && !presenting.clipsToBounds && presenting.isUserInteractionEnabled)
        #expect(panel.view.window == nil)
        #expect(fixture.window.consistencyProblems().isEmpty)
    }
}
