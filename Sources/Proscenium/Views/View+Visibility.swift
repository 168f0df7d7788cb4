// MARK: - Whether a view can be seen, and hearing when it may be again

extension View {
    /// Whether the view or one of its superviews is hidden, so that nothing of it is drawn.
    var isHiddenOrHasHiddenAncestor: Bool {
        var view: View? = self
        while let current = view {
            if current.isHidden { return true }
            view = current.superview
        }
        return false
    }

    /// `isHidden` changed: a stack view above lays out again, and a shown view may uncover views of its
    /// window that wait under a hidden ancestor (see `Window.whenAViewIsShown(_:)`).
    func visibilityDidChange() {
        superview?.subviewVisibilityDidChange(self)
        if !isHidden, let window, !window.shownViewWatchers.isEmpty { window.viewWasShown() }
    }
}

extension Window {
    /// Runs `action` once, the next time a view of this window is shown (its `isHidden` set to false): how
    /// something that only works while seen (a spinner's timer) waits, at no cost, under a hidden ancestor
    /// such as a table cell put back in the reuse pool. Whoever registers checks again and, still hidden,
    /// registers again.
    func whenAViewIsShown(_ action: @escaping @MainActor () -> Void) {
        shownViewWatchers.append(action)
    }

    /// A view of the window was shown: every waiting action runs, once.
    func viewWasShown() {
        let watchers = shownViewWatchers
        shownViewWatchers = []
        for action in watchers { action() }
    }
}
