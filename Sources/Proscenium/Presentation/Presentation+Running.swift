// MARK: - Animators and running a transition

extension Presentation {
    /// The animator that presents: a cross-fade under reduced motion, else the delegate's or the style's.
    static func presentationAnimator(for presented: ViewController, presenting: ViewController, source: ViewController,
                                     controller: PresentationController) -> AnimatedTransitioning {
        if AnimationSettings.reduceMotion { return CrossFadeTransitionAnimator(isPresenting: true) }
        return presented.transitioningDelegate?.animationController(forPresented: presented, presenting: presenting,
                                                                    source: source)
            ?? controller.defaultPresentationAnimator()
    }

    /// The animator that dismisses: a cross-fade under reduced motion, else the delegate's or the style's.
    func dismissalAnimator() -> AnimatedTransitioning {
        if AnimationSettings.reduceMotion { return CrossFadeTransitionAnimator(isPresenting: false) }
        return presented.transitioningDelegate?.animationController(forDismissed: presented)
            ?? presentationController.defaultDismissalAnimator()
    }

    // MARK: - Running a transition

    /// Runs the transition: at once without animation; under the interaction controller when it wants
    /// to start interactively; otherwise through the animator, whose interruptible animator (or first
    /// `View.animate`) alongside animations join.
    func run(_ context: TransitionContext) {
        guard context.isAnimated else {
            context.coordinator.runQueuedWithoutAnimation()
            if context.isPresenting, let view = presentationController.presentedView {
                view.untransformedFrame = presentationController.frameOfPresentedViewInContainerView
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
        // An interaction controller that let the transition start by itself may still take it over.
        context.interactionController?.transitionDidStartNonInteractively(context)
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
}
