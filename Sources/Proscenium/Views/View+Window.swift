// MARK: - The window a view is in, and the layout its subtree waits for

/// What a view knows of its place in a window without walking its superviews: the window itself (kept by
/// `link` and `unlinkFromSuperview`) and whether anything below it waits for layout.
extension View {
    /// The window the view is in: the one its superviews lead to.
    public var window: Window? {
        let window = knownWindow ?? self as? Window
        assert(window === windowThroughSuperviews, "a view's known window is not the one its superviews lead to")
        return window
    }

    /// The window found by walking up the superviews, which `knownWindow` keeps.
    var windowThroughSuperviews: Window? {
        var view: View? = self
        while let current = view {
            if let window = current as? Window { return window }
            view = current.superview
        }
        return nil
    }

    /// Sets the window of this view and of its subtree, which is always the same one; a window nested in
    /// another's tree is its own, and its subtree's.
    func setKnownWindow(_ newWindow: Window?) {
        guard knownWindow !== newWindow, !(self is Window) else { return }
        knownWindow = newWindow
        for subview in subviews { subview.setKnownWindow(newWindow) }
    }

    /// Marks this view and its superviews as holding a view that needs layout, up to one that already is.
    func markSubtreeNeedsLayout() {
        var view: View? = self
        while let current = view, !current.subtreeNeedsLayout || current === self {
            current.subtreeNeedsLayout = true
            view = current.superview
        }
    }
}
