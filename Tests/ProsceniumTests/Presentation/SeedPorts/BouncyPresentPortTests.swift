import Testing
import Proscenium

// The BouncyPresent sample (seed 000) as a porter brings it over: the UIKit calls renamed the way the
// compiler demands and nothing else changed. Its animator reads the presented view's centre before it
// gives the view any frame, relying on the full-screen root view UIKit makes.

@MainActor private final class BouncyOverlayPresentationController: PresentationController {
    let dimmingView = View()

    override init(presentedViewController: ViewController, presenting presentingViewController: ViewController?) {
        super.init(presentedViewController: presentedViewController, presenting: presentingViewController)
        dimmingView.backgroundColor = Color(white: 0.0, alpha: 0.5)
    }

    override func presentationTransitionWillBegin() {
        dimmingView.frame = containerView!.bounds
        dimmingView.alpha = 0.0
        containerView!.insertSubview(dimmingView, at: 0)
        presentedViewController.transitionCoordinator?.animate(alongsideTransition: { _ in
            self.dimmingView.alpha = 1.0
        }, completion: nil)
    }

    override func dismissalTransitionWillBegin() {
        presentedViewController.transitionCoordinator?.animate(alongsideTransition: { _ in
            self.dimmingView.alpha = 0.0
        }, completion: { _ in
            self.dimmingView.removeFromSuperview()
        })
    }

    override var frameOfPresentedViewInContainerView: Rect {
        containerView!.bounds.insetBy(dx: 30, dy: 30)
    }

    override func containerViewWillLayoutSubviews() {
        dimmingView.frame = containerView!.bounds
        presentedView?.frame = frameOfPresentedViewInContainerView
    }
}

@MainActor private final class BouncyViewControllerAnimator: AnimatedTransitioning {
    func transitionDuration(using transitionContext: TransitionContext) -> Double { 0.8 }

    func animateTransition(using transitionContext: TransitionContext) {
        guard let presentedView = transitionContext.view(forKey: .to) else { return }
        let centre = presentedView.center
        presentedView.center = Point(x: centre.x, y: -presentedView.bounds.size.height)
        transitionContext.containerView.addSubview(presentedView)
        View.animate(withDuration: transitionDuration(using: transitionContext), delay: 0,
                     usingSpringWithDamping: 0.6, initialSpringVelocity: 10.0, options: [],
                     animations: { presentedView.center = centre },
                     completion: { _ in transitionContext.completeTransition(true) })
    }
}

@MainActor private final class BouncyTransitioningDelegate: TransitioningDelegate {
    func presentationController(forPresented presented: ViewController, presenting: ViewController?,
                                source: ViewController) -> PresentationController? {
        BouncyOverlayPresentationController(presentedViewController: presented, presenting: presenting)
    }

    func animationController(forPresented presented: ViewController, presenting: ViewController,
                             source: ViewController) -> AnimatedTransitioning? {
        BouncyViewControllerAnimator()
    }
}

/// The ported BouncyPresent card drops in from above the window, springs past its place and settles
/// inset 30 points from the container, as the article describes.
@MainActor @Suite("Seed port: BouncyPresent")
struct BouncyPresentPortTests {
    @Test func theCardDropsInFromAboveOvershootsAndSettlesInset() {
        let size = Size(width: 1024, height: 768)
        let fixture = PresentationFixture(size: size)
        let delegate = BouncyTransitioningDelegate()
        let overlay = ViewController()
        overlay.transitioningDelegate = delegate
        overlay.modalPresentationStyle = .custom
        fixture.root.present(overlay, animated: true)

        let final = Rect(origin: .zero, size: size).insetBy(dx: 30, dy: 30)
        var centres: [Point] = []
        for _ in 0..<48 {  // the 0.8 s of the spring, at 60 frames a second
            fixture.clock.step()
            centres.append(overlay.view.presentation.center)
        }
        let first = try! #require(centres.first)
        #expect(first.y < 0, "the card starts above the window, not at its place: \(first)")
        let lowest = centres.map(\.y).max() ?? 0
        #expect(lowest > final.midY + 40, "the spring carries the card past its place: lowest centre \(lowest)")
        #expect(centres.allSatisfy { abs($0.x - final.midX) < 1e-9 }, "it falls straight down the middle")

        fixture.runUntilIdle()
        #expect(overlay.view.frame == final)
        #expect(overlay.view.presentation.frame == final)
        let controller = try! #require(overlay.presentationController as? BouncyOverlayPresentationController)
        #expect(controller.dimmingView.alpha == 1)
        #expect(fixture.window.consistencyProblems().isEmpty)
    }
}
