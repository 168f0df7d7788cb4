import Proscenium

/// Seed 004's LookInside "cool" presentation: a 300x500 card centred over purple dimming at 0.4 grows
/// from scale 0.001 on the overlay's spring, while a decorative frame slides from the container's edges
/// to the card's over 1.0 s, ease-in-out. The card shows the project's mark from `Assets/`.
@MainActor final class CoolScene: SceneController {
    override class var sceneName: String { "cool" }

    private let mark = ImageView(image: Assets.image(named: "proscenium-mark.png"))
    private let titleLabel = SceneController.label("Cool", size: 34, weight: .bold)
    private let bodyLabel = SceneController.label("Grown from nothing on a spring.", size: 15, color: SceneController.bodyTextColor)

    override init() {
        super.init()
        modalPresentationStyle = .custom
        transitions = CoolTransitions()
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.cornerRadius = 16
        mark.identifier = "mark"
        titleLabel.textAlignment = .center
        bodyLabel.textAlignment = .center
        for subview in [mark, titleLabel, bodyLabel, dismissButton] { view.addSubview(subview) }
    }

    override func viewDidLayoutSubviews() {
        let bounds = view.bounds
        let side = min(160, bounds.width - 48)
        mark.frame = Rect(x: ((bounds.width - side) / 2).rounded(), y: 48, width: side, height: side)
        titleLabel.frame = Rect(x: 24, y: 48 + side + 24, width: bounds.width - 48, height: 42)
        bodyLabel.frame = Rect(x: 24, y: 48 + side + 72, width: bounds.width - 48, height: 22)
        dismissButton.frame = Rect(x: 24, y: bounds.height - 24 - 44, width: bounds.width - 48, height: 44)
    }
}

/// The centred card (300x500, smaller when the window is) over purple dimming, with the sliding frame.
@MainActor final class CoolPresentationController: DimmingPresentationController {
    /// How far outside the card its decorative frame sits.
    static let frameOutset = 10.0
    /// The decorative frame; it takes no input.
    let decoration = View()

    override var dimmingAlpha: Double { 0.4 }

    override init(presentedViewController presented: ViewController, presenting: ViewController?) {
        super.init(presentedViewController: presented, presenting: presenting)
        dimmingView.backgroundColor = Color(red: 0.5, green: 0, blue: 0.5)
        dismissesOnDimmingTap = true
        decoration.identifier = "decoration"
        decoration.borderWidth = 3
        decoration.borderColor = .white
        decoration.cornerRadius = 24
        decoration.isUserInteractionEnabled = false
    }

    override var frameOfPresentedViewInContainerView: Rect {
        guard let bounds = containerView?.bounds else { return .zero }
        let width = min(300, bounds.width - 40), height = min(500, bounds.height - 40)
        return Rect(x: ((bounds.width - width) / 2).rounded(), y: ((bounds.height - height) / 2).rounded(),
                    width: width, height: height)
    }

    private var decorationTarget: Rect {
        frameOfPresentedViewInContainerView.insetBy(dx: -Self.frameOutset, dy: -Self.frameOutset)
    }

    override func presentationTransitionWillBegin() {
        super.presentationTransitionWillBegin()
        guard let containerView else { return }
        let target = decorationTarget
        guard decoration.superview !== containerView else {
            // Turned back from a dismissal: the frame goes back around the card from where it is.
            animateAlongsideTransition { [decoration] in
                decoration.frame = target
                decoration.alpha = 1
            }
            return
        }
        decoration.frame = containerView.bounds
        decoration.alpha = 1
        containerView.insertSubview(decoration, aboveSubview: dimmingView)
        View.animate(withDuration: 1.0, delay: 0, options: [.curveEaseInOut], animations: { [decoration] in
            decoration.frame = target
        })
    }

    /// Cancelled, the frame goes; turned into a dismissal (`isDismissing`), it stays and leaves with it.
    override func presentationTransitionDidEnd(_ completed: Bool) {
        super.presentationTransitionDidEnd(completed)
        if !completed, !isDismissing { decoration.removeFromSuperview() }
    }

    override func dismissalTransitionWillBegin() {
        super.dismissalTransitionWillBegin()
        guard let bounds = containerView?.bounds else { return }
        if let coordinator = presentedViewController.transitionCoordinator {
            coordinator.animate(alongsideTransition: { [decoration] _ in
                decoration.frame = bounds
                decoration.alpha = 0
            })
        }
    }

    override func dismissalTransitionDidEnd(_ completed: Bool) {
        super.dismissalTransitionDidEnd(completed)
        // Cancelled, the frame is back; turned back into a presentation (`isPresenting`), that one fades
        // it in from where it is.
        if completed {
            decoration.removeFromSuperview()
        } else if !isPresenting {
            decoration.frame = decorationTarget
            decoration.alpha = 1
        }
    }

    /// Keeps the frame around the card on resizes (its model value already is the target while it slides).
    override func containerViewWillLayoutSubviews() {
        super.containerViewWillLayoutSubviews()
        guard !isDismissing, decoration.superview != nil else { return }
        let target = decorationTarget
        if decoration.frame != target { decoration.frame = target }
    }
}

/// Vends the cool presentation: the card grows from (and shrinks back to) scale 0.001 on the overlay's spring.
@MainActor final class CoolTransitions: TransitioningDelegate {
    func presentationController(forPresented presented: ViewController, presenting: ViewController?,
                                source: ViewController) -> PresentationController? {
        CoolPresentationController(presentedViewController: presented, presenting: presenting)
    }

    func animationController(forPresented presented: ViewController, presenting: ViewController,
                             source: ViewController) -> AnimatedTransitioning? {
        GrowTransitionAnimator(isPresenting: true)
    }

    func animationController(forDismissed dismissed: ViewController) -> AnimatedTransitioning? {
        GrowTransitionAnimator(isPresenting: false)
    }
}

/// Scales the card between 0.001 and 1 about its centre: 0.5 s spring, damping 1, initial velocity 5.
@MainActor final class GrowTransitionAnimator: PropertyTransitionAnimator {
    /// Small enough to be invisible, large enough to keep the transform invertible for hit-testing.
    static let hiddenScale = 0.001

    init(isPresenting: Bool) {
        super.init(isPresenting: isPresenting, duration: 0.5, timingParameters: OverlayTransitions.spring)
    }

    override func prepare(_ view: View, in context: TransitionContext) {
        if isPresenting { view.transform = AffineTransform(scaleX: Self.hiddenScale, y: Self.hiddenScale) }
    }

    override func animate(_ view: View, in context: TransitionContext) {
        view.transform = isPresenting ? .identity : AffineTransform(scaleX: Self.hiddenScale, y: Self.hiddenScale)
    }
}
