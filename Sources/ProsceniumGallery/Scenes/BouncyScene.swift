import Proscenium

/// Seed 000's bouncy card: a pink card inset 30 px from the window, over black dimming at 0.5, that drops
/// in from above on an underdamped spring and slides back up when dismissed. Taps on the dimming do nothing.
@MainActor final class BouncyScene: SceneController {
    override class var sceneName: String { "bouncy" }
    /// The card's colour.
    static let cardColor = Color(red: 1, green: 0.29, blue: 0.49)

    private let titleLabel = SceneController.label("Bouncy", size: 34, weight: .bold, color: .white)
    private let bodyLabel = SceneController.label("Dropped in on a spring: damping 0.6, initial velocity 10.", size: 17, color: .white)

    override init() {
        super.init()
        modalPresentationStyle = .custom
        transitions = BouncyTransitions()
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = Self.cardColor
        view.cornerRadius = 20
        view.shadowOpacity = 0.5
        view.shadowRadius = 10
        view.shadowOffset = .zero
        bodyLabel.numberOfLines = 0
        dismissButton.tintColor = .white
        dismissButton.titleColor = Self.cardColor
        view.addSubview(titleLabel)
        view.addSubview(bodyLabel)
        view.addSubview(dismissButton)
    }

    /// The Dismiss button spans the card, 68 px tall, its bottom 40 px above the card's.
    override func viewDidLayoutSubviews() {
        let bounds = view.bounds
        titleLabel.frame = Rect(x: 24, y: 24, width: max(0, bounds.width - 48), height: 42)
        bodyLabel.frame = Rect(x: 24, y: 76, width: max(0, bounds.width - 48), height: 48)
        dismissButton.frame = Rect(x: 0, y: bounds.height - 40 - 68, width: bounds.width, height: 68)
    }
}

/// The card inset 30 px on every side of the container, over black dimming at alpha 0.5.
@MainActor final class BouncyPresentationController: DimmingPresentationController {
    override var dimmingAlpha: Double { 0.5 }

    override var frameOfPresentedViewInContainerView: Rect {
        (containerView?.bounds ?? .zero).insetBy(dx: 30, dy: 30)
    }
}

/// Vends the bouncy presentation: the drop-in spring, and a 0.3 s ease-in slide up to dismiss.
@MainActor final class BouncyTransitions: TransitioningDelegate {
    func presentationController(forPresented presented: ViewController, presenting: ViewController?,
                                source: ViewController) -> PresentationController? {
        BouncyPresentationController(presentedViewController: presented, presenting: presenting)
    }

    func animationController(forPresented presented: ViewController, presenting: ViewController,
                             source: ViewController) -> AnimatedTransitioning? {
        DropInTransitionAnimator()
    }

    func animationController(forDismissed dismissed: ViewController) -> AnimatedTransitioning? {
        SlideTransitionAnimator(isPresenting: false, edge: .top, duration: 0.3,
                                timingParameters: CubicTimingParameters(animationCurve: .easeIn))
    }
}

/// Starts the card with its centre one card-height above the container's top, fully out of sight, and
/// springs it home (0.8 s, damping 0.6, initial velocity 10).
@MainActor final class DropInTransitionAnimator: PropertyTransitionAnimator {
    init() {
        super.init(isPresenting: true, duration: 0.8,
                   timingParameters: SpringTimingParameters(dampingRatio: 0.6, initialVelocity: 10))
    }

    override func prepare(_ view: View, in context: TransitionContext) {
        view.center = Point(x: view.center.x, y: context.containerView.bounds.minY - view.bounds.height)
    }

    override func animate(_ view: View, in context: TransitionContext) {
        guard let presented = context.viewController(forKey: .to) else { return }
        view.frame = context.finalFrame(for: presented)
    }
}
