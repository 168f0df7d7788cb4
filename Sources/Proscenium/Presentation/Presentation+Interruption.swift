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
        if deferPresentIfCallingOut(completion: completion) { return true }
        guard !isTornDown, phase == .dismissing, let interrupted = transition, interrupted.isAnimated,
              !interrupted.isInteractive else {
            return false
        }
        // A dismissal that already ended and only waits for the presentations above to leave comes back
        // with a presentation animator of its own, from where its view is.
        whenAboveIsGone = nil
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
        let reversible: (driver: ViewImplicitlyAnimating, duration: Double)?
        if let reversed = interrupted.animator as? ReversedTransitionAnimator {
            // A turn-around turned around again (present, dismiss, present quickly): the same animator
            // goes back once more, instead of a new one starting over from its beginning.
            reversible = (reversed.driver, reversed.drivenDuration)
        } else if let driver = interrupted.interruptibleDriver {
            reversible = (driver, interrupted.animator.transitionDuration(using: interrupted))
        } else {
            reversible = nil
        }
        if let reversible, !interrupted.isFinished {
            animator = ReversedTransitionAnimator(reversing: reversible.driver, interruptedDuration: reversible.duration,
                                                  movingView: presentationController.presentedView)
        } else {
            animator = fallback
        }
        interrupted.abandon()
        callingOut {
            transition = nil
            phase = presenting ? .presenting : .dismissing
            container.isUserInteractionEnabled = presenting
            // Alongside animations (a dimming's fade) stay where they are on screen: the opposite
            // transition's take over from there.
            interrupted.coordinator.transitionWasInterrupted()
            if presenting {
                callHook { $0.dismissalTransitionDidEnd(false) }
                report(.dismissalDidEnd, completed: false)
            } else {
                callHook { $0.presentationTransitionDidEnd(false) }
                report(.presentationDidEnd, completed: false)
            }
            interrupted.animator.animationEnded(false)
            startOpposite(of: interrupted, presenting: presenting, animator: animator, completion: completion)
        }
    }

    /// The second half of `turnAround`: the opposite transition's context, callbacks and animator.
    private func startOpposite(of interrupted: TransitionContext, presenting: Bool, animator: AnimatedTransitioning,
                               completion: (@MainActor () -> Void)?) {

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
        let removesPresenter = presentationController.shouldRemovePresentersView && presenterBelongsToWindow
        if presenting {
            if removesPresenter { beginPresenterAppearance(false, animated: true) }
            presented.beginAppearanceTransition(true, animated: true, by: self)
            callHook { $0.presentationTransitionWillBegin() }
            report(.presentationWillBegin)
        } else {
            presented.beginAppearanceTransition(false, animated: true, by: self)
            if removesPresenter { beginPresenterAppearance(true, animated: true) }
            callHook { $0.dismissalTransitionWillBegin() }
            report(.dismissalWillBegin)
        }
        Self.runNonInteractive(context)
        if presenting, let view = presentationController.presentedView, view.superview === container {
            // Turned around, the way back ends where the dismissal started — which a resize or an adaptation
            // since may have moved: it heads for where the presented view belongs now.
            let target = presentationController.frameOfPresentedViewInContainerView
            presentationController.placedFrame = target
            if view.frame != target { view.frame = target }
        }
    }
}
