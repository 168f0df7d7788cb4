/// One presented controller in a window, from the start of its presentation transition to the end of its
/// dismissal: the presentation controller, the container, the transition running now, and the phase.
///
/// The window owns presentations (bottom to top); the presented controller and its presentation
/// controller point back weakly, so when the dismissal ends and the window lets go, everything the
/// presentation made is freed. Phases only move forward (presenting → presented → dismissing → gone),
/// except that a cancelled transition returns to the phase it started from.
@MainActor final class Presentation {
    /// Where the presentation is in its life; each phase says which callbacks have run.
    enum Phase {
        /// From `presentationTransitionWillBegin` (and `viewWillAppear`) to the presentation's end.
        case presenting
        /// The presentation transition completed (`presentationTransitionDidEnd(true)`, `viewDidAppear`)
        /// and no dismissal runs.
        case presented
        /// From `dismissalTransitionWillBegin` (and `viewWillDisappear`) to the dismissal's end: by its
        /// own transition, or with the presentation above that leads its group (`leader`).
        case dismissing
        /// Ended and out of the window (`dismissalTransitionDidEnd(true)`, or a cancelled presentation);
        /// nothing runs for it after that.
        case gone
    }

    /// The presentation controller hosting the presented controller now; adaptation replaces it.
    var presentationController: PresentationController
    /// The presentation controller and style the presentation started with: adapting back to that style
    /// (or to no adaptation, which in UIKit means the original style) returns to this same controller,
    /// with its configuration (a popover's source view and passthrough views).
    let originalPresentationController: PresentationController
    let originalStyle: ModalPresentationStyle
    let container: TransitionContainerView
    /// The container size the delegate was last asked about.
    var adaptedSize: Size?
    private(set) weak var window: Window?
    var phase: Phase = .presenting
    /// The transition running now, if any.
    var transition: TransitionContext? {
        didSet { updatePresenterRasterization() }
    }
    /// The presenting view while an animated transition runs over it, asked to rasterize: it holds still
    /// under chrome that changes every frame (a fading dimming repaints the whole window), so the
    /// renderer composites it from a layer instead of drawing it again each frame.
    private weak var rasterizedPresenterView: View?
    /// Where the presenting view was before a presentation that removes it took it out of the window.
    var removedPresenterPlace: (superview: View, index: Int)?
    /// The first responder when the presentation began; it gets keyboard focus back after the dismissal.
    weak var focusBeforePresentation: Responder?
    /// Leaving with the presentations above it, in one transition: the top one of the group, whose
    /// transition animates; this one ends when it ends. Nil for a presentation leaving by itself.
    weak var leader: Presentation?
    /// The presentations leaving with this one, the leader of their group, top to bottom.
    var followers: [Presentation] = []
    /// A follower's dismissal completion, run when its group has left.
    var followerCompletion: (@MainActor () -> Void)?
    /// Whether joining a group took the presented view out of the container (only the top one animates).
    var viewTakenOutByGroup = false
    /// Whether the presentation ended and left the window; nothing runs for it after that.
    var isTornDown: Bool { phase == .gone }
    /// Spring morphs of an adaptation still running; the presenter's view leaves after them.
    var morphsRunning = 0
    /// The presentation controller's anchor when the stack last looked (see `followMovedAnchors`).
    var lastAnchor: Rect?
    /// The order of the events reported so far, checked as they come.
    var eventOrder = PresentationEventOrder()

    /// The presented controller, the same through every adaptation; its presentation controller must
    /// present it (the self-check compares the two).
    let presented: ViewController
    /// The controller `present` was called on, told to the transitioning delegate again when adapting
    /// to `.custom`.
    weak var source: ViewController?
    /// Drives this presentation's next dismissal instead of its delegate's interaction controller: the
    /// transition of a container taking away the controller it was presented from (see
    /// `NavigationController+LeavingPresentations.swift`).
    var followingInteraction: InteractiveTransitioning?
    var presenting: ViewController? { presentationController.presentingViewController }

    private init(presentationController: PresentationController, original: PresentationController, window: Window) {
        self.presentationController = presentationController
        presented = presentationController.presentedViewController
        originalPresentationController = original
        originalStyle = original.presentationStyle
        self.window = window
        container = TransitionContainerView(frame: window.bounds)
        LiveObjects.created(.presentation)
    }

    deinit { LiveObjects.freed(.presentation) }

    // MARK: - Presenting

    /// Applies a `present` request of the window's stack: refuses what UIKit refuses, turns a leaving
    /// controller presented again around, or starts a new presentation.
    static func applyPresent(_ controller: ViewController, from caller: ViewController, animated: Bool,
                             completion: (@MainActor () -> Void)?) {
        let presenting = caller.presentationContext
        if let leaving = presenting.presentation, leaving.phase == .dismissing {
            // UIKit refuses this too: what would be presented (or brought back) could only leave with its
            // presenter.
            Warnings.warn("\(type(of: presenting)) is being dismissed; it cannot present \(type(of: controller))")
            return
        }
        if presenting.presentedController === controller, let presentation = controller.presentation,
           presentation.phase == .dismissing {
            presentation.presentAgain(source: caller, completion: completion)
            return
        }
        if let refusal = refusal(toPresent: controller, from: presenting) {
            return Warnings.warn("cannot present \(type(of: controller)) on \(type(of: presenting)): \(refusal)")
        }
        guard let window = presenting.viewIfLoaded?.window else { return }
        present(controller, from: presenting, source: caller, in: window, animated: animated, completion: completion)
    }

    /// Why `presenting` cannot present `controller` now, as UIKit's logs and exceptions say it; nil when it can.
    private static func refusal(toPresent controller: ViewController, from presenting: ViewController) -> String? {
        if controller === presenting { return "a controller cannot present itself" }
        if let shown = presenting.presentedController { return "it already presents \(type(of: shown))" }
        if controller.presentation != nil { return "it is already presented" }
        if controller.parentController != nil { return "it is a child of \(type(of: controller.parentController!))" }
        if presenting.viewIfLoaded?.window == nil { return "its view is not in a window" }
        return nil
    }

    /// Presents `controller` from `presenting` in `window`: makes the presentation controller, the
    /// container and the transition, calls the hooks in UIKit's order and runs the animator. `source` is
    /// the controller `present` was called on (a child of `presenting`, or `presenting` itself), which the
    /// transitioning delegate is told about, as in UIKit.
    private static func present(_ controller: ViewController, from presenting: ViewController, source: ViewController,
                                in window: Window, animated: Bool, completion: (@MainActor () -> Void)?) {
        // Loaded before any callback, as in UIKit, and as large as the window it is presented in.
        controller.windowPresentingIn = window
        _ = controller.view
        controller.windowPresentingIn = nil
        let delegate = controller.transitioningDelegate
        let original = presentationController(for: controller, presenting: presenting, source: source)
        original.presentingViewController = original.presentingViewController ?? presenting
        original.presentationStyle = controller.modalPresentationStyle
        original.holdPresentedStrongly()
        // As in UIKit, the delegate's style for the window's size applies from the first frame: a popover
        // asked for in a compact window comes in as the sheet it adapts to, with the sheet's own animation.
        let presentationController = adaptedAtStart(original, presenting: presenting, source: source,
                                                     size: window.bounds.size) ?? original
        let presentation = Presentation(presentationController: presentationController, original: original, window: window)
        presentation.source = source
        let animator = presentationAnimator(for: controller, presenting: presenting, source: source,
                                            controller: presentationController)
        let interaction = animated ? delegate?.interactionControllerForPresentation(using: animator) : nil

        presenting.presentedController = controller
        controller.presentingController = presenting
        controller.presentation = presentation
        controller.preparedPresentationController = nil
        presentationController.presentation = presentation
        presentationController.containerView = presentation.container
        presentation.container.presentationController = presentationController
        window.addPresentation(presentation)
        presentationController.placedFrame = presentationController.frameOfPresentedViewInContainerView

        let context = TransitionContext(
            presentationController: presentationController, containerView: presentation.container, isPresenting: true,
            isAnimated: animated, style: presentationController.presentationStyle, animator: animator,
            interactionController: interaction) { [unowned presentation] completed in
                presentation.presentationDidEnd(completed: completed, completion: completion)
            }
        presentation.transition = context
        presentation.focusBeforePresentation = window.firstResponder
        // Any callback below may dismiss or present again: such requests wait until the sequence is over.
        presentation.callingOut {
            if presentationController.shouldRemovePresentersView { presentation.beginPresenterAppearance(false, animated: animated) }
            controller.beginAppearanceTransition(true, animated: animated, by: presentation)
            presentation.callHook { $0.presentationTransitionWillBegin() }
            presentation.report(.presentationWillBegin)
            presentation.run(context)
        }
    }

    /// The presentation controller made for `controller` before its presentation (read from its
    /// `presentationController`) if it is for the current style, else a new one, with the prepared one's
    /// delegate.
    private static func presentationController(for controller: ViewController, presenting: ViewController,
                                               source: ViewController) -> PresentationController {
        if let prepared = controller.preparedPresentationController, prepared.presentationStyle == controller.modalPresentationStyle {
            prepared.holdPresentedStrongly()
            return prepared
        }
        let made = makePresentationController(for: controller, presenting: presenting, source: source)
        made.delegate = made.delegate ?? controller.preparedPresentationController?.delegate
        return made
    }

    /// A new presentation controller for `controller`'s style: the transitioning delegate's for
    /// `.custom` (a plain one if it vends none), else the built-in one.
    static func makePresentationController(for controller: ViewController, presenting: ViewController?,
                                           source: ViewController) -> PresentationController {
        if controller.modalPresentationStyle == .custom {
            return controller.transitioningDelegate?.presentationController(forPresented: controller, presenting: presenting, source: source)
                ?? PresentationController(presentedViewController: controller, presenting: presenting)
        }
        return builtInPresentationController(for: controller.modalPresentationStyle, presented: controller, presenting: presenting)
    }

    /// The presentation controller Proscenium ships for `style` (a plain one for `.custom`).
    static func builtInPresentationController(for style: ModalPresentationStyle, presented controller: ViewController,
                                              presenting: ViewController?) -> PresentationController {
        switch style {
        case .custom:
            return PresentationController(presentedViewController: controller, presenting: presenting)
        case .fullScreen, .none: return FullScreenPresentationController(presentedViewController: controller, presenting: presenting)
        case .overFullScreen: return PresentationController(presentedViewController: controller, presenting: presenting)
        case .formSheet: return FormSheetPresentationController(presentedViewController: controller, presenting: presenting)
        case .bottomSheet: return BottomSheetPresentationController(presentedViewController: controller, presenting: presenting)
        case .popover: return PopoverPresentationController(presentedViewController: controller, presenting: presenting)
        case .alert: return AlertPresentationController(presentedViewController: controller, presenting: presenting)
        }
    }

    func presentationDidEnd(completed: Bool, completion: (@MainActor () -> Void)?) {
        guard let context = transition else { return }
        callingOut {
            transition = nil
            if completed, let view = presentationController.presentedView, view.superview !== container {
                // An animator that did not add the presented view still leaves it presented, where it belongs
                // — unless a presentation above, made meanwhile, covers it and keeps it out of the window
                // (full screen): then it comes back with that one's dismissal.
                view.untransformedFrame = presentationController.frameOfPresentedViewInContainerView
                if let cover = coveringPresentation {
                    if cover.removedPresenterPlace == nil { cover.removedPresenterPlace = (container, container.subviews.count) }
                } else {
                    container.addSubview(view)
                }
            }
            context.coordinator.transitionDidEnd(completed: completed)
            callHook { $0.presentationTransitionDidEnd(completed) }
            context.animator.animationEnded(completed)
            if completed {
                phase = .presented
                if presentationController.shouldRemovePresentersView { removePresenterView() }
                moveFocusInside()
                // Ended only if still this presentation's: one made on top of it meanwhile (full screen,
                // covering it) that turned its appearance around ends it, when it is over.
                endPresentedAppearance(ending: .presentation)
                endPresenterAppearance()
                // Observers hear of the end once the state is final, so they may dismiss or present at once.
                report(.presentationDidEnd, completed: true)
                completion?()
            } else {
                presented.beginAppearanceTransition(false, animated: context.isAnimated, by: self)
                presented.endAppearanceTransition(by: self)
                if presentationController.shouldRemovePresentersView, presenterBelongsToWindow {
                    beginPresenterAppearance(true, animated: context.isAnimated)
                    endPresenterAppearance()
                }
                tearDown()
                report(.presentationDidEnd, completed: false)
            }
        }
    }

    /// Ends the presented controller's appearance transition (`viewDidAppear`, `viewDidDisappear`) with
    /// `isBeingPresented` or `isBeingDismissed` still true in it, as the transition that just ended left it.
    func endPresentedAppearance(ending transition: ViewController.EndingTransition) {
        let before = presented.endingTransition
        presented.endingTransition = transition
        presented.endAppearanceTransition(by: self)
        presented.endingTransition = before
    }

    // MARK: - Reporting

    func report(_ kind: PresentationEvent.Kind, completed: Bool? = nil) {
        if let problem = eventOrder.record(kind, completed: completed, isTornDown: isTornDown) {
            window?.recordProblem("\(type(of: presented)): \(problem)")
        }
        window?.presentationObserver?(PresentationEvent(kind: kind, controller: presented, completed: completed,
                                                        style: presentationController.presentationStyle))
    }

    // MARK: - The presenter's view under a transition

    private func updatePresenterRasterization() {
        let view = transition?.isAnimated == true ? presenting?.viewIfLoaded : nil
        guard view !== rasterizedPresenterView else { return }
        rasterizedPresenterView?.rasterizationRequests -= 1
        view?.rasterizationRequests += 1
        rasterizedPresenterView = view
    }

    // MARK: - Ending

    /// Removes the container (and with it the presented view and the chrome) and every link to this
    /// presentation, so that it and what it made are freed.
    func tearDown() {
        // Whatever way it ends (a cancelled presentation too), the presented view leaves with the corners
        // and shadow it came with.
        presentationController.restorePresentedViewCorners()
        phase = .gone
        transition = nil
        leader = nil
        restorePresenterView()
        container.removeFromSuperview()
        window?.removePresentation(self)
        if presenting?.presentedController === presented { presenting?.presentedController = nil }
        presented.presentingController = nil
        presented.presentation = nil
        presentationController.presentation = nil
        presentationController.containerView = nil
        container.presentationController = nil
    }
}
