/// One presented controller in a window, from the start of its presentation transition to the end of its
/// dismissal: the presentation controller, the container, the transition running now, and the phase.
///
/// The window owns presentations (bottom to top); the presented controller and its presentation
/// controller point back weakly, so when the dismissal ends and the window lets go, everything the
/// presentation made is freed. Phases only move forward (presenting → presented → dismissing → gone),
/// except that a cancelled transition returns to the phase it started from.
@MainActor final class Presentation {
    enum Phase {
        case presenting, presented, dismissing
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
    /// A dismissal asked for while the presentation transition runs; it starts when that ends.
    private var pendingDismissal: (animated: Bool, completion: (@MainActor () -> Void)?)?
    /// Where the presenting view was before a presentation that removes it took it out of the window.
    var removedPresenterPlace: (superview: View, index: Int)?
    /// The first responder when the presentation began; it gets keyboard focus back after the dismissal.
    weak var focusBeforePresentation: Responder?
    /// The end of this dismissal, waiting for the presentations above it to finish leaving.
    var whenAboveIsGone: (() -> Void)?
    /// The presentation that was below this one when it was torn down.
    private weak var belowWhenTornDown: Presentation?
    /// Set once the presentation ended and left the window; nothing runs for it after that.
    private(set) var isTornDown = false
    /// How many callback sequences (appearance callbacks, presentation-controller hooks, completions) run
    /// now. A `dismiss`, `present` or adaptation asked for from inside one waits until the sequence is over,
    /// so no callback ever sees a presentation torn down under it.
    var callOutDepth = 0
    var deferredRequests: [DeferredRequest] = []
    /// Spring morphs of an adaptation still running; the presenter's view leaves after them.
    var morphsRunning = 0
    /// The order of the events reported so far, checked as they come.
    var eventOrder = PresentationEventOrder()

    /// A request made re-entrantly, from inside one of the presentation's callback sequences.
    enum DeferredRequest {
        case dismiss(animated: Bool, interactive: Bool, completion: (@MainActor () -> Void)?)
        case present(completion: (@MainActor () -> Void)?)
        case adapt(animated: Bool, force: Bool)
    }

    /// Whether a dismissal waits for this presentation's transition to end before it starts.
    var hasPendingDismissal: Bool { pendingDismissal != nil }

    /// Whether a dismissal has ended but waits for the presentations above to leave.
    var isWaitingForAbove: Bool { whenAboveIsGone != nil }

    /// Lets a dismissal below that waited for this one end, once this one has fully ended.
    private func releaseWaitingBelow() {
        guard let below = belowWhenTornDown, let waiting = below.whenAboveIsGone,
              below.window?.presentation(above: below) == nil else { return }
        below.whenAboveIsGone = nil
        waiting()
    }

    /// The presented controller, the same through every adaptation; its presentation controller must
    /// present it (the self-check compares the two).
    let presented: ViewController
    var presenting: ViewController? { presentationController.presentingViewController }

    private init(presentationController: PresentationController, window: Window) {
        self.presentationController = presentationController
        presented = presentationController.presentedViewController
        originalPresentationController = presentationController
        originalStyle = presentationController.presentationStyle
        self.window = window
        container = TransitionContainerView(frame: window.bounds)
        LiveObjects.created(.presentation)
    }

    deinit { LiveObjects.freed(.presentation) }

    // MARK: - Presenting

    /// Presents `controller` from `presenting` in `window`: makes the presentation controller, the
    /// container and the transition, calls the hooks in UIKit's order and runs the animator.
    static func present(_ controller: ViewController, from presenting: ViewController, in window: Window,
                        animated: Bool, completion: (@MainActor () -> Void)?) {
        _ = controller.view // loaded before any callback, as in UIKit
        let delegate = controller.transitioningDelegate
        let presentationController = presentationController(for: controller, presenting: presenting)
        presentationController.presentingViewController = presentationController.presentingViewController ?? presenting
        presentationController.presentationStyle = controller.modalPresentationStyle
        presentationController.holdPresentedStrongly()
        let presentation = Presentation(presentationController: presentationController, window: window)
        let animator = presentationAnimator(for: controller, presenting: presenting, controller: presentationController)
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
            isAnimated: animated, style: controller.modalPresentationStyle, animator: animator,
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
    private static func presentationController(for controller: ViewController, presenting: ViewController) -> PresentationController {
        if let prepared = controller.preparedPresentationController, prepared.presentationStyle == controller.modalPresentationStyle {
            prepared.holdPresentedStrongly()
            return prepared
        }
        let made = makePresentationController(for: controller, presenting: presenting, source: presenting)
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
        case .fullScreen: return FullScreenPresentationController(presentedViewController: controller, presenting: presenting)
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
                view.frame = presentationController.frameOfPresentedViewInContainerView
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
                presented.endAppearanceTransition(by: self)
                endPresenterAppearance()
                // Observers hear of the end once the state is final, so they may dismiss or present at once.
                report(.presentationDidEnd, completed: true)
                completion?()
                if let pending = pendingDismissal {
                    pendingDismissal = nil
                    dismiss(animated: pending.animated, completion: pending.completion)
                }
            } else {
                presented.beginAppearanceTransition(false, animated: context.isAnimated, by: self)
                presented.endAppearanceTransition(by: self)
                if presentationController.shouldRemovePresentersView, presenterBelongsToWindow {
                    beginPresenterAppearance(true, animated: context.isAnimated)
                    endPresenterAppearance()
                }
                tearDown()
                report(.presentationDidEnd, completed: false)
                let dismissal = pendingDismissal
                pendingDismissal = nil
                dismissal?.completion?()
                releaseWaitingBelow()
            }
        }
    }

    // MARK: - Dismissing

    /// Dismisses the presented controller together with every presentation above it: they all leave in
    /// the same frames, each with its own animator. During the presentation transition the dismissal waits
    /// for it to end.
    /// With `interactive` false, no interaction controller is asked for: the dismissal runs by itself.
    func dismiss(animated: Bool, interactive: Bool = true, completion: (@MainActor () -> Void)?) {
        if callOutDepth > 0 {
            deferredRequests.append(.dismiss(animated: animated, interactive: interactive, completion: completion))
            return
        }
        guard !isTornDown else {
            // Already gone (a cancelled presentation): nothing is left to dismiss.
            completion?()
            return
        }
        switch phase {
        case .dismissing:
            return
        case .presenting:
            // What was presented on top while this one came in leaves with it, as from a presented one.
            dismissPresentationsAbove(animated: animated)
            guard phase == .presenting, !isTornDown else { return }  // a callback of theirs dismissed this one
            if animated, let context = transition, context.isAnimated, !context.isInteractive {
                reverseIntoDismissal(context, completion: completion)
            } else {
                pendingDismissal = (animated, completion)
            }
            return
        case .presented:
            break
        }
        dismissPresentationsAbove(animated: animated)
        guard phase == .presented, !isTornDown else { return }  // a callback of theirs dismissed this one
        let delegate = presented.transitioningDelegate
        let animator = dismissalAnimator()
        let interaction = animated && interactive
            ? delegate?.interactionControllerForDismissal(using: animator) ?? presentationController.interactionControllerForDismissal()
            : nil
        let context = TransitionContext(
            presentationController: presentationController, containerView: container, isPresenting: false,
            isAnimated: animated, style: presented.modalPresentationStyle, animator: animator,
            interactionController: interaction) { [unowned self] completed in
                self.dismissalDidEnd(completed: completed, completion: completion)
            }
        callingOut {
            phase = .dismissing
            transition = context
            // Flutter's lesson: what is leaving takes no more touches; the content below is usable at once.
            container.isUserInteractionEnabled = false
            let restoresPresenter = presentationController.shouldRemovePresentersView && presenterBelongsToWindow
            if restoresPresenter { restorePresenterView() }
            presented.beginAppearanceTransition(false, animated: animated, by: self)
            if restoresPresenter { beginPresenterAppearance(true, animated: animated) }
            callHook { $0.dismissalTransitionWillBegin() }
            report(.dismissalWillBegin)
            run(context)
        }
    }

    /// Starts the dismissal of the presentations above this one; their callbacks may ask this one to
    /// dismiss too, which then waits until they are done (and finds it dismissing, or gone).
    private func dismissPresentationsAbove(animated: Bool) {
        guard let above = window?.presentation(above: self) else { return }
        callingOut { above.dismiss(animated: animated, interactive: false, completion: nil) }
    }

    func dismissalDidEnd(completed: Bool, completion: (@MainActor () -> Void)?) {
        guard let context = transition else { return }
        if completed, window?.presentation(above: self) != nil {
            // Presentations above leave in the same transition; this one ends after them, so its
            // completion really comes last.
            whenAboveIsGone = { [unowned self] in dismissalDidEnd(completed: true, completion: completion) }
            return
        }
        whenAboveIsGone = nil
        callingOut {
            transition = nil
            context.coordinator.transitionDidEnd(completed: completed)
            callHook { $0.dismissalTransitionDidEnd(completed) }
            context.animator.animationEnded(completed)
            if completed {
                tearDown()
                // Reported before the appearance callbacks: one of them may present the same controller
                // again, and observers must hear of this presentation's end before the next one's start.
                report(.dismissalDidEnd, completed: true)
                presented.endAppearanceTransition(by: self)
                endPresenterAppearance()
                restoreFocus()
                completion?()
                releaseWaitingBelow()
            } else {
                phase = .presented
                container.isUserInteractionEnabled = true
                if coveringPresentation == nil {
                    presented.beginAppearanceTransition(true, animated: context.isAnimated, by: self)
                    presented.endAppearanceTransition(by: self)
                }
                if presentationController.shouldRemovePresentersView, presenterBelongsToWindow {
                    beginPresenterAppearance(false, animated: context.isAnimated)
                    endPresenterAppearance()
                    removePresenterView()
                }
                report(.dismissalDidEnd, completed: false)
                // A presentation below is leaving and waits for this one (the finger let go of a sheet
                // above it and the drag cancelled): this one leaves after all, by itself.
                if let below = window?.presentation(below: self), below.phase == .dismissing {
                    dismiss(animated: true, interactive: false, completion: nil)
                }
            }
        }
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
    private func tearDown() {
        isTornDown = true
        transition = nil
        restorePresenterView()
        container.removeFromSuperview()
        belowWhenTornDown = window?.presentation(below: self)
        window?.removePresentation(self)
        if presenting?.presentedController === presented { presenting?.presentedController = nil }
        presented.presentingController = nil
        presented.presentation = nil
        presentationController.presentation = nil
        presentationController.containerView = nil
        container.presentationController = nil
    }
}
