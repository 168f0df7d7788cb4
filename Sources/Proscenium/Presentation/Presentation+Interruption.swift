// MARK: - Interruption

extension Presentation {
    /// `present` of the controller being dismissed: the dismissal ends as cancelled and the presentation
    /// starts from where the views are. Nothing happens when the dismissal cannot be turned around: it is
    /// interactive or not animated, or it leaves in a group with others (as in UIKit, nothing presents
    /// what is being dismissed with its presenter). `source` is the controller `present` was called on.
    func presentAgain(source: ViewController, completion: (@MainActor () -> Void)?) {
        guard !isTornDown, phase == .dismissing, leader == nil, followers.isEmpty, let interrupted = transition,
              interrupted.isAnimated, !interrupted.isInteractive else {
            return
        }
        self.source = source
        let fallback = Self.presentationAnimator(for: presented, presenting: presenting ?? presented, source: source,
                                                 controller: presentationController)
        turnAround(interrupted, fallback: fallback, animated: true, completion: completion)
    }

    /// Ends `interrupted` as cancelled and starts the opposite transition right away: it turns the
    /// interrupted transition's interruptible animator around (a spring keeps its speed), or runs
    /// `fallback`, whose `View.animate` starts from the values on screen with the running springs'
    /// velocity. The phase changes before the "did end" hook, so the presentation controller can tell
    /// an interruption from a cancellation.
    /// Not `animated`, the opposite transition completes at once.
    func turnAround(_ interrupted: TransitionContext, fallback: AnimatedTransitioning, animated: Bool,
                    completion: (@MainActor () -> Void)?, beforeRunning: () -> Void = {}) {
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
            startOpposite(of: interrupted, presenting: presenting, animator: animator, animated: animated,
                          completion: completion, beforeRunning: beforeRunning)
        }
    }

    /// The second half of `turnAround`: the opposite transition's context, callbacks and animator.
    private func startOpposite(of interrupted: TransitionContext, presenting: Bool, animator: AnimatedTransitioning,
                               animated: Bool, completion: (@MainActor () -> Void)?, beforeRunning: () -> Void) {
        let context = TransitionContext(
            presentationController: presentationController, containerView: container, isPresenting: presenting,
            isAnimated: animated, style: presentationController.presentationStyle, animator: animator,
            interactionController: nil) { [unowned self] completed in
                if presenting {
                    presentationDidEnd(completed: completed, completion: completion)
                } else {
                    dismissalDidEnd(completed: completed, completion: completion)
                }
            }
        transition = context
        if presenting {
            if presentationController.shouldRemovePresentersView && presenterBelongsToWindow {
                beginPresenterAppearance(false, animated: true)
            }
            presented.beginAppearanceTransition(true, animated: true, by: self)
            callHook { $0.presentationTransitionWillBegin() }
            report(.presentationWillBegin)
        } else {
            beginDismissalCallbacks(animated: animated)
        }
        beforeRunning()
        if animated { Self.runNonInteractive(context) } else { run(context) }
        if presenting, let view = presentationController.presentedView, view.superview === container {
            // Turned around, the way back ends where the dismissal started — which a resize or an adaptation
            // since may have moved: it heads for where the presented view belongs now.
            let target = presentationController.frameOfPresentedViewInContainerView
            presentationController.placedFrame = target
            if view.untransformedFrame != target { view.untransformedFrame = target }
        }
    }
}
