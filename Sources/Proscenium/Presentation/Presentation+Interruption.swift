// MARK: - Interruption

extension Presentation {
    /// A dismissal asked for while the presentation runs: the presentation ends as cancelled (its
    /// completion does not run) and the dismissal starts at once from where the views are. Callbacks:
    /// presentationTransitionDidEnd(false) — with `isDismissing` already true, so chrome stays to leave
    /// with the dismissal — then the dismissal's.
    func reverseIntoDismissal(_ interrupted: TransitionContext, completion: (@MainActor () -> Void)?) {
        turnAround(interrupted, fallback: dismissalAnimator(), completion: completion)
    }

    /// `present` of the controller being dismissed: the dismissal ends as cancelled and the presentation
    /// starts from where the views are. Returns false when the dismissal cannot be interrupted (it is
    /// interactive, or not animated): then nothing happens.
    func reverseIntoPresentation(completion: (@MainActor () -> Void)?) -> Bool {
        guard phase == .dismissing, let interrupted = transition, interrupted.isAnimated, !interrupted.isInteractive else {
            return false
        }
        let fallback = Self.presentationAnimator(for: presented, presenting: presenting ?? presented,
                                                 controller: presentationController)
        turnAround(interrupted, fallback: fallback, completion: completion)
        return true
    }

    /// Ends `interrupted` as cancelled and starts the opposite transition right away: it turns the
    /// interrupted transition's interruptible animator around (a spring keeps its speed), or runs
    /// `fallback`, whose `View.animate` starts from the values on screen with the running springs'
    /// velocity. The phase changes before the "did end" hook, so the presentation controller can tell
    /// an interruption from a cancellation.
    private func turnAround(_ interrupted: TransitionContext, fallback: AnimatedTransitioning,
                            completion: (@MainActor () -> Void)?) {
        let presenting = !interrupted.isPresenting
        let animator: AnimatedTransitioning
        if let driver = interrupted.interruptibleDriver {
            animator = ReversedTransitionAnimator(
                reversing: driver, interruptedDuration: interrupted.animator.transitionDuration(using: interrupted),
                movingView: presentationController.presentedView)
        } else {
            animator = fallback
        }
        interrupted.abandon()
        transition = nil
        phase = presenting ? .presenting : .dismissing
        container.isUserInteractionEnabled = presenting
        interrupted.coordinator.transitionDidEnd(completed: false)
        if presenting {
            presentationController.dismissalTransitionDidEnd(false)
            report(.dismissalDidEnd, completed: false)
        } else {
            presentationController.presentationTransitionDidEnd(false)
            report(.presentationDidEnd, completed: false)
        }
        interrupted.animator.animationEnded(false)

        let context = TransitionContext(
            presentationController: presentationController, containerView: container, isPresenting: presenting,
            isAnimated: true, style: presented.modalPresentationStyle, animator: animator,
            interactionController: nil) { [unowned self] completed in
                if presenting {
                    presentationDidEnd(completed: completed, completion: completion)
                } else {
                    dismissalDidEnd(completed: completed, completion: completion)
                }
            }
        transition = context
        let removesPresenter = presentationController.shouldRemovePresentersView
        if presenting {
            if removesPresenter { self.presenting?.beginAppearanceTransition(false, animated: true) }
            presented.beginAppearanceTransition(true, animated: true)
            presentationController.presentationTransitionWillBegin()
            report(.presentationWillBegin)
        } else {
            presented.beginAppearanceTransition(false, animated: true)
            if removesPresenter { self.presenting?.beginAppearanceTransition(true, animated: true) }
            presentationController.dismissalTransitionWillBegin()
            report(.dismissalWillBegin)
        }
        Self.runNonInteractive(context)
    }
}
