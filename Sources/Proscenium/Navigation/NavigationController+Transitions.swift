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
            // Nothing moves on screen: a new root, the same top, or a view not loaded yet.
            if isViewLoaded, oldStack.last !== to {
                View.performWithoutAnimation {
                    to.view.untransformedFrame = contentView.bounds
                    contentView.addSubview(to.view)
                }
            }
            finish(added: added, removed: removed)
            updateNavigationBar()
            return
        }
        let onScreen = view.window != nil && isAppearing
        view.layoutIfNeeded()
        let animator = delegate?.navigationController(self, animationControllerFor: operation, from: from, to: to)
            ?? NavigationTransitionAnimator(operation: operation)
        let interaction = delegate?.navigationController(self, interactionControllerFor: animator)
            ?? (operation == .pop ? interactivePop : nil)
        let context = TransitionContext(containerView: contentView, from: from, to: to, in: self, toFrame: contentView.bounds,
                                        isAnimated: animated && view.window != nil, animator: animator,
                                        interactionController: interaction) { [weak self] completed in
            guard let self else { return }
            if completed {
                self.transitionDidComplete(from: from, to: to, added: added, removed: removed, onScreen: onScreen, animated: animated)
            } else {
                self.transitionWasCancelled(from: from, to: to, oldStack: oldStack, added: added, removed: removed, onScreen: onScreen)
            }
            self.runPendingOperation()
        }
        // The screens see the transition's coordinator in their appearance callbacks, as in UIKit.
        context.beginCoordinating()
        delegate?.navigationController(self, willShow: to, animated: animated)
        if onScreen {
            from.beginAppearanceTransition(false, animated: animated)
            to.beginAppearanceTransition(true, animated: animated)
        }
        updateNavigationBar()
        context.start()
        dismissPresentations(of: removed, alongside: context)
    }

    private func transitionDidComplete(from: ViewController, to: ViewController, added: [ViewController], removed: [ViewController],
                                       onScreen: Bool, animated: Bool) {
        View.performWithoutAnimation {
            if from.viewIfLoaded?.superview === contentView { from.view.removeFromSuperview() }
            if to.view.superview !== contentView { contentView.addSubview(to.view) }
            to.view.untransformedFrame = contentView.bounds
        }
        if onScreen {
            from.endAppearanceTransition()
            to.endAppearanceTransition()
        }
        finish(added: added, removed: removed)
        delegate?.navigationController(self, didShow: to, animated: animated)
    }

    /// An interactive transition let go short of its end: the old top stays, the stack is as it was, and
    /// the appearance callbacks run the other way (as UIKit pairs them after a cancelled pop).
    private func transitionWasCancelled(from: ViewController, to: ViewController, oldStack: [ViewController],
                                        added: [ViewController], removed: [ViewController], onScreen: Bool) {
        View.performWithoutAnimation {
            if to.viewIfLoaded?.superview === contentView { to.view.removeFromSuperview() }
            from.view.untransformedFrame = contentView.bounds
        }
        stack = oldStack
        for controller in removed { controller.movingFromParent = false }
        if onScreen {
            to.beginAppearanceTransition(false, animated: true)
            to.endAppearanceTransition()
            from.beginAppearanceTransition(true, animated: true)
            from.endAppearanceTransition()
        }
        for controller in added {
            controller.willMove(toParent: nil)
            controller.removeFromParent()
        }
        for controller in removed { controller.didMove(toParent: self) }
        updateNavigationBar()
    }

    /// Ends the moves to and from the stack: `didMove(toParent:)` for those that joined, and the views and
    /// parent of those that left.
    private func finish(added: [ViewController], removed: [ViewController]) {
        for controller in removed {
            if controller.viewIfLoaded?.superview === contentView { controller.view.removeFromSuperview() }
            controller.removeFromParent()
        }
        for controller in added { controller.didMove(toParent: self) }
    }

    /// Runs the next push or pop asked for during the transition that just ended.
    private func runPendingOperation() {
        guard runningTransition == nil, !pendingOperations.isEmpty else { return }
        let next = pendingOperations.removeFirst()
        next()
        // One that ran at once (without animation, or refused) leaves the rest to run now.
        if runningTransition == nil { runPendingOperation() }
    }
}
