// MARK: - Running pushes and pops

extension NavigationController {
    /// Makes `newStack` the stack and moves from the old top screen to the new one by `operation`: the
    /// controllers joining get `willMove(toParent:)` now and `didMove(toParent:)` at the end, those leaving
    /// `willMove(toParent: nil)` now and `removeFromParent()` at the end; both tops get their appearance
    /// callbacks around the transition, which runs through the delegate's animator or the default slide.
    func transition(to newStack: [ViewController], operation: NavigationOperation, animated: Bool) {
        let oldStack = stack
        let added = newStack.filter { controller in !oldStack.contains { $0 === controller } }
        let removed = oldStack.filter { controller in !newStack.contains { $0 === controller } }
        for controller in added { addChild(controller) }
        for controller in removed { controller.beginRemovingFromParent() }
        stack = newStack
        let to = newStack.last!
        guard let from = oldStack.last, from !== to, isViewLoaded else {
            // Nothing moves on screen: a new root, the same top, or a view not loaded yet. The delegate
            // hears of a new top now if the controller is on screen, else as it appears.
            let newTop = oldStack.last !== to
            let shownNow = newTop && isViewLoaded && view.window != nil && appearanceState == .appeared
            if newTop { topAwaitsShowNotice = !shownNow }
            if shownNow {
                // Loaded first, as on the animated path: its viewDidLoad comes before willShow.
                _ = to.view
                delegate?.navigationController(self, willShow: to, animated: false)
            }
            if isViewLoaded, newTop {
                View.performWithoutAnimation {
                    to.view.untransformedFrame = contentView.bounds
                    contentView.addSubview(to.view)
                }
            }
            endingStackChange {
                finish(added: added, removed: removed)
                updateNavigationBar()
                if shownNow { delegate?.navigationController(self, didShow: to, animated: false) }
                dismissPresentations(of: removed, animated: animated)
            }
            return
        }
        // Appearing counts before this controller's view is in the window (its container begins the
        // appearance first): a push from the top screen's viewWillAppear makes the new screen appear.
        let onScreen = isAppearing
        barAwaitsTransition = true
        view.layoutIfNeeded()
        let animator = delegate?.navigationController(self, animationControllerFor: operation, from: from, to: to)
            ?? NavigationTransitionAnimator(operation: operation)
        let interaction = delegate?.navigationController(self, interactionControllerFor: animator)
            ?? (operation == .pop ? interactivePop : nil)
        let context = TransitionContext(containerView: contentView, from: from, to: to, in: self, toFrame: contentView.bounds,
                                        isAnimated: animated && view.window != nil, animator: animator,
                                        interactionController: interaction) { [weak self] completed in
            guard let self else { return }
            self.runningChange = nil
            self.endingStackChange {
                if completed {
                    self.transitionDidComplete(from: from, to: to, added: added, removed: removed, animated: animated)
                } else {
                    self.transitionWasCancelled(from: from, to: to, oldStack: oldStack, added: added, removed: removed)
                }
            }
        }
        // The screens see the transition's coordinator in their appearance callbacks, as in UIKit.
        context.beginCoordinating()
        // Loaded before it appears, as UIKit does: its viewDidLoad comes before willShow and viewWillAppear,
        // the children it adds there appear with it, and a push or pop it asks for waits.
        _ = to.view
        topAwaitsShowNotice = false
        delegate?.navigationController(self, willShow: to, animated: animated)
        if onScreen {
            // Owned by the transition: this controller's own appearance changes, forwarded to its children,
            // leave the two screens alone until it ends (see `settleAppearance`).
            from.beginAppearanceTransition(false, animated: animated, by: context)
            to.beginAppearanceTransition(true, animated: animated, by: context)
        }
        updateNavigationBar(operation: operation)
        runningChange = RunningStackChange(old: oldStack, new: newStack)
        context.start()
        dismissPresentations(of: removed, alongside: context)
    }

    private func transitionDidComplete(from: ViewController, to: ViewController, added: [ViewController], removed: [ViewController],
                                       animated: Bool) {
        View.performWithoutAnimation {
            if from.viewIfLoaded?.superview === contentView { from.view.removeFromSuperview() }
            if to.view.superview !== contentView { contentView.addSubview(to.view) }
            to.view.untransformedFrame = contentView.bounds
        }
        settleAppearance(of: from, shown: false, animated: animated)
        settleAppearance(of: to, shown: true, animated: animated)
        finish(added: added, removed: removed)
        delegate?.navigationController(self, didShow: to, animated: animated)
    }

    /// An interactive transition let go short of its end: the old top stays, the stack is as it was, and
    /// the appearance callbacks run the other way (as UIKit pairs them after a cancelled pop).
    private func transitionWasCancelled(from: ViewController, to: ViewController, oldStack: [ViewController],
                                        added: [ViewController], removed: [ViewController]) {
        View.performWithoutAnimation {
            if to.viewIfLoaded?.superview === contentView { to.view.removeFromSuperview() }
            from.view.untransformedFrame = contentView.bounds
        }
        stack = oldStack
        for controller in removed { controller.movingFromParent = false }
        settleAppearance(of: to, shown: false, animated: true)
        settleAppearance(of: from, shown: true, animated: true)
        for controller in added {
            controller.willMove(toParent: nil)
            controller.removeFromParent()
        }
        for controller in removed { controller.didMove(toParent: self) }
        updateNavigationBar()
        // A push turned around takes its screen away: what it presented meanwhile goes too.
        dismissPresentations(of: added, animated: true)
    }

    /// Brings a screen's appearance to where the ended transition leaves it, whatever came in between (this
    /// controller appearing or leaving meanwhile forwards its own callbacks to both screens). A screen out
    /// of the window ends disappeared. The top screen ends appeared when this controller is on screen and
    /// settled; while this controller itself appears or disappears, the top screen turns its way and this
    /// controller's own transition ends it.
    private func settleAppearance(of screen: ViewController, shown: Bool, animated: Bool) {
        screen.appearanceTransitionOwner = nil
        let state = screen.appearanceState
        let goingAway = state == .disappearing || state == .disappeared
        if !shown || (screen.viewIfLoaded?.window == nil && appearanceState != .appearing) {
            if !goingAway { screen.beginAppearanceTransition(false, animated: animated) }
            if screen.appearanceState == .disappearing { screen.endAppearanceTransition() }
            return
        }
        switch appearanceState {
        case .appeared:
            if goingAway { screen.beginAppearanceTransition(true, animated: animated) }
            screen.endAppearanceTransition()
        case .appearing:
            if goingAway { screen.beginAppearanceTransition(true, animated: animated) }
        case .disappearing, .disappeared:
            if !goingAway { screen.beginAppearanceTransition(false, animated: animated) }
        }
    }

    /// Ends the moves to and from the stack: `didMove(toParent:)` for those that joined, and the views and
    /// parent of those that left.
    private func finish(added: [ViewController], removed: [ViewController]) {
        for controller in removed {
            if controller.viewIfLoaded?.superview === contentView { controller.view.removeFromSuperview() }
            controller.removeFromParent()
        }
        for controller in added { controller.didMove(toParent: self) }
        adoptTopContentSize()
    }

    /// Runs `callbacks` (those that end a stack change), holding back the pushes and pops they ask for
    /// until all of them have run; then runs those.
    private func endingStackChange(_ callbacks: () -> Void) {
        isEndingStackChange = true
        callbacks()
        isEndingStackChange = false
        runPendingOperation()
    }

    /// Runs the next push or pop asked for during the transition that just ended.
    private func runPendingOperation() {
        guard !stackChangeRuns, !pendingOperations.isEmpty else { return }
        let next = pendingOperations.removeFirst()
        next()
        // One that ran at once (without animation, or refused) leaves the rest to run now.
        if !stackChangeRuns { runPendingOperation() }
    }
}
