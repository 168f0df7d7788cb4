// MARK: - Dismissing

extension Presentation {
    /// Asks the window's stack to dismiss this presentation together with every presentation above it.
    /// With `interactive` false, no interaction controller is asked for: the dismissal runs by itself.
    func dismiss(animated: Bool, interactive: Bool = true, completion: (@MainActor () -> Void)?) {
        guard let stack = window?.presentationStack, !isTornDown else {
            completion?()
            return
        }
        stack.request(.dismiss(self, animated: animated, interactive: interactive, completion: completion))
    }

    /// Applies a dismissal request, UIKit's way: with presentations above, they all leave in one
    /// transition — the top one's, which animates — and the ones between leave with it, so no dismissal
    /// ever waits for another. One already leaving goes on as it is.
    func applyDismiss(animated: Bool, interactive: Bool, completion: (@MainActor () -> Void)?) {
        guard !isTornDown else {
            completion?()  // already gone (a cancelled presentation): nothing is left to dismiss
            return
        }
        guard phase != .dismissing, let stack = window?.presentationStack else { return }
        let chain = stack.chain(from: self)
        let top = chain[chain.count - 1]
        guard top !== self else {
            startLeaving(animated: animated, interactive: interactive, completion: completion)
            return
        }
        // Everything above a leaving presentation is leaving: those not yet leaving join the top's group.
        let joining = chain.dropLast().filter { $0.phase != .dismissing }
        for follower in joining { follower.leader = top }
        top.followers.append(contentsOf: joining.reversed())
        followerCompletion = completion
        let join = { for follower in joining.reversed() { follower.joinLeavingGroup() } }
        if top.phase == .dismissing {
            top.finishInteractionByItself()
            callingOut(join)
        } else {
            top.startLeaving(animated: animated, interactive: false, completion: nil, beforeRunning: join)
        }
    }

    /// Starts this presentation's own dismissal transition: from rest, or turned around from a running
    /// presentation. `beforeRunning` runs once its callbacks have run, before its animator starts.
    private func startLeaving(animated: Bool, interactive: Bool, completion: (@MainActor () -> Void)?,
                              beforeRunning: () -> Void = {}) {
        // Taken whatever the path: a turned-around presentation leaves by itself, and no later dismissal
        // may find a follower whose leader is long over.
        let following = followingInteraction
        followingInteraction = nil
        if phase == .presenting, let running = transition {
            turnAround(running, fallback: dismissalAnimator(), animated: animated, completion: completion,
                       beforeRunning: beforeRunning)
            return
        }
        guard phase == .presented || phase == .presenting else { return }
        let delegate = presented.transitioningDelegate
        let animator = dismissalAnimator()
        let interaction = animated && interactive
            ? following ?? delegate?.interactionControllerForDismissal(using: animator) ?? presentationController.interactionControllerForDismissal()
            : nil
        let context = TransitionContext(
            presentationController: presentationController, containerView: container, isPresenting: false,
            isAnimated: animated, style: presentationController.presentationStyle, animator: animator,
            interactionController: interaction) { [unowned self] completed in
                self.dismissalDidEnd(completed: completed, completion: completion)
            }
        callingOut {
            phase = .dismissing
            transition = context
            // Flutter's lesson: what is leaving takes no more touches; the content below is usable at once.
            container.isUserInteractionEnabled = false
            beginDismissalCallbacks(animated: animated)
            beforeRunning()
            run(context)
        }
    }

    /// Whether leaving puts the presenter's view back: this presentation took it out, and the presenter
    /// stays (it is not leaving in the same group).
    var restoresPresenterWhenLeaving: Bool {
        guard presentationController.shouldRemovePresentersView, presenterBelongsToWindow else { return false }
        guard let below = presenting?.presentation else { return true }
        return below.phase != .dismissing && below.leader == nil
    }

    /// A dismissal's first callbacks: the presenter's view back where this presentation took it out (and
    /// the presenter stays), `viewWillDisappear`, the presenter's `viewWillAppear`,
    /// `dismissalTransitionWillBegin`.
    func beginDismissalCallbacks(animated: Bool) {
        let restoresPresenter = restoresPresenterWhenLeaving
        if restoresPresenter { restorePresenterView() }
        presented.beginAppearanceTransition(false, animated: animated, by: self)
        if restoresPresenter { beginPresenterAppearance(true, animated: animated) }
        callHook { $0.dismissalTransitionWillBegin() }
        report(.dismissalWillBegin)
    }

    /// A leader already leaving under a finger takes followers: the interaction ends and the dismissal
    /// runs to its end by itself (the finger can no longer cancel what takes others along).
    private func finishInteractionByItself() {
        guard let context = transition, context.isInteractive else { return }
        context.finishInteractiveTransition()
        if let driver = context.interruptibleDriver {
            driver.isReversed = false
            driver.continueAnimation(withTimingParameters: nil, durationFactor: 1)
        }
    }

    /// Joins the group of `leader` (set already): a running presentation transition ends as interrupted,
    /// the presented view leaves at once (only the top of a group animates, as in UIKit), and the
    /// dismissal callbacks run; chrome animated alongside follows the leader's transition.
    private func joinLeavingGroup() {
        let interrupted = transition
        interrupted?.abandon()
        callingOut {
            transition = nil
            phase = .dismissing
            container.isUserInteractionEnabled = false
            if let interrupted {
                interrupted.coordinator.transitionWasInterrupted()
                callHook { $0.presentationTransitionDidEnd(false) }
                report(.presentationDidEnd, completed: false)
                interrupted.animator.animationEnded(false)
            }
            if let view = presentationController.presentedView, view.superview === container {
                view.removeFromSuperview()
                viewTakenOutByGroup = true
            }
            beginDismissalCallbacks(animated: leader?.transition?.isAnimated ?? false)
        }
    }

    func dismissalDidEnd(completed: Bool, completion: (@MainActor () -> Void)?) {
        guard let context = transition else { return }
        let group = followers
        followers = []
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
                endPresentedAppearance(ending: .dismissal)
                endPresenterAppearance()
                restoreFocus()
                completion?()
                // The group ends top to bottom: the one the dismissal was asked of completes last.
                for follower in group { follower.endWithGroup() }
            } else {
                // The ones below come back first, so this one finds its presenter where it was.
                for follower in group.reversed() { follower.returnWithGroup() }
                phase = .presented
                container.isUserInteractionEnabled = true
                // The dismissal left the presented view alone: a resize meanwhile applies now.
                container.setNeedsLayout()
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
            }
        }
    }

    /// The leader's dismissal completed: this follower ends too.
    private func endWithGroup() {
        callingOut {
            callHook { $0.dismissalTransitionDidEnd(true) }
            tearDown()
            report(.dismissalDidEnd, completed: true)
            endPresentedAppearance(ending: .dismissal)
            endPresenterAppearance()
            restoreFocus()
            let completion = followerCompletion
            followerCompletion = nil
            completion?()
        }
    }

    /// The leader's dismissal was cancelled: this follower is presented again, where it was.
    private func returnWithGroup() {
        callingOut {
            leader = nil
            followerCompletion = nil
            phase = .presented
            container.isUserInteractionEnabled = true
            if viewTakenOutByGroup, let view = presentationController.presentedView, view.superview == nil {
                view.untransformedFrame = presentationController.frameOfPresentedViewInContainerView
                container.addSubview(view)
            }
            viewTakenOutByGroup = false
            container.setNeedsLayout()
            callHook { $0.dismissalTransitionDidEnd(false) }
            if coveringPresentation == nil {
                presented.beginAppearanceTransition(true, animated: false, by: self)
                presented.endAppearanceTransition(by: self)
            }
            if presentationController.shouldRemovePresentersView, presenterBelongsToWindow {
                beginPresenterAppearance(false, animated: false)
                endPresenterAppearance()
                removePresenterView()
            }
            report(.dismissalDidEnd, completed: false)
        }
    }
}
