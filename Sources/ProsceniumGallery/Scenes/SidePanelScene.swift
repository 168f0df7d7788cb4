import Proscenium

/// Seed 001's side panel: over an opaque black backdrop, the home screen shrinks to 0.85 with rounded,
/// clipped corners and moves right until 60 px of it remain, while a panel comes in from the left on a
/// critically damped spring. A click anywhere outside the panel dismisses with the mirror animation.
@MainActor final class SidePanelScene: SceneController {
    override class var sceneName: String { "side-panel" }

    private let titleLabel = SceneController.label("Side panel", size: 28, weight: .bold)
    private let rows = ["Inbox", "Drafts", "Sent", "Archive"].map { SceneController.label($0, size: 17) }

    override init() {
        super.init()
        modalPresentationStyle = .custom
        transitions = SidePanelTransitions()
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.cornerRadius = 12
        view.addSubview(titleLabel)
        for row in rows { view.addSubview(row) }
        view.addSubview(dismissButton)
    }

    override func viewDidLayoutSubviews() {
        let width = max(0, view.bounds.width - 48)
        titleLabel.frame = Rect(x: 24, y: 24, width: width, height: 36)
        for (index, row) in rows.enumerated() {
            row.frame = Rect(x: 24, y: 80 + Double(index) * 36, width: width, height: 24)
        }
        dismissButton.frame = Rect(x: 24, y: max(80 + Double(rows.count) * 36, view.bounds.height - 24 - 44),
                                   width: min(width, 200), height: 44)
    }
}

/// Places the panel at x 0, y 7.5% of the height, W−100 wide and 85% tall; puts a black backdrop under the
/// window's root view and pushes the presenting view aside, scaled to 0.85, 60 px still showing.
@MainActor final class SidePanelPresentationController: PresentationController {
    /// The scale of the presenting view while the panel is up.
    static let presentingScale = 0.85
    /// How much of the presenting view stays visible at the window's right edge.
    static let visibleSliver = 60.0

    private let backdrop = View()
    private let outsideClicks = DimmingView(color: .clear)
    private var savedCorners: (radius: Double, clips: Bool)?

    override init(presentedViewController presented: ViewController, presenting: ViewController?) {
        super.init(presentedViewController: presented, presenting: presenting)
        backdrop.identifier = "backdrop"
        backdrop.backgroundColor = .black
        backdrop.isUserInteractionEnabled = false
        outsideClicks.onTap = { [weak self] in
            guard let self, !isDismissing else { return }
            dismissAsUserRequested()
        }
    }

    override var frameOfPresentedViewInContainerView: Rect {
        guard let bounds = containerView?.bounds else { return .zero }
        return Rect(x: 0, y: (bounds.height * 0.075).rounded(), width: max(0, bounds.width - 100),
                    height: (bounds.height * 0.85).rounded())
    }

    /// Scales the presenting view about its centre and moves it right so its left edge sits
    /// `visibleSliver` px from the right edge of a `width`-wide window.
    static func pushedAsideTransform(width: Double) -> AffineTransform {
        let leftEdgeAfterScaling = width * (1 - presentingScale) / 2
        return AffineTransform(a: presentingScale, b: 0, c: 0, d: presentingScale,
                               tx: width - visibleSliver - leftEdgeAfterScaling, ty: 0)
    }

    private var presentingView: View? { presentingViewController?.viewIfLoaded }

    override func presentationTransitionWillBegin() {
        guard let containerView, let window = containerView.window, let presentingView else { return }
        backdrop.frame = window.bounds
        // Turned back from a dismissal, the chrome is still up: it stays where it is.
        if backdrop.superview !== window { window.insertSubview(backdrop, at: 0) }
        outsideClicks.frame = containerView.bounds
        if outsideClicks.superview !== containerView { containerView.insertSubview(outsideClicks, at: 0) }
        // Saved once per presentation: turned back from a dismissal, the view still wears the panel's
        // corners, and saving them again would keep it rounded after the panel has gone.
        if savedCorners == nil { savedCorners = (presentingView.cornerRadius, presentingView.clipsToBounds) }
        presentingView.cornerRadius = 5
        presentingView.clipsToBounds = true
        let target = Self.pushedAsideTransform(width: containerView.bounds.width)
        if let coordinator = presentedViewController.transitionCoordinator {
            coordinator.animate(alongsideTransition: { _ in presentingView.transform = target })
        } else {
            presentingView.transform = target
        }
    }

    /// Cancelled, the chrome goes; turned into a dismissal (`isDismissing`), the backdrop and the pushed
    /// aside view stay and come back with the dismissal, from where they are.
    override func presentationTransitionDidEnd(_ completed: Bool) {
        if !completed, !isDismissing { restorePresentingView() }
    }

    override func dismissalTransitionWillBegin() {
        guard let presentingView else { return }
        if let coordinator = presentedViewController.transitionCoordinator {
            coordinator.animate(alongsideTransition: { _ in presentingView.transform = .identity })
        } else {
            presentingView.transform = .identity
        }
    }

    /// Completed, the presenting view gets its own look back. Cancelled, it is pushed aside again — unless
    /// a new presentation turned the dismissal around (`isPresenting`): that one moves it back from where
    /// it is.
    override func dismissalTransitionDidEnd(_ completed: Bool) {
        if completed {
            restorePresentingView()
        } else if !isPresenting, let presentingView, let width = containerView?.bounds.width {
            presentingView.transform = Self.pushedAsideTransform(width: width)
        }
    }

    /// Every frame of a live resize keeps the backdrop full-window and the presenting view 60 px in. While
    /// the panel comes in, setting the new target retargets the running animation (it keeps its timing);
    /// while it leaves, the target is the identity whatever the width.
    override func containerViewWillLayoutSubviews() {
        guard let containerView else { return }
        outsideClicks.frame = containerView.bounds
        if let window = containerView.window { backdrop.frame = window.bounds }
        if !isDismissing, let presentingView {
            let target = Self.pushedAsideTransform(width: containerView.bounds.width)
            if presentingView.transform != target { presentingView.transform = target }
        }
    }

    private func restorePresentingView() {
        backdrop.removeFromSuperview()
        outsideClicks.removeFromSuperview()
        guard let presentingView else { return }
        presentingView.transform = .identity
        if let savedCorners {
            presentingView.cornerRadius = savedCorners.radius
            presentingView.clipsToBounds = savedCorners.clips
        }
        savedCorners = nil
    }
}

/// Vends the side panel's presentation controller and its spring in both directions.
@MainActor final class SidePanelTransitions: TransitioningDelegate {
    func presentationController(forPresented presented: ViewController, presenting: ViewController?,
                                source: ViewController) -> PresentationController? {
        SidePanelPresentationController(presentedViewController: presented, presenting: presenting)
    }

    func animationController(forPresented presented: ViewController, presenting: ViewController,
                             source: ViewController) -> AnimatedTransitioning? {
        SidePanelTransitionAnimator(isPresenting: true)
    }

    func animationController(forDismissed dismissed: ViewController) -> AnimatedTransitioning? {
        SidePanelTransitionAnimator(isPresenting: false)
    }
}

/// Moves the panel between its frame and a hidden state 40 px past the left edge, scaled to 0.85 and
/// transparent: a 0.5 s spring, damping 1.0, initial velocity 0.3.
@MainActor final class SidePanelTransitionAnimator: PropertyTransitionAnimator {
    init(isPresenting: Bool) {
        super.init(isPresenting: isPresenting, duration: 0.5,
                   timingParameters: SpringTimingParameters(dampingRatio: 1.0, initialVelocity: 0.3))
    }

    override func prepare(_ view: View, in context: TransitionContext) {
        if isPresenting { hide(view) }
    }

    override func animate(_ view: View, in context: TransitionContext) {
        if isPresenting, let presented = context.viewController(forKey: .to) {
            view.center = context.finalFrame(for: presented).center
            view.transform = .identity
            view.alpha = 1
        } else {
            hide(view)
        }
    }

    /// The panel's left edge at x = −width − 40 (centre set, so the scale does not move it), 0.85, alpha 0.
    private func hide(_ view: View) {
        let width = view.bounds.width
        view.center = Point(x: -width - 40 + width / 2, y: view.center.y)
        view.transform = AffineTransform(scaleX: 0.85, y: 0.85)
        view.alpha = 0
    }
}
