import Testing
import Proscenium

// Apple's LookInside sample (the WWDC14 "A Look Inside Presentation Controllers" code, seed 004) ported
// with the renames the compiler demands. Its animators take the frame they animate from
// `finalFrame(for:)` of the controller that moves — the presented one in both directions — and its
// transitioning delegate picks the presentation controller by the `source` controller that called
// `present`. What the compiler drops: the presentation controllers' `shouldPresentInFullscreen` and
// `adaptivePresentationStyle` overrides (no such members here), images (the jaguar-print borders are
// plain views of the images' thickness) and the navigation controller (a plain container stands in).

/// Stands in for the sample's navigation controller: its child presents, so the child is the `source`
/// and the container (the top of the chain) the presenting controller.
@MainActor private final class ContainerController: ViewController {
    let photos = PhotosViewController()
    override func viewDidLoad() {
        addChild(photos)
        photos.view.frame = view.bounds
        view.addSubview(photos.view)
    }
}

/// The sample's root controller: presents an overlay, the "cool" way when its switch is on.
@MainActor private final class PhotosViewController: ViewController {
    var presentationShouldBeAwesome = false
}

@MainActor private final class LookInsideOverlayPresentationController: PresentationController {
    let dimmingView = View()

    override init(presentedViewController: ViewController, presenting presentingViewController: ViewController?) {
        super.init(presentedViewController: presentedViewController, presenting: presentingViewController)
        dimmingView.backgroundColor = Color(white: 0.0, alpha: 0.4)
        dimmingView.alpha = 0.0
    }

    override func presentationTransitionWillBegin() {
        let containerView = self.containerView!
        dimmingView.frame = containerView.bounds
        dimmingView.alpha = 0.0
        containerView.insertSubview(dimmingView, at: 0)
        if let coordinator = presentedViewController.transitionCoordinator {
            coordinator.animate(alongsideTransition: { _ in self.dimmingView.alpha = 1.0 }, completion: nil)
        } else {
            dimmingView.alpha = 1.0
        }
    }

    override func dismissalTransitionWillBegin() {
        if let coordinator = presentedViewController.transitionCoordinator {
            coordinator.animate(alongsideTransition: { _ in self.dimmingView.alpha = 0.0 }, completion: nil)
        } else {
            dimmingView.alpha = 0.0
        }
    }

    override func size(forChildContentContainer container: ViewController, withParentContainerSize parentSize: Size) -> Size {
        Size(width: (parentSize.width / 3.0).rounded(.down), height: parentSize.height)
    }

    override func containerViewWillLayoutSubviews() {
        dimmingView.frame = containerView!.bounds
        presentedView?.frame = frameOfPresentedViewInContainerView
    }

    override var frameOfPresentedViewInContainerView: Rect {
        var presentedViewFrame = Rect.zero
        let containerBounds = containerView!.bounds
        presentedViewFrame.size = size(forChildContentContainer: presentedViewController,
                                       withParentContainerSize: containerBounds.size)
        presentedViewFrame.origin.x = containerBounds.size.width - presentedViewFrame.size.width
        return presentedViewFrame
    }
}

@MainActor private final class LookInsideCoolPresentationController: PresentationController {
    /// The thickness of the sample's jaguar-print images.
    static let printThickness = 24.0
    let dimmingView = View()
    let topPrint = View(), bottomPrint = View(), leftPrint = View(), rightPrint = View()

    override init(presentedViewController: ViewController, presenting presentingViewController: ViewController?) {
        super.init(presentedViewController: presentedViewController, presenting: presentingViewController)
        dimmingView.backgroundColor = Color(red: 0.5, green: 0, blue: 0.5, alpha: 0.4)
    }

    override var frameOfPresentedViewInContainerView: Rect {
        let containerBounds = containerView!.bounds
        var presentedViewFrame = Rect.zero
        let width = 300.0
        let height = traitCollection.verticalSizeClass == .compact
            ? 300 : containerBounds.size.height - 2 * Self.printThickness
        presentedViewFrame.size = Size(width: width, height: height)
        presentedViewFrame.origin = Point(x: containerBounds.size.width / 2.0, y: containerBounds.size.height / 2.0)
        presentedViewFrame.origin.x -= presentedViewFrame.size.width / 2.0
        presentedViewFrame.origin.y -= presentedViewFrame.size.height / 2.0
        return presentedViewFrame
    }

    override func presentationTransitionWillBegin() {
        super.presentationTransitionWillBegin()
        for print in [topPrint, bottomPrint, leftPrint, rightPrint] { dimmingView.addSubview(print) }
        containerView!.addSubview(dimmingView)
        dimmingView.alpha = 0.0
        presentedViewController.transitionCoordinator?.animate(alongsideTransition: { _ in
            self.dimmingView.alpha = 1.0
        }, completion: nil)
        movePrints(toPresentedPosition: false)
        View.animate(withDuration: 1.0, animations: { self.movePrints(toPresentedPosition: true) })
    }

    override func containerViewWillLayoutSubviews() {
        dimmingView.frame = containerView!.bounds
        presentedView?.frame = frameOfPresentedViewInContainerView
        movePrints(toPresentedPosition: true)
    }

    override func dismissalTransitionWillBegin() {
        super.dismissalTransitionWillBegin()
        presentedViewController.transitionCoordinator?.animate(alongsideTransition: { _ in
            self.dimmingView.alpha = 0.0
        }, completion: nil)
    }

    private func movePrints(toPresentedPosition presented: Bool) {
        let thickness = Self.printThickness
        let frameOfView = frameOfPresentedViewInContainerView
        let around = presented ? frameOfView : containerView!.frame
        topPrint.frame = Rect(x: frameOfView.minX, y: around.minY - thickness, width: frameOfView.width, height: thickness)
        bottomPrint.frame = Rect(x: frameOfView.minX, y: around.maxY, width: frameOfView.width, height: thickness)
        leftPrint.frame = Rect(x: around.minX - thickness, y: frameOfView.minY, width: thickness, height: frameOfView.height)
        rightPrint.frame = Rect(x: around.maxX, y: frameOfView.minY, width: thickness, height: frameOfView.height)
    }
}

/// Slides the overlay in from the right edge and back out, from the frame `finalFrame(for:)` gives.
@MainActor private final class LookInsideOverlayAnimatedTransitioning: AnimatedTransitioning {
    var isPresentation = false

    func transitionDuration(using transitionContext: TransitionContext) -> Double { 0.5 }

    func animateTransition(using transitionContext: TransitionContext) {
        let fromVC = transitionContext.viewController(forKey: .from)!
        let fromView = fromVC.view
        let toVC = transitionContext.viewController(forKey: .to)!
        let toView = toVC.view
        let containerView = transitionContext.containerView
        let isPresentation = self.isPresentation
        if isPresentation { containerView.addSubview(toView) }

        let animatingVC = isPresentation ? toVC : fromVC
        let animatingView = animatingVC.view
        let appearedFrame = transitionContext.finalFrame(for: animatingVC)
        var dismissedFrame = appearedFrame
        dismissedFrame.origin.x += dismissedFrame.size.width
        let initialFrame = isPresentation ? dismissedFrame : appearedFrame
        let finalFrame = isPresentation ? appearedFrame : dismissedFrame
        animatingView.frame = initialFrame

        View.animate(withDuration: transitionDuration(using: transitionContext), delay: 0, usingSpringWithDamping: 300.0,
                     initialSpringVelocity: 5.0, options: [.allowUserInteraction, .beginFromCurrentState],
                     animations: { animatingView.frame = finalFrame },
                     completion: { _ in
                         if !self.isPresentation { fromView.removeFromSuperview() }
                         transitionContext.completeTransition(true)
                     })
    }
}

/// Shrinks the card to nothing, spinning, on dismissal (and the reverse on presentation).
@MainActor private final class LookInsideCoolAnimatedTransitioning: AnimatedTransitioning {
    var isPresentation = false

    func transitionDuration(using transitionContext: TransitionContext) -> Double { 0.5 }

    func animateTransition(using transitionContext: TransitionContext) {
        let fromVC = transitionContext.viewController(forKey: .from)!
        let fromView = fromVC.view
        let toVC = transitionContext.viewController(forKey: .to)!
        let toView = toVC.view
        let containerView = transitionContext.containerView
        let isPresentation = self.isPresentation
        if isPresentation { containerView.addSubview(toView) }

        let animatingVC = isPresentation ? toVC : fromVC
        let animatingView = animatingVC.view
        animatingView.frame = transitionContext.finalFrame(for: animatingVC)
        let presentedTransform = AffineTransform.identity
        let dismissedTransform = AffineTransform(scaleX: 0.001, y: 0.001)
            .concatenating(AffineTransform(rotationAngle: 8 * Double.pi))
        animatingView.transform = isPresentation ? dismissedTransform : presentedTransform

        View.animate(withDuration: transitionDuration(using: transitionContext), delay: 0, usingSpringWithDamping: 300.0,
                     initialSpringVelocity: 5.0, options: [.allowUserInteraction, .beginFromCurrentState],
                     animations: { animatingView.transform = isPresentation ? presentedTransform : dismissedTransform },
                     completion: { _ in
                         if !self.isPresentation { fromView.removeFromSuperview() }
                         transitionContext.completeTransition(true)
                     })
    }
}

/// The sample's overlay delegate: the cool presentation controller when the `source` is the photos
/// controller with its switch on, the overlay one otherwise; the overlay animator both ways.
@MainActor private final class LookInsideOverlayTransitioningDelegate: TransitioningDelegate {
    func presentationController(forPresented presented: ViewController, presenting: ViewController?,
                                source: ViewController) -> PresentationController? {
        if let photos = source as? PhotosViewController, photos.presentationShouldBeAwesome {
            return LookInsideCoolPresentationController(presentedViewController: presented, presenting: presenting)
        }
        return LookInsideOverlayPresentationController(presentedViewController: presented, presenting: presenting)
    }

    func animationController(forPresented presented: ViewController, presenting: ViewController,
                             source: ViewController) -> AnimatedTransitioning? {
        let animationController = LookInsideOverlayAnimatedTransitioning()
        animationController.isPresentation = true
        return animationController
    }

    func animationController(forDismissed dismissed: ViewController) -> AnimatedTransitioning? {
        LookInsideOverlayAnimatedTransitioning()
    }
}

/// The sample's cool delegate: the cool presentation controller and the spinning animator.
@MainActor private final class LookInsideCoolTransitioningDelegate: TransitioningDelegate {
    func presentationController(forPresented presented: ViewController, presenting: ViewController?,
                                source: ViewController) -> PresentationController? {
        LookInsideCoolPresentationController(presentedViewController: presented, presenting: presenting)
    }

    func animationController(forPresented presented: ViewController, presenting: ViewController,
                             source: ViewController) -> AnimatedTransitioning? {
        let animationController = LookInsideCoolAnimatedTransitioning()
        animationController.isPresentation = true
        return animationController
    }

    func animationController(forDismissed dismissed: ViewController) -> AnimatedTransitioning? {
        LookInsideCoolAnimatedTransitioning()
    }
}

/// The ported LookInside presentations: the overlay slides in from the right and back out, the cool card
/// spins away, and the photos controller that called `present` decides which presentation it gets.
@MainActor @Suite("Seed port: LookInside")
struct LookInsidePortTests {
    private static let size = Size(width: 1024, height: 768)

    /// A window whose root is the container, with the photos controller inside it.
    private func makeWindow() -> (Window, ManualFrameClock, ContainerController) {
        let clock = ManualFrameClock(startTime: 10, framesPerSecond: 60)
        let window = Window(size: Self.size, clock: clock)
        let root = ContainerController()
        window.rootViewController = root
        clock.step()
        return (window, clock, root)
    }

    @Test func theOverlaySlidesInFromTheRightAndBackOutWithItsDimming() {
        let (window, clock, root) = makeWindow()
        let delegate = LookInsideOverlayTransitioningDelegate()
        let overlay = ViewController()
        overlay.modalPresentationStyle = .custom
        overlay.transitioningDelegate = delegate
        root.photos.present(overlay, animated: true)
        AnimationFixture.runUntilIdle(window: window, clock: clock, limit: 5)

        let third = (Self.size.width / 3).rounded(.down)
        let appeared = Rect(x: Self.size.width - third, y: 0, width: third, height: Self.size.height)
        #expect(overlay.view.frame == appeared)
        let controller = try! #require(overlay.presentationController as? LookInsideOverlayPresentationController)
        #expect(controller.dimmingView.alpha == 1)

        overlay.presentingViewController?.dismiss(animated: true)
        clock.run(for: 0.2)
        let moving = overlay.view.presentation.frame
        #expect(moving.width == third, "the overlay keeps its size on the way out: \(moving)")
        #expect(moving.minX > appeared.minX + 1 && moving.minX < Self.size.width - 1,
                "the overlay is on its way out to the right: \(moving)")
        let dimming = controller.dimmingView.presentation.alpha
        #expect(dimming > 0.01 && dimming < 0.99, "the dimming fades with it: \(dimming)")

        AnimationFixture.runUntilIdle(window: window, clock: clock, limit: 5)
        #expect(overlay.view.window == nil)
        #expect(overlay.view.frame == appeared.offsetBy(dx: third, dy: 0))
        #expect(window.consistencyProblems().isEmpty)
    }

    @Test func theCoolCardSpinsAwayOnDismissal() {
        let (window, clock, root) = makeWindow()
        let delegate = LookInsideCoolTransitioningDelegate()
        let overlay = ViewController()
        overlay.modalPresentationStyle = .custom
        overlay.transitioningDelegate = delegate
        root.photos.present(overlay, animated: true)
        AnimationFixture.runUntilIdle(window: window, clock: clock, limit: 5)

        let card = Size(width: 300, height: Self.size.height - 2 * LookInsideCoolPresentationController.printThickness)
        let centre = Point(x: Self.size.width / 2, y: Self.size.height / 2)
        #expect(overlay.view.frame == Rect(x: centre.x - card.width / 2, y: centre.y - card.height / 2,
                                           width: card.width, height: card.height))
        #expect(overlay.view.transform == .identity)

        overlay.presentingViewController?.dismiss(animated: true)
        clock.run(for: 0.15)
        let shown = overlay.view.presentation
        #expect(shown.bounds.size == card, "the card keeps its size while it shrinks: \(shown.bounds)")
        #expect(shown.center == centre)
        let scale = (shown.transform.a * shown.transform.a + shown.transform.b * shown.transform.b).squareRoot()
        #expect(scale > 0.01 && scale < 0.99, "the card is shrinking: scale \(scale)")
        let controller = try! #require(overlay.presentationController as? LookInsideCoolPresentationController)
        let dimming = controller.dimmingView.presentation.alpha
        #expect(dimming > 0.01 && dimming < 0.99, "the purple dimming fades with it: \(dimming)")

        AnimationFixture.runUntilIdle(window: window, clock: clock, limit: 5)
        #expect(overlay.view.window == nil)
        #expect(window.consistencyProblems().isEmpty)
    }

    /// The delegate sees the photos controller, which called `present`, as the source (the container is
    /// the presenting controller), so the switch picks the cool presentation.
    @Test func theControllerThatCalledPresentIsTheSource() {
        let (window, clock, root) = makeWindow()
        let delegate = LookInsideOverlayTransitioningDelegate()
        root.photos.presentationShouldBeAwesome = true
        let overlay = ViewController()
        overlay.modalPresentationStyle = .custom
        overlay.transitioningDelegate = delegate
        root.photos.present(overlay, animated: true)
        #expect(overlay.presentationController is LookInsideCoolPresentationController)
        #expect(overlay.presentingViewController === root)
        AnimationFixture.runUntilIdle(window: window, clock: clock, limit: 5)
        #expect(window.consistencyProblems().isEmpty)
    }
}
