// MARK: - Interruption

extension Presentation {
    /// A dismissal asked for while the presentation runs: the presentation ends as cancelled (its
    /// completion does not run) and the dismissal starts at once from where the views are: it turns the
    /// presentation's interruptible animator around, or runs the dismissal animator, whose `View.animate`
    /// starts from the values on screen with the running springs' velocity. Callbacks:
    /// presentationTransitionDidEnd(false) — with `isDismissing` already true, so chrome stays to leave
    /// with the dismissal — then the dismissal's.
    func reverseIntoDismissal(_ interrupted: TransitionContext, completion: (@MainActor () -> Void)?) {
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
}
