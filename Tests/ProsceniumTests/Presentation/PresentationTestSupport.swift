import Proscenium

// Doubles shared by the presentation tests: controllers, a presentation controller and a delegate that
// write every callback into one ordered log, an animator driven by View.animate, and a window fixture.

/// A controller that logs its appearance callbacks as "name.viewWillAppear(true)" and so on.
@MainActor final class LoggingViewController: ViewController {
    let name: String
    let log: ProbeLog
    let button = Button(title: "Below", frame: Rect(x: 20, y: 20, width: 120, height: 44))
    var taps = 0

    init(_ name: String, log: ProbeLog) {
        self.name = name
        self.log = log
        super.init()
    }

    override func viewDidLoad() {
        view.identifier = name
        view.backgroundColor = .white
        button.identifier = "\(name)-button"
        button.addAction { [unowned self] _ in taps += 1 }
        view.addSubview(button)
    }

    override func viewWillAppear(_ animated: Bool) { log.entries.append("\(name).viewWillAppear(\(animated))") }
    override func viewDidAppear(_ animated: Bool) { log.entries.append("\(name).viewDidAppear(\(animated))") }
    override func viewWillDisappear(_ animated: Bool) { log.entries.append("\(name).viewWillDisappear(\(animated))") }
    override func viewDidDisappear(_ animated: Bool) { log.entries.append("\(name).viewDidDisappear(\(animated))") }
}

/// A dimming presentation controller that logs its hooks and counts container layouts; the presented
/// view is inset 30 points from the container, as in the bouncy seed.
@MainActor final class LoggingPresentationController: DimmingPresentationController {
    let log: ProbeLog
    private(set) var willLayoutCount = 0
    private(set) var didLayoutCount = 0
    var inset = 30.0

    init(presented: ViewController, presenting: ViewController?, log: ProbeLog) {
        self.log = log
        super.init(presentedViewController: presented, presenting: presenting)
    }

    override var frameOfPresentedViewInContainerView: Rect {
        (containerView?.bounds ?? .zero).insetBy(dx: inset, dy: inset)
    }

    override func presentationTransitionWillBegin() {
        log.entries.append("pc.presentationTransitionWillBegin")
        super.presentationTransitionWillBegin()
    }
    override func presentationTransitionDidEnd(_ completed: Bool) {
        log.entries.append("pc.presentationTransitionDidEnd(\(completed))")
        super.presentationTransitionDidEnd(completed)
    }
    override func dismissalTransitionWillBegin() {
        log.entries.append("pc.dismissalTransitionWillBegin")
        super.dismissalTransitionWillBegin()
    }
    override func dismissalTransitionDidEnd(_ completed: Bool) {
        log.entries.append("pc.dismissalTransitionDidEnd(\(completed))")
        super.dismissalTransitionDidEnd(completed)
    }
    override func containerViewWillLayoutSubviews() {
        willLayoutCount += 1
        super.containerViewWillLayoutSubviews()
    }
    override func containerViewDidLayoutSubviews() { didLayoutCount += 1 }
}

/// Moves the presented view with `View.animate` (a slide from above for presenting, to above for
/// dismissing) and completes with `result`; logs "animator.present" / "animator.dismiss".
@MainActor final class ViewAnimateAnimator: AnimatedTransitioning {
    let isPresenting: Bool
    let log: ProbeLog
    var duration = 0.5
    var timing: TimingCurveProvider = CubicTimingParameters(animationCurve: .linear)
    var result = true

    init(isPresenting: Bool, log: ProbeLog) {
        self.isPresenting = isPresenting
        self.log = log
    }

    func transitionDuration(using context: TransitionContext) -> Double { duration }

    func animateTransition(using context: TransitionContext) {
        log.entries.append(isPresenting ? "animator.present" : "animator.dismiss")
        let presented = context.viewController(forKey: isPresenting ? .to : .from)!
        let view = context.view(forKey: isPresenting ? .to : .from)!
        let container = context.containerView
        if isPresenting {
            let final = context.finalFrame(for: presented)
            view.frame = final.offsetBy(dx: 0, dy: -final.maxY)
            container.addSubview(view)
        }
        let result = result
        View.animate(withDuration: duration, timingParameters: timing, animations: {
            if isPresenting {
                view.frame = context.finalFrame(for: presented)
            } else {
                view.frame = view.frame.offsetBy(dx: 0, dy: -view.frame.maxY)
            }
        }, completion: { _ in context.completeTransition(result) })
    }
}

/// A transitioning delegate that vends a `LoggingPresentationController`, and optionally animators and
/// interaction controllers.
@MainActor final class LoggingDelegate: TransitioningDelegate {
    let log: ProbeLog
    var presentationAnimator: AnimatedTransitioning?
    var dismissalAnimator: AnimatedTransitioning?
    var presentationInteraction: InteractiveTransitioning?
    var dismissalInteraction: InteractiveTransitioning?
    weak var lastPresentationController: LoggingPresentationController?

    init(log: ProbeLog) { self.log = log }

    func presentationController(forPresented presented: ViewController, presenting: ViewController?,
                                source: ViewController) -> PresentationController? {
        let controller = LoggingPresentationController(presented: presented, presenting: presenting, log: log)
        lastPresentationController = controller
        return controller
    }
    func animationController(forPresented presented: ViewController, presenting: ViewController,
                             source: ViewController) -> AnimatedTransitioning? { presentationAnimator }
    func animationController(forDismissed dismissed: ViewController) -> AnimatedTransitioning? { dismissalAnimator }
    func interactionControllerForPresentation(using animator: AnimatedTransitioning) -> InteractiveTransitioning? {
        presentationInteraction
    }
    func interactionControllerForDismissal(using animator: AnimatedTransitioning) -> InteractiveTransitioning? {
        dismissalInteraction
    }
}

/// A 400×300 window on a 60 Hz manual clock with a logging root controller, after its first frame.
@MainActor struct PresentationFixture {
    let log = ProbeLog()
    let clock = ManualFrameClock(startTime: 10, framesPerSecond: 60)
    let window: Window
    let root: LoggingViewController

    init(size: Size = Size(width: 400, height: 300)) {
        window = Window(size: size, clock: clock)
        root = LoggingViewController("root", log: log)
        window.rootViewController = root
        clock.step()
        log.entries = []
    }

    /// A controller to present with the `.custom` style and `delegate`.
    func makePresented(_ name: String = "presented", delegate: LoggingDelegate) -> LoggingViewController {
        let controller = LoggingViewController(name, log: log)
        controller.modalPresentationStyle = .custom
        controller.transitioningDelegate = delegate
        return controller
    }

    /// Runs frames until nothing animates and no frame is asked for, up to `limit` seconds.
    func runUntilIdle(limit: Double = 10) {
        AnimationFixture.runUntilIdle(window: window, clock: clock, limit: limit)
    }

    /// Runs `count` frames, asking for each.
    func frames(_ count: Int) {
        for _ in 0..<count {
            window.setNeedsFrame()
            clock.step()
        }
    }
}
