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
    private(set) var presentationController: PresentationController
    let container: TransitionContainerView
    /// The container size the delegate was last asked about.
    private var adaptedSize: Size?
    private(set) weak var window: Window?
    private(set) var phase: Phase = .presenting
    /// The transition running now, if any.
    private(set) var transition: TransitionContext?
    /// A dismissal asked for while the presentation transition runs; it starts when that ends.
    private var pendingDismissal: (animated: Bool, completion: (@MainActor () -> Void)?)?
    /// Where the presenting view was before a presentation that removes it took it out of the window.
    private var removedPresenterPlace: (superview: View, index: Int)?
    /// The first responder when the presentation began; it gets keyboard focus back after the dismissal.
    private weak var focusBeforePresentation: Responder?
    /// The end of this dismissal, waiting for the presentations above it to finish leaving.
    private var whenAboveIsGone: (() -> Void)?
    /// The presentation that was below this one when it was torn down.
    private weak var belowWhenTornDown: Presentation?

    /// Lets a dismissal below that waited for this one end, once this one has fully ended.
    private func releaseWaitingBelow() {
        guard let below = belowWhenTornDown, let waiting = below.whenAboveIsGone,
              below.window?.presentation(above: below) == nil else { return }
        below.whenAboveIsGone = nil
        waiting()
    }

    var presented: ViewController { presentationController.presentedViewController }
    var presenting: ViewController? { presentationController.presentingViewController }

    private init(presentationController: PresentationController, window: Window) {
        self.presentationController = presentationController
        self.window = window
        container = TransitionContainerView(frame: window.bounds)
    }

    // MARK: - Presenting

    /// Presents `controller` from `presenting` in `window`: makes the presentation controller, the
    /// container and the transition, calls the hooks in UIKit's order and runs the animator.
    static func present(_ controller: ViewController, from presenting: ViewController, in window: Window,
                        animated: Bool, completion: (@MainActor () -> Void)?) {
        _ = controller.view // loaded before any callback, as in UIKit
        let delegate = controller.transitioningDelegate
        let presentationController = makePresentationController(for: controller, presenting: presenting, delegate: delegate)
        presentationController.presentingViewController = presentationController.presentingViewController ?? presenting
        presentationController.presentationStyle = controller.modalPresentationStyle
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
        if presentationController.shouldRemovePresentersView { presenting.beginAppearanceTransition(false, animated: animated) }
        controller.beginAppearanceTransition(true, animated: animated)
        presentationController.presentationTransitionWillBegin()
        presentation.report(.presentationWillBegin)
        presentation.run(context)
    }

    private static func makePresentationController(for controller: ViewController, presenting: ViewController,
                                                   delegate: TransitioningDelegate?) -> PresentationController {
        if let prepared = controller.preparedPresentationController { return prepared }
        if controller.modalPresentationStyle == .custom {
            return delegate?.presentationController(forPresented: controller, presenting: presenting, source: presenting)
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

    private func presentationDidEnd(completed: Bool, completion: (@MainActor () -> Void)?) {
        guard let context = transition else { return }
        transition = nil
        if completed, let view = presentationController.presentedView, view.superview !== container {
            // An animator that did not add the presented view still leaves it presented, where it belongs.
            view.frame = presentationController.frameOfPresentedViewInContainerView
            container.addSubview(view)
        }
        context.coordinator.transitionDidEnd(completed: completed)
        presentationController.presentationTransitionDidEnd(completed)
        report(.presentationDidEnd, completed: completed)
        context.animator.animationEnded(completed)
        if completed {
            phase = .presented
            if presentationController.shouldRemovePresentersView { removePresenterView() }
            moveFocusInside()
            presented.endAppearanceTransition()
            presenting?.endAppearanceTransition()
            completion?()
            if let pending = pendingDismissal {
                pendingDismissal = nil
                dismiss(animated: pending.animated, completion: pending.completion)
            }
        } else {
            presented.beginAppearanceTransition(false, animated: context.isAnimated)
            presented.endAppearanceTransition()
            if presentationController.shouldRemovePresentersView {
                presenting?.beginAppearanceTransition(true, animated: context.isAnimated)
                presenting?.endAppearanceTransition()
            }
            tearDown()
            let dismissal = pendingDismissal
            pendingDismissal = nil
            dismissal?.completion?()
            releaseWaitingBelow()
        }
    }

    // MARK: - Dismissing

    /// Dismisses the presented controller together with every presentation above it: they all leave in
    /// the same frames, each with its own animator. During the presentation transition the dismissal waits
    /// for it to end.
    func dismiss(animated: Bool, completion: (@MainActor () -> Void)?) {
        switch phase {
        case .dismissing:
            return
        case .presenting:
            if animated, let context = transition, context.isAnimated, !context.isInteractive {
                reverseIntoDismissal(context, completion: completion)
            } else {
                pendingDismissal = (animated, completion)
            }
            return
        case .presented:
            break
        }
        if let above = window?.presentation(above: self) { above.dismiss(animated: animated, completion: nil) }
        let delegate = presented.transitioningDelegate
        let animator = dismissalAnimator()
        let interaction = animated
            ? delegate?.interactionControllerForDismissal(using: animator) ?? presentationController.interactionControllerForDismissal()
            : nil
        let context = TransitionContext(
            presentationController: presentationController, containerView: container, isPresenting: false,
            isAnimated: animated, style: presented.modalPresentationStyle, animator: animator,
            interactionController: interaction) { [unowned self] completed in
                self.dismissalDidEnd(completed: completed, completion: completion)
            }
        phase = .dismissing
        transition = context
        // Flutter's lesson: what is leaving takes no more touches; the content below is usable at once.
        container.isUserInteractionEnabled = false
        if presentationController.shouldRemovePresentersView { restorePresenterView() }
        presented.beginAppearanceTransition(false, animated: animated)
        if presentationController.shouldRemovePresentersView { presenting?.beginAppearanceTransition(true, animated: animated) }
        presentationController.dismissalTransitionWillBegin()
        report(.dismissalWillBegin)
        run(context)
    }

    private func dismissalDidEnd(completed: Bool, completion: (@MainActor () -> Void)?) {
        guard let context = transition else { return }
        if completed, window?.presentation(above: self) != nil {
            // Presentations above leave in the same transition; this one ends after them, so its
            // completion really comes last.
            whenAboveIsGone = { [unowned self] in dismissalDidEnd(completed: true, completion: completion) }
            return
        }
        transition = nil
        context.coordinator.transitionDidEnd(completed: completed)
        presentationController.dismissalTransitionDidEnd(completed)
        report(.dismissalDidEnd, completed: completed)
        context.animator.animationEnded(completed)
        if completed {
            tearDown()
            presented.endAppearanceTransition()
            presenting?.endAppearanceTransition()
            restoreFocus()
            completion?()
            releaseWaitingBelow()
        } else {
            phase = .presented
            container.isUserInteractionEnabled = true
            presented.beginAppearanceTransition(true, animated: context.isAnimated)
            presented.endAppearanceTransition()
            if presentationController.shouldRemovePresentersView {
                presenting?.beginAppearanceTransition(false, animated: context.isAnimated)
                presenting?.endAppearanceTransition()
                removePresenterView()
            }
        }
    }

    /// The animator that presents: a cross-fade under reduced motion, else the delegate's or the style's.
    private static func presentationAnimator(for presented: ViewController, presenting: ViewController,
                                             controller: PresentationController) -> AnimatedTransitioning {
        if AnimationSettings.reduceMotion { return CrossFadeTransitionAnimator(isPresenting: true) }
        return presented.transitioningDelegate?.animationController(forPresented: presented, presenting: presenting,
                                                                    source: presenting)
            ?? controller.defaultPresentationAnimator()
    }

    /// The animator that dismisses: a cross-fade under reduced motion, else the delegate's or the style's.
    private func dismissalAnimator() -> AnimatedTransitioning {
        if AnimationSettings.reduceMotion { return CrossFadeTransitionAnimator(isPresenting: false) }
        return presented.transitioningDelegate?.animationController(forDismissed: presented)
            ?? presentationController.defaultDismissalAnimator()
    }

    // MARK: - Interruption

    /// A dismissal asked for while the presentation runs: the presentation ends as cancelled (its
    /// completion does not run) and the dismissal starts at once from where the views are: it turns the
    /// presentation's interruptible animator around, or runs the dismissal animator, whose `View.animate`
    /// starts from the values on screen with the running springs' velocity. Callbacks:
    /// presentationTransitionDidEnd(false) — with `isDismissing` already true, so chrome stays to leave
    /// with the dismissal — then the dismissal's.
    private func reverseIntoDismissal(_ interrupted: TransitionContext, completion: (@MainActor () -> Void)?) {
        let animator: AnimatedTransitioning
        if let driver = interrupted.interruptibleDriver {
            animator = ReversedTransitionAnimator(
                reversing: driver, interruptedDuration: interrupted.animator.transitionDuration(using: interrupted),
                movingView: presentationController.presentedView)
        } else {
            animator = dismissalAnimator()
        }
        interrupted.abandon()
        transition = nil
        phase = .dismissing
        container.isUserInteractionEnabled = false
        interrupted.coordinator.transitionDidEnd(completed: false)
        presentationController.presentationTransitionDidEnd(false)
        report(.presentationDidEnd, completed: false)
        interrupted.animator.animationEnded(false)

        let context = TransitionContext(
            presentationController: presentationController, containerView: container, isPresenting: false,
            isAnimated: true, style: presented.modalPresentationStyle, animator: animator,
            interactionController: nil) { [unowned self] completed in
                self.dismissalDidEnd(completed: completed, completion: completion)
            }
        transition = context
        presented.beginAppearanceTransition(false, animated: true)
        if presentationController.shouldRemovePresentersView { presenting?.beginAppearanceTransition(true, animated: true) }
        presentationController.dismissalTransitionWillBegin()
        report(.dismissalWillBegin)
        Self.runNonInteractive(context)
    }

    /// `present` of the controller being dismissed: the dismissal ends as cancelled and the presentation
    /// turns the dismissal's interruptible animator around (or runs the presentation animator). Returns
    /// false when the dismissal cannot be interrupted (it is interactive, or not animated): then nothing
    /// happens.
    func reverseIntoPresentation(completion: (@MainActor () -> Void)?) -> Bool {
        guard phase == .dismissing, let interrupted = transition, interrupted.isAnimated, !interrupted.isInteractive else {
            return false
        }
        let animator: AnimatedTransitioning
        if let driver = interrupted.interruptibleDriver {
            animator = ReversedTransitionAnimator(
                reversing: driver, interruptedDuration: interrupted.animator.transitionDuration(using: interrupted),
                movingView: presentationController.presentedView)
        } else {
            animator = Self.presentationAnimator(for: presented, presenting: presenting ?? presented,
                                                 controller: presentationController)
        }
        interrupted.abandon()
        transition = nil
        phase = .presenting
        container.isUserInteractionEnabled = true
        interrupted.coordinator.transitionDidEnd(completed: false)
        presentationController.dismissalTransitionDidEnd(false)
        report(.dismissalDidEnd, completed: false)
        interrupted.animator.animationEnded(false)

        let context = TransitionContext(
            presentationController: presentationController, containerView: container, isPresenting: true,
            isAnimated: true, style: presented.modalPresentationStyle, animator: animator,
            interactionController: nil) { [unowned self] completed in
                self.presentationDidEnd(completed: completed, completion: completion)
            }
        transition = context
        if presentationController.shouldRemovePresentersView { presenting?.beginAppearanceTransition(false, animated: true) }
        presented.beginAppearanceTransition(true, animated: true)
        presentationController.presentationTransitionWillBegin()
        report(.presentationWillBegin)
        Self.runNonInteractive(context)
        return true
    }

    // MARK: - Running a transition

    /// Runs the transition: at once without animation; under the interaction controller when it wants
    /// to start interactively; otherwise through the animator, whose interruptible animator (or first
    /// `View.animate`) alongside animations join.
    private func run(_ context: TransitionContext) {
        guard context.isAnimated else {
            context.coordinator.runQueuedWithoutAnimation()
            if context.isPresenting, let view = presentationController.presentedView {
                view.frame = presentationController.frameOfPresentedViewInContainerView
                container.addSubview(view)
            }
            context.completeTransition(true)
            return
        }
        if let interaction = context.interactionController, interaction.wantsInteractiveStart {
            context.isInteractive = true
            interaction.startInteractiveTransition(context)
            return
        }
        Self.runNonInteractive(context)
    }

    /// Runs a transition through its animator, by itself.
    static func runNonInteractive(_ context: TransitionContext) {
        context.isInteractive = false
        if let driver = context.animator.interruptibleAnimator(using: context) {
            context.coordinator.attach(driver)
            context.animator.animateTransition(using: context)
        } else {
            let spec = AnimationSpecCapture.capture { context.animator.animateTransition(using: context) }
            if !context.isFinished { context.coordinator.startAlongside(with: spec) }
        }
    }

    // MARK: - Reporting

    private func report(_ kind: PresentationEvent.Kind, completed: Bool? = nil) {
        window?.presentationObserver?(PresentationEvent(kind: kind, controller: presented, completed: completed,
                                                        style: presentationController.presentationStyle))
    }

    // MARK: - Adaptivity

    /// Asks the delegate which style the presentation should have when the container's size changed
    /// (or always, with `force`), and re-hosts the presented controller in it.
    func adaptIfNeeded(animated: Bool, force: Bool = false) {
        let size = container.bounds.size
        guard phase != .dismissing, force || size != adaptedSize else { return }
        adaptedSize = size
        guard let delegate = presentationController.delegate,
              let style = delegate.adaptivePresentationStyle(for: presentationController,
                                                             traitCollection: TraitCollection(containerSize: size),
                                                             containerSize: size),
              style != presentationController.presentationStyle else { return }
        adapt(to: style, animated: animated)
    }

    /// Moves the presented controller, the same instance, into a presentation controller for `style` in
    /// the same container: the old controller takes its chrome down (its dismissal hooks), the new one puts
    /// its own up (its presentation hooks, joining the running transition if there is one), and the
    /// presented view moves to the new frame — a spring morph when `animated` and nothing else moves it.
    /// Moving within the window keeps the view's animations, touches and keyboard focus.
    func adapt(to style: ModalPresentationStyle, animated: Bool) {
        let old = presentationController
        let new = old.delegate?.presentationController(forAdaptiveStyle: style, presented: presented, presenting: presenting)
            ?? Self.builtInPresentationController(for: style, presented: presented, presenting: presenting)
        new.presentationStyle = style
        new.presentingViewController = new.presentingViewController ?? old.presentingViewController
        new.delegate = old.delegate

        old.dismissalTransitionWillBegin()
        old.dismissalTransitionDidEnd(true)
        old.presentation = nil
        old.containerView = nil

        presentationController = new
        new.presentation = self
        new.containerView = container
        container.presentationController = new
        transition?.presentationController = new
        new.presentationTransitionWillBegin()
        if transition == nil { new.presentationTransitionDidEnd(true) }

        if new.shouldRemovePresentersView, phase == .presented, removedPresenterPlace == nil {
            removePresenterView()
        } else if !new.shouldRemovePresentersView {
            restorePresenterView()
        }
        if let view = new.presentedView, view.superview === container {
            container.bringSubviewToFront(view)
            let target = new.frameOfPresentedViewInContainerView
            new.placedFrame = target
            if animated && phase == .presented {
                View.animate(springDuration: 0.4, bounce: 0, options: [.allowUserInteraction]) { view.frame = target }
            } else {
                view.frame = target
            }
        }
        report(.adapted)
        old.delegate?.presentationController(old, didAdaptTo: style, newController: new)
    }

    // MARK: - The presenter's view

    private func removePresenterView() {
        guard let view = presenting?.viewIfLoaded, let superview = view.superview,
              let index = superview.subviews.firstIndex(where: { $0 === view }) else { return }
        removedPresenterPlace = (superview, index)
        view.removeFromSuperview()
    }

    private func restorePresenterView() {
        guard let place = removedPresenterPlace, let view = presenting?.viewIfLoaded else { return }
        removedPresenterPlace = nil
        place.superview.insertSubview(view, at: place.index)
    }

    // MARK: - Keyboard focus

    /// Keys belong to the top presentation now: a first responder left outside it gives up focus (it is
    /// given back after the dismissal), so Tab starts inside the presented view.
    private func moveFocusInside() {
        guard let window, let responder = window.firstResponder, !isInside(responder) else { return }
        window.firstResponder = nil
    }

    /// Gives keyboard focus back to whoever had it before the presentation, if it is still in the window
    /// and nothing since took focus elsewhere.
    private func restoreFocus() {
        guard let window, let responder = focusBeforePresentation else { return }
        if let current = window.firstResponder, current !== responder, !isInside(current) { return }
        if responder.responderWindow === window { responder.becomeFirstResponder() }
    }

    /// Whether `responder` is the presented controller or inside its view.
    private func isInside(_ responder: Responder) -> Bool {
        if responder === presented { return true }
        if let view = responder as? View, let root = presented.viewIfLoaded { return view.isDescendant(of: root) }
        if let controller = responder as? ViewController, let view = controller.viewIfLoaded, let root = presented.viewIfLoaded {
            return view.isDescendant(of: root)
        }
        return false
    }

    // MARK: - Ending

    /// Removes the container (and with it the presented view and the chrome) and every link to this
    /// presentation, so that it and what it made are freed.
    private func tearDown() {
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
