/// Where a view controller is in its appearance cycle.
enum AppearanceState {
    case disappeared, appearing, appeared, disappearing
}

// MARK: - Appearance transitions

extension ViewController {
    /// Whether the controller's view is on screen or on its way there.
    public var isAppearing: Bool { appearanceState == .appearing || appearanceState == .appeared }

    /// Starts an appearance transition: `viewWillAppear` (appearing) or `viewWillDisappear`, forwarded to
    /// the children whose views are inside this one. A second begin in the same direction is ignored; one
    /// in the other direction (a cancelled transition) pairs the callbacks, as UIKit does.
    public func beginAppearanceTransition(_ isAppearing: Bool, animated: Bool) {
        beginAppearanceTransition(isAppearing, animated: animated, by: nil)
    }

    /// Ends the appearance transition begun last: `viewDidAppear` or `viewDidDisappear`, then the children's.
    public func endAppearanceTransition() {
        endAppearanceTransition(by: nil)
    }

    /// Begins an appearance transition on behalf of `owner` (a presentation): the transition running
    /// after the call is the owner's, even if it was already going this way, because the last to turn it
    /// is the one that knows when it is over. Only the owner, or a caller without one, ends it.
    func beginAppearanceTransition(_ isAppearing: Bool, animated: Bool, by owner: AnyObject?) {
        defer {
            if appearanceState == (isAppearing ? .appearing : .disappearing) { appearanceTransitionOwner = owner }
        }
        if isAppearing {
            guard appearanceState == .disappeared || appearanceState == .disappearing else { return }
            appearanceState = .appearing
            appearanceIsAnimated = animated
            viewWillAppear(animated)
        } else {
            guard appearanceState == .appeared || appearanceState == .appearing else { return }
            appearanceState = .disappearing
            appearanceIsAnimated = animated
            viewWillDisappear(animated)
        }
        // A child a container's transition is moving (a screen being pushed) is that transition's to end.
        for child in childrenShownInView where child.appearanceTransitionOwner == nil {
            child.beginAppearanceTransition(isAppearing, animated: animated)
        }
    }

    /// Ends the transition running now if `owner` owns it (or either side has no owner).
    func endAppearanceTransition(by owner: AnyObject?) {
        if let owner, let current = appearanceTransitionOwner, current !== owner { return }
        appearanceTransitionOwner = nil
        switch appearanceState {
        case .appearing:
            appearanceState = .appeared
            viewDidAppear(appearanceIsAnimated)
        case .disappearing:
            appearanceState = .disappeared
            viewDidDisappear(appearanceIsAnimated)
        case .appeared, .disappeared:
            return
        }
        for child in childrenShownInView where child.appearanceTransitionOwner == nil { child.endAppearanceTransition() }
        appearanceTransitionDidEndInChildren()
    }

    /// Children whose views are loaded and inside this controller's view: those that appear with it.
    private var childrenShownInView: [ViewController] {
        guard let root = viewIfLoaded else { return [] }
        return childControllers.filter { $0.viewIfLoaded?.isDescendant(of: root) == true }
    }

    /// A child's view entered or left the window while its parent is on screen: the child appears or
    /// disappears with it (without animation). Root and presented controllers are driven explicitly.
    /// Mid-way through the parent's own appearance, a child added begins appearing with it (the parent's
    /// end ends it); a child taken out of the parent's view half-way through a transition of its own that
    /// nobody else drives ends it here, disappeared, so its callbacks stay balanced.
    func viewDidMoveToWindow() {
        guard let parent = parentController, let view = viewIfLoaded else { return }
        let onScreen = view.window != nil
        if onScreen, parent.appearanceState == .appeared, appearanceState == .disappeared {
            beginAppearanceTransition(true, animated: false)
            endAppearanceTransition()
        } else if !onScreen, appearanceState == .appeared {
            beginAppearanceTransition(false, animated: false)
            endAppearanceTransition()
        } else if appearanceTransitionOwner == nil {
            if onScreen, parent.appearanceState == .appearing, appearanceState == .disappeared {
                beginAppearanceTransition(true, animated: parent.appearanceIsAnimated)
            } else if !onScreen, !(parent.viewIfLoaded.map { view.isDescendant(of: $0) } ?? false) {
                if appearanceState == .appearing { beginAppearanceTransition(false, animated: false) }
                if appearanceState == .disappearing { endAppearanceTransition() }
            }
        }
    }
}
