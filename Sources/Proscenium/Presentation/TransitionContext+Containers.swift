// MARK: - Transitions between a container's children

extension TransitionContext {
    /// A transition from `from`, whose view is in `containerView`, to `to`, run by `containerController`
    /// (a navigation controller's push or pop, or an app's own container moving between two children) with
    /// any `AnimatedTransitioning` animator, interactively when `interactionController` wants to start so.
    /// The animator adds `to`'s view to the container at `finalFrame(for:)` (the container's bounds unless
    /// `toFrame` says otherwise) and calls `completeTransition(_:)`; `completion` then gets whether it
    /// completed, and the container finishes its bookkeeping there (removing the view that left,
    /// `didMove(toParent:)`, the appearance callbacks' ends). While it runs, `transitionCoordinator` of the
    /// container and of both children is this context's coordinator: from `start()`, or before it once the
    /// container calls `beginCoordinating()` (UIKit's children see the coordinator in `viewWillAppear`, which
    /// a container calls before the transition starts).
    public convenience init(containerView: View, from: ViewController, to: ViewController, in containerController: ViewController,
                            toFrame: Rect? = nil, isAnimated: Bool, animator: AnimatedTransitioning,
                            interactionController: InteractiveTransitioning? = nil,
                            completion: @escaping @MainActor (Bool) -> Void) {
        self.init(containerController: containerController, containerView: containerView, from: from, to: to,
                  finalFrame: toFrame ?? containerView.bounds, isAnimated: isAnimated, animator: animator,
                  interactionController: interactionController, onComplete: completion)
    }

    /// Makes this context's coordinator the container's and its children's `transitionCoordinator` now,
    /// before `start()`: for the appearance callbacks a container begins first. Alongside animations added
    /// meanwhile join the transition when it starts.
    public func beginCoordinating() {
        guard !isFinished else { return }
        containerController?.runningTransition = self
    }

    /// Runs a container's transition: without animation, `to`'s view replaces `from`'s at once; under the
    /// interaction controller when it wants to start interactively; otherwise through the animator, whose
    /// interruptible animator (or first `View.animate`) alongside animations join. Starting a second time
    /// does nothing.
    public func start() {
        guard !isFinished, !hasStarted else { return }
        hasStarted = true
        containerController?.runningTransition = self
        guard isAnimated else {
            coordinator.runQueuedWithoutAnimation()
            if let to = viewController(forKey: .to), let from = viewController(forKey: .from) {
                View.performWithoutAnimation {
                    to.view.untransformedFrame = finalFrame(for: to)
                    containerView.addSubview(to.view)
                    if from.viewIfLoaded?.superview === containerView { from.view.removeFromSuperview() }
                }
            }
            completeTransition(true)
            return
        }
        if let interaction = interactionController, interaction.wantsInteractiveStart {
            isInteractive = true
            interaction.startInteractiveTransition(self)
            return
        }
        Presentation.runNonInteractive(self)
        interactionController?.transitionDidStartNonInteractively(self)
    }

    /// Ends a container's transition whose container is being freed: it completes, so its coordinator's
    /// completions and the animator's `animationEnded(_:)` run; the container's own bookkeeping has nothing
    /// left to keep.
    func containerWentAway() {
        guard presentationController == nil, !isFinished else { return }
        completeTransition(!transitionWasCancelled)
    }
}
