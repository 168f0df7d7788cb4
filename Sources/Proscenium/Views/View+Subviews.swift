/// Adding, ordering and removing subviews, as `UIView` does; moves within one window keep animations,
/// touches and focus going.
extension View {
    /// Adds `view` above all other subviews, removing it from its old superview first.
    public func addSubview(_ view: View) {
        insertSubview(view, at: subviews.count)
    }

    /// Inserts `view` at `index` in `subviews` (clamped to the valid range), moving it if it is already a
    /// subview. Making a view a subview of itself or of its own descendant is a programming error.
    ///
    /// Moving a view to another superview in the same window is not leaving the window: its animations,
    /// the touch it tracks and keyboard focus inside it carry on, which re-hosting a presented controller
    /// or swapping containers in the middle of a transition relies on.
    public func insertSubview(_ view: View, at index: Int) {
        precondition(!isDescendant(of: view), "cannot add a view to itself or to one of its own subviews")
        if view.superview === self, let current = subviews.firstIndex(where: { $0 === view }) {
            moveSubview(at: current, to: index)
            view.setNeedsDisplay()
            return
        }
        let oldWindow = view.window
        let newWindow = window
        let changesWindow = oldWindow !== newWindow
        if changesWindow { view.notifyWillMove(toWindow: newWindow) }
        view.willMove(toSuperview: self)
        view.superview?.setNeedsLayout()
        view.detachFromSuperview(stayingIn: changesWindow ? nil : newWindow)
        link(view, at: index)
        view.didMoveToSuperview()
        if changesWindow { view.notifyMovedToWindow() } else { view.markSubtreeForDisplay() }
        view.window?.setNeedsTraitsUpdate(of: view)
        setNeedsLayout()
        didAddSubview(view)
    }

    /// Inserts `view` just below `sibling`; when `sibling` is not a subview, `view` goes on top.
    public func insertSubview(_ view: View, belowSubview sibling: View) {
        guard let index = subviews.firstIndex(where: { $0 === sibling }) else { return addSubview(view) }
        insertSubview(view, at: view.superview === self && (subviews.firstIndex { $0 === view } ?? 0) < index ? index - 1 : index)
    }

    /// Inserts `view` just above `sibling`; when `sibling` is not a subview, `view` goes on top.
    public func insertSubview(_ view: View, aboveSubview sibling: View) {
        let index = subviews.firstIndex { $0 === sibling }.map { $0 + 1 } ?? subviews.count
        insertSubview(view, at: view.superview === self && (subviews.firstIndex { $0 === view } ?? 0) < index ? index - 1 : index)
    }

    /// Moves a subview above all its siblings.
    public func bringSubviewToFront(_ view: View) {
        guard view.superview === self else { return }
        insertSubview(view, at: subviews.count)
    }

    /// Moves a subview below all its siblings.
    public func sendSubviewToBack(_ view: View) {
        guard view.superview === self else { return }
        insertSubview(view, at: 0)
    }

    /// Detaches the view from its superview and window; what it drew there is redrawn.
    public func removeFromSuperview() {
        guard let parent = superview else { return }
        let oldWindow = window
        if oldWindow != nil { notifyWillMove(toWindow: nil) }
        willMove(toSuperview: nil)
        parent.setNeedsLayout()
        detachFromSuperview(stayingIn: nil)
        didMoveToSuperview()
        if oldWindow != nil { notifyMovedToWindow() }
    }

    /// Unlinks the view from its superview. When it stays in `window` (a move within one window), only what
    /// it drew becomes damage; otherwise it leaves its window, which stops its animations and touch.
    fileprivate func detachFromSuperview(stayingIn window: Window?) {
        guard superview != nil else { return }
        if let window {
            window.viewWillMoveWithinWindow(self)
        } else {
            self.window?.viewWillLeaveWindow(self)
        }
        unlinkFromSuperview()
    }
}
